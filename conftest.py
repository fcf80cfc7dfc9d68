"""pytest configuration of the repository: the namespace of the ``>>>`` docstring examples,
and the loader of the benchmarks of ``tools/bench`` that the ``bench_tests`` check.

The examples in the sources are checked by ``pytest --doctest-modules packages/*/src`` (the
``tests`` nox session runs it). As in Chainer's documentation they use ``np``, ``chainer``,
``F`` (:mod:`chainer.functions`) and ``L`` (:mod:`chainer.links`, when chainer-links is
installed) without importing them.

Every test starts from NumPy's and Python's global random generators seeded from its own node
id, so a run is reproducible whatever the order or the worker a test lands on; set
``CHAINER8_TEST_SEED`` to draw other data (how the suite is swept for tolerance flakes).
"""
import importlib
import importlib.util
import os
import pathlib
import random
import zlib

import numpy
import pytest

_BENCH_DIRECTORY = pathlib.Path(__file__).resolve().parent / 'tools' / 'bench'


@pytest.fixture(autouse=True)
def _seeded_random(request):
    """Seeds the global random generators from the test's node id (and ``CHAINER8_TEST_SEED``)."""
    key = os.environ.get('CHAINER8_TEST_SEED', '') + request.node.nodeid
    seed = zlib.crc32(key.encode())
    numpy.random.seed(seed)
    random.seed(seed)


@pytest.fixture(scope='session')
def doctest_namespace():
    """The globals every doctest starts with (overrides pytest's empty ``doctest_namespace``)."""
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
