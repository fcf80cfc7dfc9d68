"""Tests of n_step_lstm / n_step_bilstm / n_step_gru / n_step_bigru / n_step_rnn / n_step_birnn."""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import gradient_check
from chainer import testing
from chainer.utils import type_check


def _sigmoid(x):
    return 1 / (1 + numpy.exp(-x))


def _lstm_step(x, h, c, w, b):
    i = _sigmoid(x.dot(w[0].T) + h.dot(w[4].T) + b[0] + b[4])
    f = _sigmoid(x.dot(w[1].T) + h.dot(w[5].T) + b[1] + b[5])
    a = numpy.tanh(x.dot(w[2].T) + h.dot(w[6].T) + b[2] + b[6])
    o = _sigmoid(x.dot(w[3].T) + h.dot(w[7].T) + b[3] + b[7])
    c = f * c + i * a
    return o * numpy.tanh(c), c


def _gru_step(x, h, c, w, b):
    r = _sigmoid(x.dot(w[0].T) + b[0] + h.dot(w[3].T) + b[3])
    z = _sigmoid(x.dot(w[1].T) + b[1] + h.dot(w[4].T) + b[4])
    h_bar = numpy.tanh(x.dot(w[2].T) + b[2] + r * (h.dot(w[5].T) + b[5]))
    return (1 - z) * h_bar + z * h, None


def _rnn_step(activation):
    def step(x, h, c, w, b):
        u = x.dot(w[0].T) + b[0] + h.dot(w[1].T) + b[1]
        return (numpy.tanh(u) if activation == 'tanh' else numpy.maximum(u, 0)), None
    return step


def _ref(step, n_layers, bi, hx, cx, ws, bs, seqs):
    """Reference over a list of per-sequence arrays (not transposed), float64."""
    d = 2 if bi else 1
    inputs = [s.astype(numpy.float64) for s in seqs]
    hy = numpy.zeros(hx.shape)
    cy = numpy.zeros(hx.shape)
    for layer in range(n_layers):
        outs = [[] for _ in inputs]
        for di in range(d):
            idx = layer * d + di
            for k, seq in enumerate(inputs):
                h = hx[idx, k].astype(numpy.float64)
                c = None if cx is None else cx[idx, k].astype(numpy.float64)
                ts = range(len(seq)) if di == 0 else reversed(range(len(seq)))
                hs = [None] * len(seq)
                for t in ts:
                    h, c = step(seq[t][None], h[None], None if c is None else c[None],
                                ws[idx], bs[idx])
                    h = h[0]
                    c = None if c is None else c[0]
                    hs[t] = h
                hy[idx, k] = h
                if c is not None:
                    cy[idx, k] = c
                outs[k].append(numpy.stack(hs))
        inputs = [numpy.concatenate(o, axis=1) for o in outs]
    return hy, cy, inputs


def _params(kind, n_layers, bi, in_size, out_size, dtype):
    n_w = {'lstm': 8, 'gru': 6, 'rnn': 2}[kind]
    d = 2 if bi else 1
    ws, bs = [], []
    for layer in range(n_layers):
        for _ in range(d):
            w = []
            for j in range(n_w):
                cols = out_size
                if j < n_w // 2:
                    cols = in_size if layer == 0 else out_size * d
                w.append(numpy.random.uniform(-1, 1, (out_size, cols)).astype(dtype))
            ws.append(w)
            bs.append([numpy.random.uniform(-1, 1, (out_size,)).astype(dtype)
                       for _ in range(n_w)])
    return ws, bs


def _transpose(seqs):
    # sequences sorted by decreasing length -> list of per-time-step batches
    return [numpy.stack([s[t] for s in seqs if len(s) > t])
            for t in range(len(seqs[0]))]


_FUNCS = {
    ('lstm', False): F.n_step_lstm, ('lstm', True): F.n_step_bilstm,
    ('gru', False): F.n_step_gru, ('gru', True): F.n_step_bigru,
    ('rnn', False): F.n_step_rnn, ('rnn', True): F.n_step_birnn,
}


