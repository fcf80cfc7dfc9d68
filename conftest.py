"""pytest configuration of the repository: the namespace of the ``>>>`` docstring examples.

The examples in the sources are checked by ``pytest --doctest-modules packages/*/src`` (the
``tests`` nox session runs it). As in Chainer's documentation they use ``np``, ``chainer``,
``F`` (:mod:`chainer.functions`) and ``L`` (:mod:`chainer.links`, when chainer-links is
installed) without importing them.
"""
import importlib

import pytest


@pytest.fixture(scope='session')
def doctest_namespace():
    """The globals every doctest starts with (overrides pytest's empty ``doctest_namespace``)."""
    import numpy

    import chainer
    import chainer.functions
    names = {'np': numpy, 'chainer': chainer, 'F': chainer.functions}
    try:
        names['L'] = importlib.import_module('chainer.links')
    except ImportError:  # chainer-links is not installed (nor are its examples collected)
        pass
    return names
