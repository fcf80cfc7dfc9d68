"""Thread-local registry of the function hooks entered with ``with hook:``."""
import collections
import threading

_local = threading.local()


def global_hooks():
    """Returns the ordered dict (name -> FunctionHook) active in this thread."""
    try:
        return _local.hooks
    except AttributeError:
        hooks = _local.hooks = collections.OrderedDict()
        return hooks


def active_hooks():
    """Returns the active hooks dict, or None when none is registered (cheap check)."""
    hooks = getattr(_local, 'hooks', None)
    return hooks if hooks else None
