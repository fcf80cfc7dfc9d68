"""Final methods: :func:`enable_final` and :func:`final` (``chainer.utils.meta``)."""
import warnings


class _EnableFinal(type):
    """Metaclass that rejects (or warns about) overriding methods decorated with :func:`final`."""

    def __init__(cls, name, bases, namespace):
        super().__init__(name, bases, namespace)
        for attr in namespace:
            for base in cls.__mro__[1:]:
                base_attr = base.__dict__.get(attr)
                if base_attr is None:
                    continue
                action = getattr(base_attr, '__chainer_final_action__', None)
                if action is not None:
                    # (v7's messages)
                    if issubclass(action, Warning):
                        warnings.warn("Overriding method '{}'.".format(attr), action,
                                      stacklevel=3)
                    else:
                        raise action("method '{}' is final.".format(attr))
                break


def enable_final(base=(), meta_base=()):
    """Returns a base class whose subclasses may declare methods :func:`final`.

    Args:
        base (type or tuple of types): Base classes of the returned class.
        meta_base (type or tuple of types): Base metaclasses (needed when a descendant uses
            another metaclass, to avoid a metaclass conflict).
    """
    if not isinstance(base, (list, tuple)):
        base = (base,)
    if not isinstance(meta_base, (list, tuple)):
        meta_base = (meta_base,)
    metaclass = type('_EnableFinalMeta', (_EnableFinal,) + tuple(meta_base), {})
    return metaclass('_EnableFinalBase', tuple(base), {'__module__': __name__})


def final(*args, **kwargs):
    """Declares a method final: overriding it in a subclass raises ``TypeError``.

    Use as ``@final`` or ``@final(action=SomeWarning)``; ``action`` is the exception class to
    raise, or a :class:`Warning` subclass to warn with instead. The class must derive from a
    base returned by :func:`enable_final`.
    """
    def wrap(f, action=TypeError):
        f.__chainer_final_action__ = action
        return f

    if args and callable(args[0]) and not kwargs:
        if len(args) != 1:
            raise TypeError('final takes one method')
        return wrap(args[0])
    if args:
        raise TypeError('final takes only the keyword argument action')
    action = kwargs.pop('action', TypeError)
    if kwargs:
        raise TypeError('unexpected keyword arguments: {}'.format(', '.join(kwargs)))
    return lambda f: wrap(f, action)
