"""Global and thread-local configuration (``chainer.config``).

Each :class:`GlobalConfig` keeps its entries as class attributes of a class of its own, and a
:class:`LocalConfig` is an instance of a thread-local class derived from that class.  Reading an
entry (``chainer.config.train``) is therefore one C-level attribute lookup: the thread's own value
if one was set with :func:`using_config`, else the global one.  This keeps the lookups that
``FunctionNode.apply`` does on every call cheap.
"""
import sys
import threading


class GlobalConfig:
    """The process-wide configuration; every thread falls back to it."""

    __slots__ = ('_values', '__dict__')

    def __init__(self):
        # The class whose attributes the thread-local configurations inherit.
        object.__setattr__(self, '_values', type('_GlobalValues', (), {}))

    def __getattr__(self, name):
        raise AttributeError(
            '{!r} object has no attribute {!r}'.format(type(self).__name__, name))

    def __setattr__(self, name, value):
        self.__dict__[name] = value
        setattr(self._values, name, value)

    def __delattr__(self, name):
        del self.__dict__[name]
        delattr(self._values, name)

    def show(self, file=None):
        """Prints the configuration entries, sorted by name."""
        _show(self.__dict__, file)


class LocalConfig(threading.local):
    """Thread-local configuration that falls back to the given :class:`GlobalConfig`."""

    # No ``__getattr__`` here: defining one would route every attribute read through a
    # Python-level hook (about 3x slower); a missing entry raises the default AttributeError.

    def __new__(cls, global_config):
        # A class of its own per global configuration, inheriting its entries.
        derived = type(cls.__name__, (cls, global_config._values), {
            '__module__': cls.__module__, '__qualname__': cls.__qualname__,
            '_global': global_config})
        return super().__new__(derived, global_config)

    def __init__(self, global_config):
        pass

    def show(self, file=None):
        """Prints the effective configuration of this thread, sorted by name."""
        entries = dict(self._global.__dict__)
        entries.update(self.__dict__)
        _show(entries, file)


def _show(entries, file):
    file = sys.stdout if file is None else file
    width = max((len(k) for k in entries), default=0)
    for key in sorted(entries):
        file.write('{}{} {}\n'.format(key, ' ' * (width - len(key)), entries[key]))


_MISSING = object()


class _UsingConfig:
    """The context manager returned by :func:`using_config` (a class: cheaper than a
    generator, which matters for the backward walk that enters one per call)."""

    __slots__ = ('_name', '_value', '_config', '_old')

    def __init__(self, name, value, config):
        self._name = name
        self._value = value
        self._config = config

    def __enter__(self):
        config = self._config
        name = self._name
        if isinstance(config, LocalConfig):
            self._old = config.__dict__.get(name, _MISSING)
        else:
            self._old = getattr(config, name, _MISSING)
        setattr(config, name, self._value)

    def __exit__(self, *exc_info):
        if self._old is _MISSING:
            delattr(self._config, self._name)
        else:
            setattr(self._config, self._name, self._old)


def using_config(name, value, config=None):
    """Context manager that temporarily sets one configuration entry.

    Args:
        name (str): Name of the entry.
        value: Value used inside the ``with`` block.
        config: The configuration object (``chainer.config`` by default).

    .. admonition:: Example

        >>> chainer.config.train
        True
        >>> with chainer.using_config('train', False):
        ...     chainer.config.train
        False
        >>> chainer.config.train  # restored when the block exits
        True
    """
    if config is None:
        config = globals()['config']
    return _UsingConfig(name, value, config)


global_config = GlobalConfig()
config = LocalConfig(global_config)