def _call(kind, bi, activation, n_layers, hx, cx, ws, bs, xs):
    f = _FUNCS[kind, bi]
    if kind == 'lstm':
        hy, cy, ys = f(n_layers, 0.0, hx, cx, ws, bs, xs)
        return hy, cy, ys
    if kind == 'rnn':
        hy, ys = f(n_layers, 0.0, hx, ws, bs, xs, activation=activation)
    else:
        hy, ys = f(n_layers, 0.0, hx, ws, bs, xs)
    return hy, None, ys


@pytest.mark.parametrize('kind,activation', [
    ('lstm', None), ('gru', None), ('rnn', 'tanh'), ('rnn', 'relu')])
@pytest.mark.parametrize('bi', [False, True])
@pytest.mark.parametrize('n_layers', [1, 2])
@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
def test_forward(kind, activation, bi, n_layers, dtype):
    in_size, out_size = 3, 2
    lengths = [4, 2, 2, 1]
    seqs = [numpy.random.uniform(-1, 1, (n, in_size)).astype(dtype) for n in lengths]
    d = 2 if bi else 1
    hx = numpy.random.uniform(-1, 1, (n_layers * d, len(seqs), out_size)).astype(dtype)
    cx = numpy.random.uniform(-1, 1, hx.shape).astype(dtype) if kind == 'lstm' else None
    ws, bs = _params(kind, n_layers, bi, in_size, out_size, dtype)
    step = {'lstm': _lstm_step, 'gru': _gru_step}.get(kind) or _rnn_step(activation)

    hy, cy, ys = _call(kind, bi, activation, n_layers, hx, cx, ws, bs, _transpose(seqs))
    e_hy, e_cy, e_seqs = _ref(step, n_layers, bi, hx, cx, ws, bs, seqs)

    tol = {'atol': 2e-2, 'rtol': 2e-2} if dtype == numpy.float16 else {
        'atol': 1e-5, 'rtol': 1e-4}
    assert hy.shape == (n_layers * d, len(seqs), out_size) and hy.dtype == dtype
    testing.assert_allclose(hy.array, e_hy, **tol)
    if kind == 'lstm':
        testing.assert_allclose(cy.array, e_cy, **tol)
    e_ys = _transpose(e_seqs)
    assert len(ys) == len(e_ys)
    for y, e in zip(ys, e_ys):
        assert y.shape == (e.shape[0], out_size * d)
        testing.assert_allclose(y.array, e, **tol)


@pytest.mark.parametrize('kind', ['lstm', 'gru', 'rnn'])
@pytest.mark.parametrize('bi', [False, True])
def test_backward(kind, bi):
    n_layers, in_size, out_size = 2, 2, 2
    lengths = [3, 2, 1]
    d = 2 if bi else 1
    xs = _transpose([numpy.random.uniform(-1, 1, (n, in_size)) for n in lengths])
    hx = numpy.random.uniform(-1, 1, (n_layers * d, 3, out_size))
    cx = numpy.random.uniform(-1, 1, hx.shape)
    ws, bs = _params(kind, n_layers, bi, in_size, out_size, numpy.float64)
    flat_w = [w for ws_i in ws for w in ws_i]
    flat_b = [b for bs_i in bs for b in bs_i]
    n_w = len(ws[0])
    use_cell = kind == 'lstm'
    inputs = [hx] + ([cx] if use_cell else []) + flat_w + flat_b + xs

    def f(*args):
        args = list(args)
        h = args.pop(0)
        c = args.pop(0) if use_cell else None
        w = [args[i * n_w:(i + 1) * n_w] for i in range(len(ws))]
        args = args[len(flat_w):]
        b = [args[i * n_w:(i + 1) * n_w] for i in range(len(bs))]
        x = args[len(flat_b):]
        hy, cy, ys = _call(kind, bi, 'tanh', n_layers, h, c, w, b, x)
        outs = (hy,) + ((cy,) if use_cell else ()) + tuple(ys)
        return outs

    outs = f(*inputs)
    gys = [numpy.random.uniform(-1, 1, o.shape) for o in outs]
    gradient_check.check_backward(f, tuple(inputs), tuple(gys), atol=1e-4, rtol=1e-4)


