"""The smaller parts of chainer.testing: availability checks, matrices, seeds, decorators."""
import random
import sys
import types
import unittest
from unittest import mock

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.testing import _bundle
from chainer.testing import attr
from chainer.testing import doctest_helper
from chainer.testing import helper
from chainer.testing import training as testing_training
from chainer.testing import unary_math_function_test


def test_attr_availability():
    assert attr.is_available() and attr.get_error() is None
    attr.check_available()
    with mock.patch.object(attr, '_error', ImportError('no pytest')):
        assert not attr.is_available()
        with pytest.raises(RuntimeError, match='no pytest'):
            attr.check_available()
        assert not unary_math_function_test.is_available()
        with pytest.raises(RuntimeError, match='no pytest'):
            unary_math_function_test.check_available()
    unary_math_function_test.check_available()
    assert unary_math_function_test.is_available()


def test_training_availability():
    try:
        import chainer.training  # noqa: F401
        installed = True
    except ImportError:
        installed = False
    assert testing_training.is_available() is installed
    assert (testing_training.get_error() is None) is installed
    with mock.patch('importlib.util.find_spec', side_effect=ImportError('missing')):
        assert not testing_training.is_available()
        with pytest.raises(RuntimeError, match='missing'):
            testing_training.check_available()
        with pytest.raises(RuntimeError):
            testing.get_trainer_with_mock_updater()


def test_with_and_without_requires():
    def marks(decorator):
        return decorator.mark.args[0]  # the skipif condition

    assert marks(helper.with_requires('numpy')) is False
    assert marks(helper.with_requires('numpy>=1000')) is True
    assert marks(helper.with_requires('no-such-distribution-xyz')) is True
    assert marks(helper.without_requires('numpy')) is True
    assert marks(helper.without_requires('numpy>=1000')) is False
    assert marks(helper.without_requires('numpy', 'no-such-distribution-xyz')) is False
    assert testing.without_requires is helper.without_requires


@testing.fix_random()
def test_generate_matrix():
    a = testing.generate_matrix((2, 4, 3), numpy.float32, singular_values=[3., 2., 1.])
    assert a.shape == (2, 4, 3) and a.dtype == numpy.float32
    s = numpy.linalg.svd(a.astype(numpy.float64), compute_uv=False)
    testing.assert_allclose(s, numpy.broadcast_to([3., 2., 1.], (2, 3)), rtol=1e-5)
    c = testing.generate_matrix((3, 3), numpy.complex128, singular_values=2.)
    testing.assert_allclose(numpy.linalg.svd(c, compute_uv=False), [2., 2., 2.])
    assert testing.generate_matrix((0, 3), singular_values=1.).shape == (0, 3)
    with pytest.raises(ValueError):
        testing.generate_matrix((3,), singular_values=1.)
    with pytest.raises(TypeError):
        testing.generate_matrix((3, 3))
    with pytest.raises(TypeError):
        testing.generate_matrix((3, 3), numpy.int32, singular_values=1.)
    with pytest.raises(ValueError):
        testing.generate_matrix((3, 3), singular_values=-1.)


def test_from_pytest_parameterize():
    assert testing.from_pytest_parameterize('a, b', [(1, 2), (3, 4)]) == [
        {'a': 1, 'b': 2}, {'a': 3, 'b': 4}]
    assert testing.from_pytest_parameterize(['a'], [(1, 2), 3]) == [{'a': (1, 2)}, {'a': 3}]
    with pytest.raises(ValueError):
        testing.from_pytest_parameterize('a,b', [(1,)])


@testing.parameterize_pytest('x,y', [(1, 2), (3, 4)])
class TestParameterizePytest(unittest.TestCase):
    def test_values(self):
        assert (self.x, self.y) in ((1, 2), (3, 4))
        assert self.y == self.x + 1


