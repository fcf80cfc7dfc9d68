"""Thread-local registry of the function hooks entered with ``with hook:``."""
import collections
import threading


class _Local(threading.local):
    hooks = None


_local = _Local()


def global_hooks():
    """Returns the ordered dict (name -> FunctionHook) active in this thread."""
    hooks = _local.hooks
    if hooks is None:
        hooks = _local.hooks = collections.OrderedDict()
    return hooks


def active_hooks():
    """Returns the active hooks dict, or None when none is registered (cheap check)."""
    hooks = _local.hooks
    return hooks if hooks else None
