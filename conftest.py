"""pytest configuration of the repository: the namespace of the ``>>>`` docstring examples,
and the loader of the benchmarks of ``tools/bench`` that the ``bench_tests`` check.

The examples in the sources are checked by ``pytest --doctest-modules packages/*/src`` (the
``tests`` nox session runs it). As in Chainer's documentation they use ``np``, ``chainer``,
``F`` (:mod:`chainer.functions`) and ``L`` (:mod:`chainer.links`, when chainer-links is
installed) without importing them.
"""
import importlib
import importlib.util
import pathlib

import pytest

_BENCH_DIRECTORY = pathlib.Path(__file__).resolve().parent / 'tools' / 'bench'


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


@pytest.fixture
def load_bench():
    """``load_bench(name)`` loads ``tools/bench/<name>.py`` as a fresh module (its ``main``
    does not run)."""
    def load(name):
        spec = importlib.util.spec_from_file_location(
            name + '_bench', _BENCH_DIRECTORY / (name + '.py'))
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    return load