def test_parameterize_pytest_generated_classes():
    names = [n for n in vars(sys.modules[__name__]) if n.startswith('TestParameterizePytest_')]
    assert len(names) == 2


def test_do_setup_and_teardown():
    random.seed(1234)
    numpy.random.seed(1234)
    before = (random.random(), numpy.random.rand())
    random.seed(1234)
    numpy.random.seed(1234)
    testing.random.do_setup()
    first = (random.random(), numpy.random.rand(), testing.random.generate_seed())
    testing.random.do_setup()  # nested
    second = (random.random(), numpy.random.rand(), testing.random.generate_seed())
    testing.random.do_teardown()
    testing.random.do_teardown()
    assert first == second  # both seeded with the same fixed seed
    assert (random.random(), numpy.random.rand()) == before  # states restored
    with pytest.raises(RuntimeError):
        testing.random.generate_seed()
    with pytest.raises(RuntimeError):
        testing.random.do_teardown()
    testing.random.do_setup(deterministic=False)
    testing.random.do_teardown()


def test_fix_random_restores_state_when_setup_fails():
    @testing.fix_random()
    class Case(unittest.TestCase):
        def setUp(self):
            raise ValueError('setup failed')

        def test_nothing(self):
            pass

    result = testing.condition.QuietTestRunner().run(unittest.TestSuite([Case('test_nothing')]))
    assert len(result.errors) == 1
    assert testing.random._saved_states == []


def test_make_decorator():
    module = types.ModuleType('fake_test_module')
    sys.modules[module.__name__] = module
    try:
        def generator(cls):
            for i in range(2):
                def method_generator(method, i=i):
                    def wrapped(self):
                        return method(self) * 10 + i
                    return wrapped
                yield 'Gen{}'.format(i), {'value': i}, method_generator

        class Base:
            value = None

            def test_value(self):
                return self.value

        Base.__module__ = module.__name__
        decorated = _bundle.make_decorator(generator)(Base)
        assert decorated is Base and Base.__test__ is False
        assert module.Gen0().test_value() == 0 and module.Gen1().test_value() == 11
        assert module.Gen1.__test__ is True and issubclass(module.Gen1, Base)
    finally:
        del sys.modules[module.__name__]


def test_doctest_helper():
    doctest_helper.skipif(False)
    with pytest.raises(pytest.skip.Exception):
        doctest_helper.skipif(True)
    with pytest.raises(pytest.skip.Exception):
        doctest_helper.skipif_requires_satisfied('numpy')
    doctest_helper.skipif_requires_satisfied('no-such-distribution-xyz')
    doctest_helper.skipif_not_enough_cuda_devices(0)
    if not chainer.backends.cuda.available:
        with pytest.raises(pytest.skip.Exception):
            doctest_helper.skipif_not_enough_cuda_devices(1)


class _WrongExp(testing.FunctionTestCase):
    __test__ = False

    def generate_inputs(self):
        return numpy.array([0.5, 1.], numpy.float32),

    def forward(self, inputs, device):
        x, = inputs
        return F.exp(x),

    def forward_expected(self, inputs):
        x, = inputs
        return numpy.exp(x) + 1,  # wrong on purpose


def test_function_test_error():
    assert issubclass(testing.FunctionTestError, AssertionError)
    case = _WrongExp('run_test_forward')
    with pytest.raises(testing.FunctionTestError, match='Forward outputs do not match'):
        case.run_test_forward(testing.BackendConfig({}))
    with pytest.raises(testing.FunctionTestError, match='boom'):
        testing.FunctionTestError.fail('boom')
    testing.FunctionTestError.check(True, 'unused')
    assert issubclass(testing.LinkTestError, testing.function_link._TestError)


def test_run_module():
    with mock.patch('pytest.main') as main:
        testing.run_module('not_main', 'file.py')
        main.assert_not_called()
        testing.run_module('__main__', 'file.py')
        main.assert_called_once_with(['file.py', '-vvs', '-x', '--pdb'])
