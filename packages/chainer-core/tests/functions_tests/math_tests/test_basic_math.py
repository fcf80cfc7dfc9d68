import operator

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.utils import type_check

_DTYPES = [numpy.float16, numpy.float32, numpy.float64]


def _tolerances(test, dtype):
    if dtype == numpy.float16:
        test.check_forward_options = {'atol': 1e-3, 'rtol': 1e-3}
        test.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
        test.check_double_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
    else:
        test.check_backward_options = {'atol': 1e-4, 'rtol': 1e-3}
        test.check_double_backward_options = {'atol': 1e-3, 'rtol': 1e-2}


@testing.parameterize(*testing.product({
    'op': [operator.add, operator.sub, operator.mul, operator.truediv, operator.pow],
    'shapes': [((3, 2), (3, 2)), ((3, 2), (2,)), ((3, 1), (1, 4)), ((), ())],
    'dtype': _DTYPES,
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestBinaryOperators(testing.FunctionTestCase):

    def setUp(self):
        _tolerances(self, self.dtype)

    def generate_inputs(self):
        a = numpy.random.uniform(0.5, 1.5, self.shapes[0]).astype(self.dtype)
        b = numpy.random.uniform(0.5, 1.5, self.shapes[1]).astype(self.dtype)
        return a, b

    def forward(self, inputs, device):
        a, b = inputs
        return self.op(a, b),

    def forward_expected(self, inputs):
        a, b = (x.astype(numpy.float64) for x in inputs)
        return numpy.asarray(self.op(a, b)).astype(self.dtype),


@testing.parameterize(*testing.product({
    'op': ['add', 'radd', 'sub', 'rsub', 'mul', 'rmul', 'div', 'rdiv', 'pow', 'rpow'],
    'dtype': _DTYPES,
}))
@testing.inject_backend_tests(None, [{}])
class TestScalarOperators(testing.FunctionTestCase):

    value = 1.5

    def setUp(self):
        _tolerances(self, self.dtype)

    def generate_inputs(self):
        return numpy.random.uniform(0.5, 1.5, (3, 2)).astype(self.dtype),

    def _apply(self, x):
        v = self.value
        return {
            'add': lambda: x + v, 'radd': lambda: v + x, 'sub': lambda: x - v,
            'rsub': lambda: v - x, 'mul': lambda: x * v, 'rmul': lambda: v * x,
            'div': lambda: x / v, 'rdiv': lambda: v / x, 'pow': lambda: x ** v,
            'rpow': lambda: v ** x,
        }[self.op]()

    def forward(self, inputs, device):
        return self._apply(inputs[0]),

    def forward_expected(self, inputs):
        return numpy.asarray(self._apply(inputs[0].astype(numpy.float64))).astype(self.dtype),


@testing.parameterize(*testing.product({'dtype': _DTYPES}))
@testing.inject_backend_tests(None, [{}])
class TestArrayOnTheRight(testing.FunctionTestCase):

    def setUp(self):
        _tolerances(self, self.dtype)
        self.const = numpy.random.uniform(1, 2, (3, 2)).astype(self.dtype)

    def generate_inputs(self):
        return numpy.random.uniform(0.5, 1.5, (3, 2)).astype(self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        c = device.send(self.const.astype(x.dtype))
        return (x * c - c) / c + c,

    def forward_expected(self, inputs):
        x = inputs[0].astype(numpy.float64)
        c = self.const.astype(numpy.float64)
        return ((x * c - c) / c + c).astype(self.dtype),


@testing.parameterize(*testing.product({'func': ['neg', 'abs'], 'dtype': _DTYPES}))
@testing.inject_backend_tests(None, [{}])
class TestUnaryOperators(testing.FunctionTestCase):

    def setUp(self):
        _tolerances(self, self.dtype)

    def generate_inputs(self):
        x = numpy.random.uniform(0.2, 1, (3, 2)) * numpy.random.choice([-1, 1], (3, 2))
        return x.astype(self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        return (-x if self.func == 'neg' else abs(x)),

    def forward_expected(self, inputs):
        x, = inputs
        return (-x if self.func == 'neg' else numpy.abs(x)),


@testing.parameterize(*testing.product({'dtype': _DTYPES, 'n': [3, 4]}))
@testing.inject_backend_tests(None, [{}])
class TestMultiAdd(testing.FunctionTestCase):

    def setUp(self):
        _tolerances(self, self.dtype)

    def generate_inputs(self):
        return tuple(numpy.random.uniform(-1, 1, (2, 3)).astype(self.dtype)
                     for _ in range(self.n))

    def forward(self, inputs, device):
        return F.add(*inputs),

    def forward_expected(self, inputs):
        return sum(x.astype(numpy.float64) for x in inputs).astype(self.dtype),


def test_floordiv_is_floor_of_division():
    x = chainer.Variable(numpy.array([3.5, -3.5], 'f'))
    numpy.testing.assert_array_equal((x // 2).array, [1., -2.])
    numpy.testing.assert_array_equal((7 // x).array, [2., -2.])


def test_matmul_operator():
    a = chainer.Variable(numpy.ones((2, 3), 'f'))
    b = numpy.ones((3, 4), 'f')
    assert (a @ b).shape == (2, 4)
    assert (numpy.ones((4, 2), 'f') @ a).shape == (4, 3)


def test_dtype_mismatch_raises_invalid_type():
    a = chainer.Variable(numpy.ones(3, 'f'))
    b = chainer.Variable(numpy.ones(3, 'd'))
    with pytest.raises(type_check.InvalidType) as e:
        a + b
    assert 'Invalid operation is performed in: _ + _ (Forward)' in str(e.value)
    assert 'Expect: lhs.dtype == rhs.dtype' in str(e.value)


def test_shape_mismatch_raises_invalid_type():
    a = chainer.Variable(numpy.ones(3, 'f'))
    b = chainer.Variable(numpy.ones(4, 'f'))
    with pytest.raises(type_check.InvalidType, match='cannot broadcast'):
        a * b


def test_invalid_rhs_type():
    a = chainer.Variable(numpy.ones(3, 'f'))
    with pytest.raises(TypeError):
        a + 'x'


def test_integer_variable_divides_no_constant():
    # v7: a constant divided by an integer Variable is refused
    x = chainer.Variable(numpy.array([1, 2], numpy.int32))
    assert (x * 2).dtype == numpy.int32
    with pytest.raises(type_check.InvalidType):
        2 / x


def test_labels():
    x = chainer.Variable(numpy.ones(2, 'f'))
    assert (x + x).creator.label == '_ + _'
    assert (x * 2).creator.label == '_ * 2'
    assert (-x).creator.label == '__neg__'
