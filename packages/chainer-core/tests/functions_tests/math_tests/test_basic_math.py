import operator

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import gradient_check
from chainer import testing
from chainer import utils
from chainer.functions.math import basic_math
from chainer.testing._fast_backward import check_fast_backward
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
@testing.inject_backend_tests(None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
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
@testing.inject_backend_tests(None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
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
@testing.inject_backend_tests(None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
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
@testing.inject_backend_tests(None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
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


@pytest.mark.parametrize('const_dtype', [numpy.int32, numpy.float16, numpy.float64])
def test_matmul_operator_casts_constant_to_variable_dtype(const_dtype):
    # as v7: an array operand of ``@`` takes the dtype of the Variable
    a = chainer.Variable(numpy.arange(6, dtype=numpy.float32).reshape(2, 3))
    b = numpy.arange(12).reshape(3, 4).astype(const_dtype)
    y = a @ b
    assert y.dtype == numpy.float32
    numpy.testing.assert_allclose(y.array, a.array.dot(b.astype(numpy.float32)))
    z = b.T @ a.T
    assert z.dtype == numpy.float32
    numpy.testing.assert_allclose(z.array, b.T.astype(numpy.float32).dot(a.array.T))
    y.grad = numpy.ones_like(y.array)
    y.backward()
    assert a.grad.dtype == numpy.float32


def test_dtype_mismatch_raises_invalid_type():
    a = chainer.Variable(numpy.ones(3, 'f'))
    b = chainer.Variable(numpy.ones(3, 'd'))
    with pytest.raises(type_check.InvalidType) as e:
        a + b
    assert 'Invalid operation is performed in: _ + _ (Forward)' in str(e.value)
    assert 'Expect: lhs.dtype == rhs.dtype' in str(e.value)


def test_shape_mismatch_raises_invalid_type():
    a = chainer.Variable(numpy.ones((2, 3), 'f'))
    b = chainer.Variable(numpy.ones((4, 3), 'f'))
    with pytest.raises(type_check.InvalidType) as e:
        a * b
    # v7's message names the operands' shapes, without the function header
    assert str(e.value) == ('cannot broadcast inputs of the following shapes:\n'
                            'lhs.shape = (2, 3)\nrhs.shape = (4, 3)')


def test_invalid_rhs_type():
    a = chainer.Variable(numpy.ones(3, 'f'))
    with pytest.raises(TypeError) as e:
        a + [1, 2, 3]
    assert str(e.value) == ("Value must be a scalar, `numpy.ndarray`, `cupy.ndarray` or a "
                            "`Variable`.\nActual: <class 'list'>")


_INT_DTYPES = [numpy.int32, numpy.uint8, numpy.bool_]


@pytest.mark.parametrize('dtype', _INT_DTYPES)
@pytest.mark.parametrize('op,label', [
    (operator.mul, '_ * _'), (operator.truediv, '_ / _'), (operator.pow, '_ ** _'),
    (operator.floordiv, '_ / _')])
@pytest.mark.parametrize('operands', ['variables', 'array_on_the_right',
                                      'array_on_the_left'])
def test_non_float_variables_cannot_be_multiplied_divided_or_powered(dtype, op, label,
                                                                     operands):
    # v7 requires floats for these, on the pair path too
    a = numpy.array([[1, 2], [3, 4]], dtype)
    lhs, rhs = chainer.Variable(a), chainer.Variable(a)
    if operands == 'array_on_the_right':
        rhs = a
    elif operands == 'array_on_the_left':
        lhs = a
    with pytest.raises(type_check.InvalidType) as e:
        op(lhs, rhs)
    assert str(e.value) == (
        '\nInvalid operation is performed in: {} (Forward)\n\n'
        'Expect: lhs.dtype.kind == f\nActual: {} != f'.format(label, numpy.dtype(dtype).kind))


@pytest.mark.parametrize('dtype', _INT_DTYPES[:2])
@pytest.mark.parametrize('op', [operator.add, operator.sub])
def test_non_float_variables_can_be_added_and_subtracted(dtype, op):
    a = numpy.array([5, 7], dtype)
    b = numpy.array([1, 2], dtype)
    y = op(chainer.Variable(a), chainer.Variable(b))
    assert y.dtype == dtype
    numpy.testing.assert_array_equal(y.array, op(a, b))


@pytest.mark.parametrize('op', [operator.mul, operator.truediv, operator.pow])
def test_the_float_check_comes_first(op):
    # v7 checks lhs.dtype.kind before the dtypes are compared
    x = chainer.Variable(numpy.ones(3, numpy.int32))
    with pytest.raises(type_check.InvalidType, match='Expect: lhs.dtype.kind == f'):
        op(x, chainer.Variable(numpy.ones(3, numpy.float32)))
    with pytest.raises(type_check.InvalidType, match='Expect: lhs.dtype == rhs.dtype'):
        op(chainer.Variable(numpy.ones(3, numpy.float32)), x)


def test_integer_pair_with_type_check_off_computes():
    x = chainer.Variable(numpy.array([2, 3], numpy.int32))
    with chainer.using_config('type_check', False):
        y = x * x
    numpy.testing.assert_array_equal(y.array, [4, 9])


def test_out_of_range_constant_wraps_around_in_unsigned_dtype():
    # v7 (NumPy 1) casts the constant into the Variable's dtype, wrapping around
    x = chainer.Variable(numpy.array([1, 2, 3, 4], numpy.uint8))
    numpy.testing.assert_array_equal((x - 2).array, numpy.array([255, 0, 1, 2], numpy.uint8))
    assert (x - 2).dtype == numpy.uint8


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


def test_negative_constants_are_parenthesized_in_labels():
    x = chainer.Variable(numpy.ones(2, 'f'))
    assert (x - 2).creator.label == '_ + (-2)'
    assert (x * -2.5).creator.label == '_ * (-2.5)'
    assert (-2 / x).creator.label == '(-2) / _'
    assert ((-2.) ** x).creator.label == '(-2.0) ** _'
    assert (x * numpy.ones(2, 'f')).creator.label == '_ * _'


@pytest.mark.parametrize('op', [operator.add, operator.sub, operator.mul, operator.truediv,
                                operator.pow])
@pytest.mark.parametrize('reflected', [False, True])
def test_array_operand_is_cast_to_the_variable_dtype(op, reflected):
    x = chainer.Variable(numpy.full(3, 2, 'f'))
    a = numpy.full(3, 3, 'd')
    y = op(a, x) if reflected else op(x, a)
    assert y.dtype == numpy.float32
    expected = op(a, 2.) if reflected else op(2., a)
    numpy.testing.assert_allclose(y.array, expected, rtol=1e-6)
    F.sum(y).backward()
    assert x.grad.dtype == numpy.float32


# --- the gradient nodes v7 exposes ---------------------------------------------------------


def _arrays(*shapes, low=0.5, high=2, dtype=numpy.float64):
    rng = numpy.random.RandomState(len(shapes))
    return [rng.uniform(low, high, s).astype(dtype) for s in shapes]


@pytest.mark.parametrize('shapes', [((2, 3), (2, 3)), ((2, 3), (3,)), ((2, 1), (1, 3))])
def test_div_grad(shapes):
    x0, x1 = _arrays(*shapes)
    gy = _arrays(numpy.broadcast_shapes(*shapes))[0]
    is_elementwise = shapes[0] == shapes[1]
    node = basic_math.DivGrad(is_elementwise)
    assert node.is_elementwise is is_elementwise
    gx0, gx1 = node.apply((x0, x1, gy))
    numpy.testing.assert_allclose(gx0.array, utils.sum_to(gy / x1, x0.shape))
    numpy.testing.assert_allclose(gx1.array, utils.sum_to(-gy * x0 / x1 ** 2, x1.shape))
    assert node.label == 'DivGrad'
    gradient_check.check_backward(
        lambda *xs: basic_math.DivGrad(is_elementwise).apply(xs), (x0, x1, gy),
        _arrays(shapes[0], shapes[1]), atol=1e-4, rtol=1e-4)


def test_div_from_constant_grad():
    x, gy, ggx = _arrays((2, 3), (2, 3), (2, 3))
    gx, = basic_math.DivFromConstantGrad(2.0).apply((x, gy))
    numpy.testing.assert_allclose(gx.array, -2.0 * gy / x ** 2)
    gradient_check.check_backward(
        lambda x, gy: basic_math.DivFromConstantGrad(2.0).apply((x, gy)), (x, gy), ggx,
        atol=1e-4, rtol=1e-4)


@pytest.mark.parametrize('value', [3.0, 2, -1.5])
def test_pow_var_const_grad(value):
    x, gy, ggx = _arrays((2, 3), (2, 3), (2, 3))
    gx, = basic_math.PowVarConstGrad(value).apply((x, gy))
    numpy.testing.assert_allclose(gx.array, value * x ** (value - 1) * gy)
    gradient_check.check_backward(
        lambda x, gy: basic_math.PowVarConstGrad(value).apply((x, gy)), (x, gy), ggx,
        atol=1e-4, rtol=1e-4)


def test_pow_const_var_grad():
    y, gy, ggx = _arrays((2, 3), (2, 3), (2, 3))
    gx, = basic_math.PowConstVarGrad(3.0).apply((y, gy))  # from the output y = 3 ** x
    numpy.testing.assert_allclose(gx.array, gy * y * numpy.log(3.0))
    gradient_check.check_backward(
        lambda y, gy: basic_math.PowConstVarGrad(3.0).apply((y, gy)), (y, gy), ggx,
        atol=1e-4, rtol=1e-4)


@pytest.mark.parametrize('shapes', [((2, 3), (2, 3)), ((2, 3), (1, 3))])
def test_pow_var_var_grad(shapes):
    x0, x1 = _arrays(*shapes)
    gy = _arrays(numpy.broadcast_shapes(*shapes))[0]
    y = x0 ** x1
    node = basic_math.PowVarVarGrad(shapes[0] == shapes[1], y)
    gx0, gx1 = node.apply((x0, x1, gy))
    numpy.testing.assert_allclose(gx0.array, utils.sum_to(gy * x1 * x0 ** (x1 - 1), x0.shape))
    numpy.testing.assert_allclose(gx1.array, utils.sum_to(gy * y * numpy.log(x0), x1.shape))

    def grads(x0, x1, gy):  # y follows x0 and x1 for the numerical check
        return basic_math.PowVarVarGrad(False, x0.array ** x1.array).apply((x0, x1, gy))

    def reference(x0, x1, gy):  # the gradient graph itself, with y recomputed
        return chainer.grad([x0 ** x1], [x0, x1], [gy], enable_double_backprop=True)

    ggs = _arrays(shapes[0], shapes[1])
    gradient_check.check_backward(reference, (x0, x1, gy), ggs, atol=1e-4, rtol=1e-4)
    gradient_check.check_backward(grads, (x0, x1, gy), ggs, atol=1e-4, rtol=1e-4)


def test_pow_var_var_second_derivative_in_the_base_at_zero():
    # d2(x0 ** x1)/dx0^2 = x1 (x1 - 1) x0 ** (x1 - 2): finite at x0 == 0 (as v7)
    x0 = chainer.Variable(numpy.array([0., 2.], numpy.float32))
    x1 = chainer.Variable(numpy.array([2., 3.], numpy.float32))
    gx0, = chainer.grad([F.sum(x0 ** x1)], [x0], enable_double_backprop=True)
    ggx0, = chainer.grad([F.sum(gx0)], [x0])
    numpy.testing.assert_allclose(ggx0.array, [2., 12.])


def test_absolute_grad():
    x = numpy.array([[-1., 2.]])
    gx, = basic_math.AbsoluteGrad(x).apply((numpy.array([[7., 11.]]),))
    numpy.testing.assert_array_equal(gx.array, [[-7., 11.]])


@pytest.mark.parametrize('op,grad_classes', [
    (lambda a, b: a / b, (basic_math.DivGrad,)),
    (lambda a, b: a ** b, (basic_math.PowVarVarGrad,)),
    (lambda a, b: 2.0 / a, (basic_math.DivFromConstantGrad,)),
    (lambda a, b: a ** 3.0, (basic_math.PowVarConstGrad,)),
    (lambda a, b: 3.0 ** a, (basic_math.PowConstVarGrad,)),
    (lambda a, b: abs(a), (basic_math.AbsoluteGrad,)),
    (lambda a, b: -a, (basic_math.Neg,)),
    (lambda a, b: a * b, (basic_math.Mul,)),
])
def test_double_backprop_graph_uses_the_v7_nodes(op, grad_classes):
    a, b = (chainer.Variable(x) for x in _arrays((2, 3), (2, 3)))
    y = op(a, b)
    ga = chainer.grad([y], [a], [chainer.Variable(numpy.ones((2, 3)))],
                      enable_double_backprop=True)[0]
    assert isinstance(ga.creator, grad_classes)


# --- the fast path equals the differentiable path -------------------------------------------


_BROADCAST = [((3, 4), (3, 4)), ((3, 1), (1, 4)), ((4,), (3, 4)), ((), (2, 3)), ((), ())]


def _uniform(shape, dtype, low=-1, high=1, seed=0):
    return numpy.random.RandomState(seed).uniform(low, high, shape).astype(dtype)


@pytest.mark.parametrize('node_class,func,low', [
    (basic_math.Add, operator.add, -1),
    (basic_math.Sub, operator.sub, -1),
    (basic_math.Mul, operator.mul, -1),
    (basic_math.Div, operator.truediv, 0.5),
])
@pytest.mark.parametrize('shapes', _BROADCAST)
@pytest.mark.parametrize('dtype', _DTYPES)
def test_fast_backward_of_binary_operators(node_class, func, low, shapes, dtype):
    x0 = _uniform(shapes[0], dtype, low, 2)
    x1 = _uniform(shapes[1], dtype, low, 2, seed=1)
    gy = _uniform(numpy.broadcast_shapes(*shapes), dtype, seed=2)
    check_fast_backward(node_class, func, [x0, x1], [gy], rtol=1e-3)


@pytest.mark.parametrize('node_class,func', [
    (basic_math.Neg, operator.neg),
    (basic_math.Absolute, abs),
    (basic_math.AddConstant, lambda x: x + 2.5),
    (basic_math.AddConstant, lambda x: x - numpy.float64(2)),
    (basic_math.SubFromConstant, lambda x: 3 - x),
    (basic_math.MulConstant, lambda x: x * -1.5),
    (basic_math.MulConstant, lambda x: x * numpy.float64(0.5)),
    (basic_math.MulConstant, lambda x: x / 4),
])
@pytest.mark.parametrize('shape', [(3, 4), (), (0, 2)])
@pytest.mark.parametrize('dtype', _DTYPES)
def test_fast_backward_of_unary_operators(node_class, func, shape, dtype):
    x = _uniform(shape, dtype)
    gy = _uniform(shape, dtype, seed=1)
    check_fast_backward(node_class, func, [x], [gy])


@pytest.mark.parametrize('shapes', [((2, 3),) * 3, ((2, 3), (3,), (1, 3)), ((),) * 4])
@pytest.mark.parametrize('dtype', _DTYPES)
def test_fast_backward_of_multi_add(shapes, dtype):
    xs = [_uniform(s, dtype, seed=i) for i, s in enumerate(shapes)]
    gy = _uniform(numpy.broadcast_shapes(*shapes), dtype, seed=9)
    check_fast_backward(basic_math.MultiAdd, F.add, xs, [gy])


@pytest.mark.parametrize('value', [2.0, -3, numpy.float64(0.5)])
@pytest.mark.parametrize('shape', [(3, 4), ()])
@pytest.mark.parametrize('dtype', _DTYPES)
def test_fast_backward_of_div_from_constant(value, shape, dtype):
    x = _uniform(shape, dtype, 0.5, 2)
    gy = _uniform(shape, dtype, seed=1)
    check_fast_backward(basic_math.DivFromConstant, lambda v: value / v, [x], [gy],
                        rtol=1e-3)


@pytest.mark.parametrize('shapes', _BROADCAST)
@pytest.mark.parametrize('dtype', _DTYPES)
def test_fast_backward_of_pow_var_var(shapes, dtype):
    x0 = _uniform(shapes[0], dtype, 0.5, 2)
    x1 = _uniform(shapes[1], dtype, -1, 2, seed=1)
    gy = _uniform(numpy.broadcast_shapes(*shapes), dtype, seed=2)
    check_fast_backward(basic_math.PowVarVar, lambda a, b: a ** b, [x0, x1], [gy], rtol=1e-3)


@pytest.mark.parametrize('dtype', _DTYPES)
def test_fast_backward_of_rpow_var_var(dtype):
    x0 = _uniform((3, 2), dtype, 0.5, 2)
    x1 = _uniform((3, 2), dtype, -1, 2, seed=1)
    gy = _uniform((3, 2), dtype, seed=2)
    # ``x1.__rpow__`` with a Variable on the left: the exponent is input 1 of the node
    check_fast_backward(basic_math.PowVarVar, lambda a, b: b.__rpow__(a), [x0, x1], [gy],
                        rtol=1e-3)


@pytest.mark.parametrize('value', [2, 2.0, 3.0, -1.5, 0.5, numpy.float32(1.5)])
@pytest.mark.parametrize('shape', [(3, 4), ()])
@pytest.mark.parametrize('dtype', _DTYPES)
def test_fast_backward_of_pow_var_const(value, shape, dtype):
    x = _uniform(shape, dtype, 0.5, 2)
    gy = _uniform(shape, dtype, seed=1)
    check_fast_backward(basic_math.PowVarConst, lambda v: v ** value, [x], [gy], rtol=1e-3)


@pytest.mark.parametrize('value', [2.0, 3, 0.5, numpy.float64(1.5)])
@pytest.mark.parametrize('shape', [(3, 4), ()])
@pytest.mark.parametrize('dtype', _DTYPES)
def test_fast_backward_of_pow_const_var(value, shape, dtype):
    x = _uniform(shape, dtype)
    gy = _uniform(shape, dtype, seed=1)
    check_fast_backward(basic_math.PowConstVar, lambda v: value ** v, [x], [gy], rtol=1e-3)
