"""The cuDNN RNN functions of v7 (NStepLSTM, ..., cudnn_rnn_weight_concat)."""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.backends import cuda
from chainer.functions.rnn import n_step_gru
from chainer.functions.rnn import n_step_lstm
from chainer.functions.rnn import n_step_rnn
from chainer.testing import attr

_CLASSES = [
    (n_step_rnn.NStepRNNTanh, 'uni', 'rnn_tanh'), (n_step_rnn.NStepRNNReLU, 'uni', 'rnn_relu'),
    (n_step_rnn.NStepBiRNNTanh, 'bi', 'rnn_tanh'), (n_step_rnn.NStepBiRNNReLU, 'bi', 'rnn_relu'),
    (n_step_lstm.NStepLSTM, 'uni', 'lstm'), (n_step_lstm.NStepBiLSTM, 'bi', 'lstm'),
    (n_step_gru.NStepGRU, 'uni', 'gru'), (n_step_gru.NStepBiGRU, 'bi', 'gru'),
]


@pytest.mark.parametrize('cls,rnn_dir,rnn_mode', _CLASSES)
def test_classes(cls, rnn_dir, rnn_mode):
    f = cls(2, None, [3, 2])
    assert isinstance(f, n_step_rnn.BaseNStepRNN) and isinstance(f, chainer.Function)
    assert (f.n_layers, f.lengths, f.rnn_dir, f.rnn_mode) == (2, [3, 2], rnn_dir, rnn_mode)
    assert f.use_cell == (rnn_mode == 'lstm')


def test_invalid_arguments():
    with pytest.raises(ValueError, match='rnn_dir'):
        n_step_rnn.BaseNStepRNN(1, None, [1], 'sideways', 'lstm')
    with pytest.raises(ValueError, match='rnn_mode'):
        n_step_rnn.CudnnRNNWeightConcat(1, None, 'uni', 'elman')
    with pytest.raises(ValueError, match='train argument is not supported'):
        n_step_rnn.NStepRNNTanh(1, None, [1], train=True)


def test_needs_cudnn_on_the_cpu():
    hx = numpy.zeros((1, 2, 3), numpy.float32)
    w = numpy.zeros((10, 1, 1), numpy.float32)
    xs = [numpy.zeros((2, 4), numpy.float32)]
    with pytest.raises(RuntimeError, match='cuDNN on a CUDA GPU only'):
        n_step_rnn.NStepRNNTanh(1, None, [2])(hx, w, *xs)


def _weights(n_layers, n_dirs, n_weights, in_size, out_size, rng):
    ws, bs = [], []
    for layer in range(n_layers):
        for _ in range(n_dirs):
            n_in = in_size if layer == 0 else out_size * n_dirs
            ws.append([rng.uniform(-1, 1, (out_size, n_in if j < n_weights // 2 else out_size))
                       .astype(numpy.float32) for j in range(n_weights)])
            bs.append([rng.uniform(-1, 1, out_size).astype(numpy.float32)
                       for _ in range(n_weights)])
    return ws, bs


@attr.gpu
@attr.cudnn
@pytest.mark.parametrize('cls,rnn_dir,rnn_mode', _CLASSES)
def test_same_as_the_functions(cls, rnn_dir, rnn_mode):
    rng = numpy.random.RandomState(0)
    n_layers, in_size, out_size, lengths = 2, 4, 3, [3, 2, 1]
    n_dirs = 2 if rnn_dir == 'bi' else 1
    ws, bs = _weights(n_layers, n_dirs, {'lstm': 8, 'gru': 6}.get(rnn_mode, 2),
                      in_size, out_size, rng)
    hx = rng.uniform(-1, 1, (n_layers * n_dirs, 3, out_size)).astype(numpy.float32)
    cx = rng.uniform(-1, 1, hx.shape).astype(numpy.float32)
    xs = [rng.uniform(-1, 1, (b, in_size)).astype(numpy.float32) for b in lengths]
    if rnn_mode == 'lstm':
        expected = getattr(F, 'n_step_bilstm' if n_dirs == 2 else 'n_step_lstm')(
            n_layers, 0.0, hx, cx, ws, bs, xs)
    elif rnn_mode == 'gru':
        expected = getattr(F, 'n_step_bigru' if n_dirs == 2 else 'n_step_gru')(
            n_layers, 0.0, hx, ws, bs, xs)
    else:
        expected = getattr(F, 'n_step_birnn' if n_dirs == 2 else 'n_step_rnn')(
            n_layers, 0.0, hx, ws, bs, xs, activation=rnn_mode[4:])
    gpu = cuda.to_gpu
    states = cuda.get_cudnn_dropout_states()
    w = n_step_rnn.cudnn_rnn_weight_concat(
        n_layers, states, n_dirs == 2, rnn_mode,
        [[gpu(a) for a in layer] for layer in ws], [[gpu(a) for a in layer] for layer in bs])
    states_in = (gpu(hx), gpu(cx)) if rnn_mode == 'lstm' else (gpu(hx),)
    outputs = cls(n_layers, states, lengths)(*(states_in + (w,) + tuple(gpu(x) for x in xs)))
    n_states = len(states_in)
    for got, want in zip(outputs[:n_states], expected[:n_states]):
        testing.assert_allclose(got.array, want.array, atol=1e-4, rtol=1e-4)
    for got, want in zip(outputs[n_states:], expected[-1]):
        testing.assert_allclose(got.array, want.array, atol=1e-4, rtol=1e-4)
