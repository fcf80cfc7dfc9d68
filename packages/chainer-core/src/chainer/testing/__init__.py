"""Testing utilities of Chainer (``chainer.testing``), usable by third-party test suites."""
# ruff: noqa: F401
from chainer.testing import array
from chainer.testing import attr
from chainer.testing import condition
from chainer.testing import helper
from chainer.testing import parameterized
from chainer.testing.array import assert_allclose
from chainer.testing.backend import BackendConfig
from chainer.testing.backend import inject_backend_tests
from chainer.testing.function_link import FunctionTestBase
from chainer.testing.function_link import FunctionTestCase
from chainer.testing.function_link import FunctionTestError
from chainer.testing.helper import assert_warns
from chainer.testing.helper import patch
from chainer.testing.helper import with_requires
from chainer.testing.helper import without_requires
from chainer.testing.matrix import generate_matrix
from chainer.testing.parameterized import from_pytest_parameterize
from chainer.testing.parameterized import parameterize
from chainer.testing.parameterized import parameterize_pytest
from chainer.testing.parameterized import product
from chainer.testing.parameterized import product_dict
from chainer.testing.random import fix_random
from chainer.testing.random import generate_seed
from chainer.testing.training import get_trainer_with_mock_updater
from chainer.testing.unary_math_function_test import unary_math_function_unittest


def run_module(name, file):
    """Runs the tests of the calling file with pytest when it is executed as a script.

    Put ``testing.run_module(__name__, __file__)`` at the end of a test file.

    Args:
        name (str): ``__name__`` of the file.
        file (str): ``__file__`` of the file.
    """
    if name == '__main__':
        import pytest
        pytest.main([file, '-vvs', '-x', '--pdb'])


_LAZY = {
    # Link test templates and serializer helpers load what they test on first use.
    'LinkTestCase': ('_link_tests', 'LinkTestCase'),
    'LinkInitializersTestCase': ('_link_tests', 'LinkInitializersTestCase'),
    'InitializerArgument': ('_link_tests', 'InitializerArgument'),
    'LinkTestError': ('_link_tests', 'LinkTestError'),
    'distribution_unittest': ('distribution_test', 'distribution_unittest'),
    'save_and_load': ('serializer', 'save_and_load'),
    'save_and_load_npz': ('serializer', 'save_and_load_npz'),
    'save_and_load_hdf5': ('serializer', 'save_and_load_hdf5'),
}


# attributes of the package in v7 too (imported there at package import)
_LAZY_SUBMODULES = ('distribution_test', 'serializer')


def __getattr__(name):
    import importlib
    if name in _LAZY:
        module_name, attribute = _LAZY[name]
        module = importlib.import_module('chainer.testing.' + module_name)
        return getattr(module, attribute)
    if name in _LAZY_SUBMODULES:
        return importlib.import_module('chainer.testing.' + name)
    raise AttributeError('module %r has no attribute %r' % (__name__, name))


def __dir__():
    return sorted(set(globals()) | set(_LAZY) | set(_LAZY_SUBMODULES))
