import numpy
import pytest

from chainer import functions as F
from chainer import testing
from chainer.utils import type_check


@testing.parameterize(*testing.product({
    'op': ['bias', 'scale'],
    'shapes_axis': [
        ((2, 3, 4, 5), (3, 4), 1),
        ((2, 3, 4), (4,), 2),
        ((2, 3), (2, 3), 0),
        ((2, 3), (2,), 0),
        ((2, 3, 4), (1,), 1),  # axes of size 1 broadcast, as in v7
        ((2, 3, 4), (3, 1), 1),
    ],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestBiasScale(testing.FunctionTestCase):

    def setUp(self):
        self.x_shape, self.y_shape, self.axis = self.shapes_axis
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 5e-3, 'rtol': 5e-3}
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = {'atol': 5e-2, 'rtol': 5e-2}

    def generate_inputs(self):
        x = numpy.random.uniform(-1, 1, self.x_shape).astype(self.dtype)
        y = numpy.random.uniform(-1, 1, self.y_shape).astype(self.dtype)
        return x, y

    def forward(self, inputs, device):
        x, y = inputs
        return getattr(F, self.op)(x, y, axis=self.axis),

    def forward_expected(self, inputs):
        x, y = inputs
        axis = self.axis
        y = y.reshape((1,) * axis + y.shape + (1,) * (x.ndim - axis - y.ndim))
        out = x + y if self.op == 'bias' else x * y
        return out.astype(self.dtype),


@pytest.mark.parametrize('op', ['bias', 'scale'])
def test_shape_mismatch(op):
    # v7: y is reshaped and broadcast with F.broadcast_to, whose type check fails
    with pytest.raises(type_check.InvalidType) as e:
        getattr(F, op)(numpy.ones((2, 3), numpy.float32), numpy.ones(4, numpy.float32))
    assert str(e.value) == (
        '\nInvalid operation is performed in: BroadcastTo (Forward)\n\n'
        'Expect: in_type[0].shape[-1] == 3 or in_type[0].shape[-1] == 1\n'
        'Actual: in_type[0].shape: (1, 4)')


@pytest.mark.parametrize('op', ['bias', 'scale'])
@pytest.mark.parametrize('shapes_axis', [
    ((2, 3, 4), (3,), 2),  # y's axes run past x's
    ((2, 3, 4), (4,), -1),  # v7 counts no leading axes for a negative axis
    ((2, 3), (3, 3, 3), 1),
    ((2, 3, 4), (4,), 1),
])
def test_axes_that_do_not_fit(op, shapes_axis):
    x_shape, y_shape, axis = shapes_axis
    with pytest.raises(type_check.InvalidType, match='BroadcastTo'):
        getattr(F, op)(numpy.ones(x_shape, numpy.float32), numpy.ones(y_shape, numpy.float32),
                       axis=axis)


@pytest.mark.parametrize('op', ['bias', 'scale'])
def test_unit_y_is_broadcast(op):
    x = numpy.arange(6, dtype=numpy.float32).reshape(2, 3)
    y = getattr(F, op)(x, numpy.full(1, 2, numpy.float32))
    numpy.testing.assert_array_equal(y.array, x + 2 if op == 'bias' else x * 2)
