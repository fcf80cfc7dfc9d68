"""Global and thread-local configuration (``chainer.config``).

Global values are stored as class attributes of the thread-local config class, so reading an
entry (``chainer.config.train``) is one C-level attribute lookup: the thread's own value if
one was set with :func:`using_config`, else the global one. This keeps the lookups that
``FunctionNode.apply`` does on every call cheap.
"""
import sys
import threading


class _Values:
    """Holds the global configuration entries as class attributes."""


def _entries(namespace):
    return {k: v for k, v in namespace.items() if not k.startswith('__')}


class GlobalConfig:
    """The process-wide configuration; every thread falls back to it."""

    def __getattr__(self, name):
        try:
            return _Values.__dict__[name]
        except KeyError:
            raise AttributeError('global configuration has no entry %r' % name) from None

    def __setattr__(self, name, value):
        setattr(_Values, name, value)

    def __delattr__(self, name):
        delattr(_Values, name)

    def show(self, file=None):
        """Prints the configuration entries, sorted by name."""
        _show(_entries(_Values.__dict__), file)


class LocalConfig(threading.local, _Values):
    """Thread-local configuration that falls back to the :class:`GlobalConfig` values."""

    # No ``__getattr__`` here: defining one would route every attribute read through a
    # Python-level hook (about 3x slower); a missing entry raises the default AttributeError.

    def __init__(self, global_config=None):
        pass

    def show(self, file=None):
        """Prints the effective configuration of this thread, sorted by name."""
        entries = _entries(_Values.__dict__)
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
