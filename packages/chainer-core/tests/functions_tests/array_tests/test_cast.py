import numpy
import chainer
from chainer import functions
from chainer import testing
import pytest
import chainer.functions as F
from chainer.functions.array import cast
from chainer.testing._fast_backward import check_fast_backward


@testing.parameterize(*testing.product({
    'shape': [(3, 4), ()],
    'types': [
        (numpy.float16, numpy.float32),
        (numpy.float32, numpy.float64),
        (numpy.float64, numpy.float16),
        (numpy.float32, numpy.float32),
    ],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestCast(testing.FunctionTestCase):

    def setUp(self):
        self.in_type, self.out_type = self.types
        # cast is linear, so the central difference has no truncation error; its only error
        # is the rounding of the outputs (to out_type in backward, to in_type in double
        # backward): at most n * ulp * (1 + eps) / eps with n = 12 elements and |gy| <= 1.
        # With the default eps=1e-3 that is ~7e-4 for float32 (often above atol=1e-5), so a
        # large eps is used: the bound becomes 4e-6 for float32 and 3e-2 for float16.
        eps = 2.0 ** -2
        if numpy.float16 in self.types:
            tol = {'atol': 5e-2, 'rtol': 5e-2}
        else:
            tol = {'atol': 1e-5, 'rtol': 1e-4}
        self.check_backward_options = dict(tol, eps=eps, dtype=numpy.float64)
        self.check_double_backward_options = dict(tol, eps=eps, dtype=numpy.float64)

    def generate_inputs(self):
        x = numpy.random.uniform(-1, 1, self.shape).astype(self.in_type)
        return x,

    def forward(self, inputs, device):
        x, = inputs
        return functions.cast(x, self.out_type),

    def forward_expected(self, inputs):
        x, = inputs
        return x.astype(self.out_type),


def test_cast_typecode_string():
    x = numpy.arange(3, dtype=numpy.float64)
    y = functions.cast(x, 'float16')
    assert y.dtype == numpy.float16
    numpy.testing.assert_array_equal(y.array, x.astype(numpy.float16))


def test_cast_grad_has_input_dtype():
    x = chainer.Variable(numpy.ones((2, 3), numpy.float32))
    y = functions.cast(x, numpy.float64)
    y.grad = numpy.full((2, 3), 2, numpy.float64)
    y.backward()
    assert x.grad.dtype == numpy.float32
    numpy.testing.assert_array_equal(x.grad, numpy.full((2, 3), 2))


def test_cast_int_input_has_no_grad():
    x = chainer.Variable(numpy.arange(6, dtype=numpy.int32).reshape(2, 3))
    y = functions.cast(x, numpy.float32)
    assert y.dtype == numpy.float32
    numpy.testing.assert_array_equal(y.array, x.array.astype(numpy.float32))
    y.grad = numpy.ones((2, 3), numpy.float32)
    y.backward()
    assert x.grad is None


def test_cast_same_type_without_backprop_is_identity():
    x = numpy.ones((2,), numpy.float32)
    with chainer.no_backprop_mode():
        y = functions.cast(x, numpy.float32)
    assert y.creator is None
    assert y.array is x


def test_cast_same_type_with_backprop_creates_node():
    x = chainer.Variable(numpy.ones((2,), numpy.float32))
    y = functions.cast(x, numpy.float32)
    assert y.creator is not None


def test_cast_to_int():
    x = numpy.array([1.5, -2.5, 3.0], dtype=numpy.float32)
    y = functions.cast(x, numpy.int32)
    assert y.dtype == numpy.int32
    numpy.testing.assert_array_equal(y.array, x.astype(numpy.int32))


def _uniform(shape, dtype, seed=0):
    return numpy.random.RandomState(seed).uniform(-1, 1, shape).astype(dtype)


_FAST_DTYPES = [numpy.float16, numpy.float32, numpy.float64]


@pytest.mark.parametrize('in_dtype', _FAST_DTYPES)
@pytest.mark.parametrize('out_dtype', _FAST_DTYPES)
@pytest.mark.parametrize('shape', [(2, 3), ()])
def test_fast_backward_of_cast(in_dtype, out_dtype, shape):
    x = _uniform(shape, in_dtype)
    check_fast_backward(cast.Cast, lambda v: F.cast(v, out_dtype), [x],
                        [_uniform(shape, out_dtype, 1)])
