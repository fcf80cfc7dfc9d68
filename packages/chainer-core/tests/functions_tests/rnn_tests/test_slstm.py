import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.functions.rnn import slstm as slstm_module
from chainer.utils import type_check


def _sigmoid(x):
    return 1 / (1 + numpy.exp(-x))


def _gates(x):
    r = x.astype(numpy.float64).reshape((len(x), x.shape[1] // 4, 4) + x.shape[2:])
    return [r[:, :, k] for k in range(4)]


def _ref_slstm(c1, c2, x1, x2):
    a1, i1, f1, o1 = _gates(x1)
    a2, i2, f2, o2 = _gates(x2)
    # Chainer v7 computes each child's cell input separately (its documentation shows
    # tanh(a1 + a2) * sigmoid(i1 + i2))
    c = (numpy.tanh(a1) * _sigmoid(i1) + numpy.tanh(a2) * _sigmoid(i2)
         + _sigmoid(f1) * c1.astype(numpy.float64)
         + _sigmoid(f2) * c2.astype(numpy.float64))
    h = _sigmoid(o1 + o2) * numpy.tanh(c)
    return c, h


@testing.parameterize(*testing.product({
    'c_shape': [(3, 2), (2, 2, 3)],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestSLSTM(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 5e-3, 'rtol': 5e-3}
            self.check_backward_options = {'dtype': numpy.float64, 'atol': 5e-2, 'rtol': 5e-2}
        else:
            self.check_backward_options = {'dtype': numpy.float64, 'atol': 1e-4, 'rtol': 1e-4}
        self.check_double_backward_options = self.check_backward_options

    def generate_inputs(self):
        x_shape = (self.c_shape[0], 4 * self.c_shape[1]) + self.c_shape[2:]

        def u(shape):
            return numpy.random.uniform(-1, 1, shape).astype(self.dtype)
        return u(self.c_shape), u(self.c_shape), u(x_shape), u(x_shape)

    def forward(self, inputs, device):
        return F.slstm(*inputs)

    def forward_expected(self, inputs):
        c, h = _ref_slstm(*inputs)
        return c.astype(self.dtype), h.astype(self.dtype)


def test_slstm_grad_grad_helper_shapes():
    args = [numpy.random.uniform(-1, 1, (2, 3)) for _ in range(21)]
    out = slstm_module.slstm_grad_grad(*args)
    assert len(out) == 12 and all(o.shape == (2, 3) for o in out)


def test_slstm_matches_chainer_v7():
    # values computed by Chainer v7.8.1 for the same inputs
    c1 = numpy.array([[0.5, -1.0]])
    c2 = numpy.array([[2.0, 0.25]])
    x1 = numpy.linspace(-1, 1, 8).reshape(1, 8)
    x2 = numpy.linspace(1.5, -0.5, 8).reshape(1, 8)
    c, h = F.slstm(c1, c2, x1, x2)
    numpy.testing.assert_allclose(c.array, [[2.0784249707658535, -0.2963039532719648]])
    numpy.testing.assert_allclose(h.array, [[0.6032683577290885, -0.17922259460902265]])


@pytest.mark.parametrize('shapes', [
    ((3, 2), (3, 2), (3, 8), (3, 7)),
    ((3, 2), (2, 2), (3, 8), (3, 8)),
    ((3, 2), (3, 2), (2, 8), (2, 8)),
])
def test_slstm_invalid_shapes(shapes):
    args = [numpy.zeros(s, numpy.float32) for s in shapes]
    with pytest.raises(type_check.InvalidType):
        F.slstm(*args)
