"""The ``chainer`` import namespace shared by the Chainer 8 distributions.

``chainer`` is split into five pip distributions that install into one import
namespace: chainer-core ships ``chainer/__init__.py`` and everything not listed
below; the others add subpackages. When a subpackage's distribution is not
installed, importing it raises an :class:`ImportError` whose message names the
pip package to install, and :func:`lazy_submodule` lets ``chainer.links`` and
friends resolve on first attribute access without ``import chainer`` importing
the sibling distributions eagerly.
"""

import importlib
import importlib.abc
import sys

# subpackage -> pip distribution that ships it
DISTRIBUTIONS = {
    'chainer.dataset': 'chainer-datasets',
    'chainer.datasets': 'chainer-datasets',
    'chainer.exporters': 'chainer-caffe',
    'chainer.iterators': 'chainer-datasets',
    'chainer.links': 'chainer-links',
    'chainer.links.caffe': 'chainer-caffe',
    'chainer.training': 'chainer-training',
}

# package -> names resolved lazily as attributes of that package
_LAZY = {}
for _name in DISTRIBUTIONS:
    _parent, _, _child = _name.rpartition('.')
    _LAZY.setdefault(_parent, frozenset())
    _LAZY[_parent] |= {_child}
del _name, _parent, _child


def missing_message(fullname):
    """Returns the message of the error raised when ``fullname`` is not installed."""
    dist = DISTRIBUTIONS[fullname]
    return (f'{fullname} is provided by the {dist} distribution, which is not '
            f'installed: pip install {dist}')


class MissingDistributionFinder(importlib.abc.MetaPathFinder):
    """Meta path finder that explains which distribution provides a subpackage.

    It sits last on :data:`sys.meta_path`, so it is consulted only after every
    other finder failed to find one of the subpackages in ``DISTRIBUTIONS``; it
    then raises :class:`ModuleNotFoundError` naming the pip package to install.
    For every other module it returns ``None``.
    """

    def find_spec(self, fullname, path=None, target=None):
        if fullname in DISTRIBUTIONS and _searches_parent_package(fullname, path):
            raise ModuleNotFoundError(missing_message(fullname), name=fullname)
        return None

    def __repr__(self):
        return f'<{__name__}.{type(self).__name__}>'


def _searches_parent_package(fullname, path):
    # True for an import of ``fullname``: the import system searches the parent package's
    # ``__path__``. A tool probing the finders with one folder of its own (pytest's importlib
    # import mode does) is not told that a distribution is missing.
    parent = sys.modules.get(fullname.rpartition('.')[0])
    return path is None or list(path) == list(getattr(parent, '__path__', ()))


def install():
    """Appends :class:`MissingDistributionFinder` to ``sys.meta_path`` once."""
    if not any(isinstance(f, MissingDistributionFinder) for f in sys.meta_path):
        sys.meta_path.append(MissingDistributionFinder())


def lazy_submodule(name, package='chainer'):
    """Imports and returns the subpackage ``package.name`` that lives in a sibling distribution.

    Meant for a module-level ``__getattr__``. Raises :class:`AttributeError`
    when ``name`` is not such a subpackage of ``package``, and
    :class:`ImportError` naming the pip package when its distribution is not
    installed.
    """
    if name not in _LAZY.get(package, ()):
        raise AttributeError(f'module {package!r} has no attribute {name!r}')
    return importlib.import_module(f'{package}.{name}')