def test_dropout_between_layers_only():
    in_size = out_size = 3
    xs = [numpy.random.uniform(-1, 1, (2, in_size)).astype('f') for _ in range(2)]
    for n_layers, differs in [(1, False), (2, True)]:
        hx = numpy.zeros((n_layers, 2, out_size), 'f')
        ws, bs = _params('rnn', n_layers, False, in_size, out_size, numpy.float32)
        with chainer.using_config('train', False):
            hy_test, _ = F.n_step_rnn(n_layers, 0.9, hx, ws, bs, xs)
        with chainer.using_config('train', True):
            hy_train, _ = F.n_step_rnn(n_layers, 0.9, hx, ws, bs, xs)
        assert (not numpy.allclose(hy_test.array, hy_train.array)) == differs


def test_removed_arguments_and_bad_activation():
    hx = numpy.zeros((1, 1, 2), 'f')
    ws, bs = _params('rnn', 1, False, 2, 2, numpy.float32)
    xs = [numpy.zeros((1, 2), 'f')]
    with pytest.raises(ValueError, match='train'):
        F.n_step_rnn(1, 0.0, hx, ws, bs, xs, train=True)
    with pytest.raises(ValueError, match='use_cudnn'):
        F.n_step_lstm(1, 0.0, hx, hx, ws, bs, xs, use_cudnn=True)
    with pytest.raises(ValueError, match='Invalid activation'):
        F.n_step_rnn(1, 0.0, hx, ws, bs, xs, activation='sigmoid')
    with pytest.raises(TypeError):
        F.n_step_gru(1, 0.0, hx, ws, bs, xs, unknown=1)
    with pytest.raises(ValueError, match='n_layers'):
        F.n_step_rnn(2, 0.0, hx, ws, bs, xs)


@pytest.mark.parametrize('kind,bi', [(kind, bi) for kind in ('lstm', 'gru', 'rnn')
                                     for bi in (False, True)])
def test_input_size_mismatch(kind, bi):
    # as in v7, n_step_lstm and n_step_rnn raise a ValueError, n_step_gru fails in linear
    d = 2 if bi else 1
    hx = numpy.zeros((d, 1, 4), 'f')
    ws, bs = _params(kind, 1, bi, 3, 4, numpy.float32)
    xs = [numpy.zeros((1, 5), 'f')]
    if kind == 'gru':
        with pytest.raises(type_check.InvalidType, match='LinearFunction'):
            _call(kind, bi, None, 1, hx, hx, ws, bs, xs)
    else:
        with pytest.raises(ValueError, match='Inconsistent input size in input values and '
                                             'weight parameters: 5 != 3'):
            _call(kind, bi, 'tanh', 1, hx, hx, ws, bs, xs)


@pytest.mark.gpu
@pytest.mark.parametrize('kind', ['lstm', 'gru', 'rnn'])
def test_gpu_matches_cpu(kind):
    from chainer.backends import cuda
    n_layers, in_size, out_size = 2, 3, 2
    seqs = [numpy.random.uniform(-1, 1, (n, in_size)).astype('f') for n in (3, 2, 1)]
    hx = numpy.random.uniform(-1, 1, (2 * n_layers, 3, out_size)).astype('f')
    cx = numpy.random.uniform(-1, 1, hx.shape).astype('f')
    ws, bs = _params(kind, n_layers, True, in_size, out_size, numpy.float32)
    xs = _transpose(seqs)
    expected = _call(kind, True, 'tanh', n_layers, hx, cx, ws, bs, xs)
    g = cuda.to_gpu
    actual = _call(kind, True, 'tanh', n_layers, g(hx), g(cx), [[g(w) for w in w_i] for w_i in ws],
                   [[g(b) for b in b_i] for b_i in bs], [g(x) for x in xs])
    testing.assert_allclose(cuda.to_cpu(actual[0].array), expected[0].array, atol=1e-5)
    for y, e in zip(actual[2], expected[2]):
        testing.assert_allclose(cuda.to_cpu(y.array), e.array, atol=1e-5)
