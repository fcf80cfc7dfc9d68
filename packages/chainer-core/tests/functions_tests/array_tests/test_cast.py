import numpy
import chainer
from chainer import functions
from chainer import testing


@testing.parameterize(*testing.product({
    'shape': [(3, 4), ()],
    'types': [
        (numpy.float16, numpy.float32),
        (numpy.float32, numpy.float64),
        (numpy.float64, numpy.float16),
        (numpy.float32, numpy.float32),
    ],
}))
@testing.inject_backend_tests(None, [{}, {'use_cuda': True}])
class TestCast(testing.FunctionTestCase):

    def setUp(self):
        self.in_type, self.out_type = self.types
        if numpy.float16 in self.types:
            # cast is linear: a large eps keeps float16 rounding small
            self.check_backward_options = {
                'eps': 0.1, 'atol': 5e-2, 'rtol': 5e-2,
                'dtype': numpy.float64}
            self.check_double_backward_options = {
                'eps': 0.1, 'atol': 5e-2, 'rtol': 5e-2,
                'dtype': numpy.float64}

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

