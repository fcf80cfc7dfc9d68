import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.functions.rnn import lstm as lstm_module
from chainer.utils import type_check
from chainer.testing._fast_backward import check_fast_backward


def _sigmoid(x):
    return 1 / (1 + numpy.exp(-x))


def _ref_lstm(c_prev, x):
    c_prev = c_prev.astype(numpy.float64)
    x = x.astype(numpy.float64)
    batch = len(x)
    r = x.reshape((batch, x.shape[1] // 4, 4) + x.shape[2:])
    a, i, f, o = [r[:, :, k] for k in range(4)]
    c = numpy.tanh(a) * _sigmoid(i) + _sigmoid(f) * c_prev[:batch]
    h = _sigmoid(o) * numpy.tanh(c)
    return numpy.concatenate([c, c_prev[batch:]], axis=0), h


@testing.parameterize(*testing.product_dict(
    [{'c_shape': (3, 2), 'batch': 3},
     {'c_shape': (4, 2), 'batch': 2},
     {'c_shape': (3, 2, 3), 'batch': 3},
     {'c_shape': (4, 2, 3), 'batch': 1},
     {'c_shape': (2, 3), 'batch': 0}],
    [{'dtype': numpy.float16}, {'dtype': numpy.float32}, {'dtype': numpy.float64}],
))
@testing.inject_backend_tests(None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestLSTM(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 5e-3, 'rtol': 5e-3}
            self.check_backward_options = {'dtype': numpy.float64, 'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = self.check_backward_options
        else:
            self.check_backward_options = {'dtype': numpy.float64, 'atol': 1e-4, 'rtol': 1e-4}
            self.check_double_backward_options = self.check_backward_options

    def generate_inputs(self):
        c_prev = numpy.random.uniform(-1, 1, self.c_shape).astype(self.dtype)
        x_shape = (self.batch, 4 * self.c_shape[1]) + self.c_shape[2:]
        x = numpy.random.uniform(-1, 1, x_shape).astype(self.dtype)
        return c_prev, x

    def forward(self, inputs, device):
        c_prev, x = inputs
        return F.lstm(c_prev, x)

    def forward_expected(self, inputs):
        c, h = _ref_lstm(*inputs)
        return c.astype(self.dtype), h.astype(self.dtype)


def test_lstm_gate_layout_is_interleaved():
    c_prev = numpy.zeros((1, 2), numpy.float64)
    # channel 0: a=1, i=2, f=3, o=4; channel 1: a=-1, i=0, f=0, o=1
    x = numpy.array([[1, 2, 3, 4, -1, 0, 0, 1]], numpy.float64)
    c, h = F.lstm(c_prev, x)
    expected_c = [numpy.tanh(1) * _sigmoid(2), numpy.tanh(-1) * 0.5]
    numpy.testing.assert_allclose(c.array[0], expected_c)
    numpy.testing.assert_allclose(
        h.array[0], [_sigmoid(4) * numpy.tanh(expected_c[0]),
                     _sigmoid(1) * numpy.tanh(expected_c[1])])


def test_lstm_only_h_used():
    # The gradient flows when only h is used (gc is None).
    c_prev = chainer.Variable(numpy.random.uniform(-1, 1, (3, 2)))
    x = chainer.Variable(numpy.random.uniform(-1, 1, (2, 8)))
    c, h = F.lstm(c_prev, x)
    F.sum(h).backward()
    assert c_prev.grad.shape == (3, 2)
    numpy.testing.assert_array_equal(c_prev.grad[2:], 0)
    assert x.grad.shape == (2, 8)


def test_lstm_grad_grad_helper_shapes():
    args = [numpy.random.uniform(-1, 1, (2, 3)) for _ in range(13)]
    out = lstm_module.lstm_grad_grad(*args)
    assert len(out) == 8 and all(o.shape == (2, 3) for o in out)


@pytest.mark.parametrize('c_shape,x_shape', [
    ((3, 2), (3, 7)),       # not 4 * c.shape[1]
    ((2, 2), (3, 8)),       # x has more rows than c
    ((3, 2, 2), (3, 8, 3)),  # trailing dims differ
    ((3, 2), (3, 8, 1)),     # ndim differ
])
def test_lstm_invalid_shapes(c_shape, x_shape):
    with pytest.raises(type_check.InvalidType):
        F.lstm(numpy.zeros(c_shape, numpy.float32), numpy.zeros(x_shape, numpy.float32))


def test_lstm_dtype_mismatch():
    with pytest.raises(type_check.InvalidType):
        F.lstm(numpy.zeros((3, 2), numpy.float32), numpy.zeros((3, 8), numpy.float64))


# --- array-level backward (``_backward_arrays``) --------------------------------------------

@pytest.mark.parametrize('c_shape,batch', [((3, 2), 3), ((4, 2), 2), ((4, 2, 3), 1)])
@pytest.mark.parametrize('use', ['both', 'c', 'h'])
def test_fast_backward(c_shape, batch, use):
    rng = numpy.random.RandomState(0)
    c_prev = rng.uniform(-1, 1, c_shape).astype(numpy.float32)
    x = rng.uniform(-1, 1, (batch, 4 * c_shape[1]) + c_shape[2:]).astype(numpy.float32)
    gc = rng.uniform(-1, 1, c_shape).astype(numpy.float32)
    gh = rng.uniform(-1, 1, x.shape[:1] + c_shape[1:]).astype(numpy.float32)
    check_fast_backward(lstm_module.LSTM, F.lstm, [c_prev, x],
                        [None if use == 'h' else gc, None if use == 'c' else gh],
                        rtol=1e-6, atol=1e-7)
