import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check


def _sigmoid(x):
    return 1 / (1 + numpy.exp(-x))


def _ref_tree_lstm(*inputs):
    cs = [c.astype(numpy.float64) for c in inputs[:-1]]
    x = inputs[-1].astype(numpy.float64)
    n = len(cs)
    size = x.shape[1] // (3 + n)
    gates = [x[:, k * size:(k + 1) * size] for k in range(3 + n)]
    a, i, o = gates[:3]
    c = numpy.tanh(a) * _sigmoid(i)
    for f, c_k in zip(gates[3:], cs):
        c = c + _sigmoid(f) * c_k
    return c, _sigmoid(o) * numpy.tanh(c)


@testing.parameterize(*testing.product({
    'n_ary': [1, 2, 3],
    'c_shape': [(3, 2), (2, 2, 3)],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestTreeLSTM(testing.FunctionTestCase):

    skip_double_backward_test = True

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 5e-3, 'rtol': 5e-3}
            self.check_backward_options = {'dtype': numpy.float64, 'atol': 5e-2, 'rtol': 5e-2}
        else:
            self.check_backward_options = {'dtype': numpy.float64, 'atol': 1e-4, 'rtol': 1e-4}

    def generate_inputs(self):
        x_shape = (self.c_shape[0], (3 + self.n_ary) * self.c_shape[1]) + self.c_shape[2:]
        cs = [numpy.random.uniform(-1, 1, self.c_shape).astype(self.dtype)
              for _ in range(self.n_ary)]
        x = numpy.random.uniform(-1, 1, x_shape).astype(self.dtype)
        return tuple(cs) + (x,)

    def forward(self, inputs, device):
        return F.tree_lstm(*inputs)

    def forward_expected(self, inputs):
        c, h = _ref_tree_lstm(*inputs)
        return c.astype(self.dtype), h.astype(self.dtype)


@pytest.mark.parametrize('shapes', [
    ((3, 2), (3, 7)),
    ((3, 2), (2, 8)),
    ((3, 2), (3, 2), (3, 8)),
    ((3, 8),),
])
def test_tree_lstm_invalid_shapes(shapes):
    args = [numpy.zeros(s, numpy.float32) for s in shapes]
    with pytest.raises(type_check.InvalidType):
        F.tree_lstm(*args)
