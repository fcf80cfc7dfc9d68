"""Third-party trainer extensions, registered by other distributions under the entry-point
group ``chainer.training.extensions``.

The group is read lazily, on the first lookup of a name that is not built in (attribute
access on :mod:`chainer.training.extensions`, ``Trainer.extend('<name>')``, or
:func:`available`); each plugin is imported on its first use. A plugin that fails to import
or whose name collides with a built-in extension is skipped with a warning naming it and its
distribution; it never breaks ``import chainer.training``.
"""
import importlib
import importlib.metadata
import threading
import warnings

GROUP = 'chainer.training.extensions'

_lock = threading.RLock()
_entry_points = None  # name -> EntryPoint, once discovered
_loaded = {}  # name -> the loaded object
_failed = set()  # names whose import failed (warned once)


def _extensions_module():
    return importlib.import_module('chainer.training.extensions')


def _builtin_names():
    return {name for name in vars(_extensions_module()) if not name.startswith('_')}


def _distribution(entry_point):
    dist = getattr(entry_point, 'dist', None)
    return getattr(dist, 'name', None) or '<unknown distribution>'


def _discover():
    global _entry_points
    with _lock:
        if _entry_points is not None:
            return _entry_points
        builtins = _builtin_names()
        found = {}
        for ep in importlib.metadata.entry_points(group=GROUP):
            if ep.name in builtins:
                warnings.warn(
                    'chainer.training.extensions: the plugin {!r} of the distribution {!r} '
                    'is ignored: its name is taken by a built-in extension'.format(
                        ep.name, _distribution(ep)))
                continue
            if ep.name in found:
                if _distribution(found[ep.name]) != _distribution(ep):
                    warnings.warn(
                        'chainer.training.extensions: the plugin {!r} of the distribution {!r}'
                        ' is ignored: the distribution {!r} registered the same name'.format(
                            ep.name, _distribution(ep), _distribution(found[ep.name])))
                continue
            found[ep.name] = ep
        _entry_points = found
        return found


def _load(name):
    """Returns the plugin object registered under ``name``, or None (unknown or broken)."""
    with _lock:
        if name in _loaded:
            return _loaded[name]
        ep = _discover().get(name)
        if ep is None or name in _failed:
            return None
        try:
            obj = ep.load()
        except Exception as e:
            _failed.add(name)
            warnings.warn(
                'chainer.training.extensions: the plugin {!r} of the distribution {!r} '
                'failed to load ({}: {})'.format(name, _distribution(ep), type(e).__name__, e))
            return None
        _loaded[name] = obj
        return obj


def names():
    """Returns the names registered by plugins (without importing them)."""
    return sorted(_discover())


def get_attribute(name):
    """The module ``__getattr__`` of :mod:`chainer.training.extensions`: a plugin object."""
    if not name.startswith('__'):
        obj = _load(name)
        if obj is not None:
            return obj
    raise AttributeError(
        "module 'chainer.training.extensions' has no attribute {!r}".format(name))


def available():
    """Returns ``{name: distribution}`` of the third-party extensions that load.

    Every registered plugin is imported; a broken one is left out with a warning.
    """
    entry_points = _discover()
    return {name: _distribution(ep) for name, ep in sorted(entry_points.items())
            if _load(name) is not None}


def _is_extension(obj):
    # A ready extension object (e.g. a function made with make_extension) rather than a
    # class or a factory building one.
    return not isinstance(obj, type) and hasattr(obj, 'default_name')


def build(name, kwargs):
    """Returns the extension named ``name``: a built-in or plugin extension object as is, or
    what its class (or factory) returns when called with ``kwargs``.

    Raises:
        ValueError: ``name`` is neither a built-in extension nor a loadable plugin.
    """
    module = _extensions_module()
    if name.startswith('_'):
        obj = None
    elif name in vars(module):
        obj = vars(module)[name]
    else:
        obj = _load(name)
    if obj is None or isinstance(obj, type(module)):
        raise ValueError(
            'extension {!r} is neither a built-in extension nor a loadable plugin '
            '(chainer.training.extensions.available() lists the plugins)'.format(name))
    if _is_extension(obj):
        if kwargs:
            raise TypeError('extension {!r} takes no arguments, got {}'.format(
                name, ', '.join(sorted(kwargs))))
        return obj
    return obj(**kwargs)


def _reset():
    # Forgets what was discovered and loaded (for tests that install plugins at run time).
    global _entry_points
    with _lock:
        _entry_points = None
        _loaded.clear()
        _failed.clear()
