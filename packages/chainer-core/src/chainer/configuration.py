"""Global and thread-local configuration (``chainer.config``)."""
import contextlib
import sys
import threading


class GlobalConfig:
    """The process-wide configuration; every thread falls back to it."""

    def show(self, file=None):
        """Prints the configuration entries, sorted by name."""
        _show(self.__dict__, file)


class LocalConfig(threading.local):
    """Thread-local configuration that falls back to a :class:`GlobalConfig`."""

    def __init__(self, global_config):
        super().__setattr__('_global', global_config)

    def __getattr__(self, name):
        return getattr(self._global, name)

    def __delattr__(self, name):
        try:
            super().__delattr__(name)
        except AttributeError:
            pass

    def show(self, file=None):
        """Prints the effective configuration of this thread, sorted by name."""
        entries = dict(self._global.__dict__)
        entries.update({k: v for k, v in self.__dict__.items() if k != '_global'})
        _show(entries, file)


def _show(entries, file):
    file = sys.stdout if file is None else file
    width = max((len(k) for k in entries), default=0)
    for key in sorted(entries):
        file.write('{}{} {}\n'.format(key, ' ' * (width - len(key)), entries[key]))


_MISSING = object()


@contextlib.contextmanager
def using_config(name, value, config=None):
    """Context manager that temporarily sets one configuration entry.

    Args:
        name (str): Name of the entry.
        value: Value used inside the ``with`` block.
        config: The configuration object (``chainer.config`` by default).
    """
    if config is None:
        import chainer
        config = chainer.config
    old = config.__dict__.get(name, _MISSING)
    setattr(config, name, value)
    try:
        yield
    finally:
        if old is _MISSING:
            delattr(config, name)
        else:
            setattr(config, name, old)


global_config = GlobalConfig()
config = LocalConfig(global_config)
