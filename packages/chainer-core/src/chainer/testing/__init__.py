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
from chainer.testing.helper import assert_warns
from chainer.testing.helper import patch
from chainer.testing.helper import with_requires
from chainer.testing.parameterized import parameterize
from chainer.testing.parameterized import product
from chainer.testing.parameterized import product_dict
from chainer.testing.random import fix_random
from chainer.testing.training import get_trainer_with_mock_updater
from chainer.testing.unary_math_function_test import unary_math_function_unittest


def __getattr__(name):
    # Link test templates and serializer helpers live with the parts they test.
    if name in ('LinkTestCase', 'LinkInitializersTestCase', 'InitializerArgument',
                'LinkTestError'):
        from chainer.testing import _link_tests
        return getattr(_link_tests, name)
    if name in ('save_and_load', 'save_and_load_npz', 'save_and_load_hdf5'):
        from chainer.testing import serializer
        return getattr(serializer, name)
    raise AttributeError('module %r has no attribute %r' % (__name__, name))
