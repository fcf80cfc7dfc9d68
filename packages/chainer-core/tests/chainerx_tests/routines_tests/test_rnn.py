"""The LSTM cell and the n-step recurrent routines against NumPy references."""
import numpy
import pytest

import chainerx
import chainerx.testing


def _uniform(shape, seed, dtype='float64'):
    return numpy.random.RandomState(seed).uniform(-1, 1, shape).astype(dtype)


def _sigmoid(x):
    return 1 / (1 + numpy.exp(-x))


def _lstm_reference(c, x):
    batch = x.shape[0]
    gates = x.reshape(batch, x.shape[1] // 4, 4)
    a, i, f, o = (gates[:, :, k] for k in range(4))
    c_prev = c[:batch]
    c_new = numpy.tanh(a) * _sigmoid(i) + _sigmoid(f) * c_prev
    h = _sigmoid(o) * numpy.tanh(c_new)
    return numpy.concatenate([c_new, c[batch:]]), h


@pytest.mark.parametrize('c_batch,x_batch', [(2, 2), (3, 2)])
def test_lstm(grad_check, c_batch, x_batch):
    c = _uniform((c_batch, 3), 0)
    x = _uniform((x_batch, 12), 1)
    c_new, h = chainerx.lstm(chainerx.array(c), chainerx.array(x))
    ec, eh = _lstm_reference(c, x)
    chainerx.testing.assert_allclose(c_new, ec, rtol=1e-10)
    chainerx.testing.assert_allclose(h, eh, rtol=1e-10)
    grad_check(lambda xs: chainerx.lstm(xs[0], xs[1]), [c, x])


def test_lstm_errors():
    with pytest.raises(chainerx.DimensionError):
        chainerx.lstm(chainerx.ones((2, 3)), chainerx.ones((2, 10)))
    with pytest.raises(chainerx.DimensionError):
        chainerx.lstm(chainerx.ones((2, 2)), chainerx.ones((2, 12)))


def _linear(x, w, b):
    return x.dot(w.T) + b


def _lstm_step(x, h, c, w, b):
    xw = numpy.stack([w[2], w[0], w[1], w[3]], 1).reshape(-1, w[0].shape[1])
    hw = numpy.stack([w[6], w[4], w[5], w[7]], 1).reshape(-1, w[4].shape[1])
    xb = numpy.stack([b[2], b[0], b[1], b[3]], 1).reshape(-1)
    hb = numpy.stack([b[6], b[4], b[5], b[7]], 1).reshape(-1)
    c_new, h_new = _lstm_reference(c, _linear(x, xw, xb) + _linear(h, hw, hb))
    return h_new, c_new


def _gru_step(x, h, c, w, b):
    r = _sigmoid(_linear(x, w[0], b[0]) + _linear(h, w[3], b[3]))
    z = _sigmoid(_linear(x, w[1], b[1]) + _linear(h, w[4], b[4]))
    h_bar = numpy.tanh(_linear(x, w[2], b[2]) + r * _linear(h, w[5], b[5]))
    return (1 - z) * h_bar + z * h, None


def _rnn_step(x, h, c, w, b):
    return numpy.tanh(_linear(x, w[0], b[0]) + _linear(h, w[1], b[1])), None


def _n_step_reference(step, n_layers, n_dirs, hx, cx, ws, bs, xs):
    hys, cys = [], []
    inputs = xs
    for layer in range(n_layers):
        outs_per_dir = []
        for d in range(n_dirs):
            i = layer * n_dirs + d
            h = hx[i]
            c = None if cx is None else cx[i]
            outs = [None] * len(inputs)
            order = range(len(inputs) - 1, -1, -1) if d else range(len(inputs))
            for t in order:
                batch = inputs[t].shape[0]
                h_new, c_new = step(inputs[t], h[:batch], None if c is None else c[:batch],
                                    ws[i], bs[i])
                outs[t] = h_new
                h = numpy.concatenate([h_new, h[batch:]])
                if c is not None:
                    c = numpy.concatenate([c_new, c[batch:]])
            hys.append(h)
            cys.append(c)
            outs_per_dir.append(outs)
        inputs = outs_per_dir[0] if n_dirs == 1 else [
            numpy.concatenate([f, b], 1) for f, b in zip(*outs_per_dir)]
    return numpy.stack(hys), None if cx is None else numpy.stack(cys), inputs


_KINDS = {
    'lstm': (chainerx.n_step_lstm, _lstm_step, 1, 8, True),
    'bilstm': (chainerx.n_step_bilstm, _lstm_step, 2, 8, True),
    'gru': (chainerx.n_step_gru, _gru_step, 1, 6, False),
    'bigru': (chainerx.n_step_bigru, _gru_step, 2, 6, False),
    'rnn': (chainerx.n_step_rnn, _rnn_step, 1, 2, False),
    'birnn': (chainerx.n_step_birnn, _rnn_step, 2, 2, False),
}


def _params(kind, n_layers, in_size, units, seed):
    _, _, n_dirs, n_weights, _ = _KINDS[kind]
    ws, bs = [], []
    k = seed
    for layer in range(n_layers):
        for _ in range(n_dirs):
            layer_in = in_size if layer == 0 else units * n_dirs
            w_layer, b_layer = [], []
            for j in range(n_weights):
                cols = layer_in if j < n_weights // 2 else units
                w_layer.append(_uniform((units, cols), k))
                b_layer.append(_uniform((units,), k + 1))
                k += 2
            ws.append(w_layer)
            bs.append(b_layer)
    return ws, bs


@pytest.mark.parametrize('kind', sorted(_KINDS))
def test_n_step(kind):
    routine, step, n_dirs, _, has_cell = _KINDS[kind]
    n_layers, in_size, units = 2, 3, 4
    ws, bs = _params(kind, n_layers, in_size, units, 10)
    xs = [_uniform((3, in_size), 1), _uniform((3, in_size), 2), _uniform((1, in_size), 3)]
    hx = _uniform((n_layers * n_dirs, 3, units), 4)
    cx = _uniform((n_layers * n_dirs, 3, units), 5) if has_cell else None
    chx = lambda a: chainerx.array(a)  # noqa: E731
    args = [n_layers, chx(hx)] + ([chx(cx)] if has_cell else []) + [
        [[chx(w) for w in layer] for layer in ws], [[chx(b) for b in layer] for layer in bs],
        [chx(x) for x in xs]]
    result = routine(*args)
    ehy, ecy, eys = _n_step_reference(step, n_layers, n_dirs, hx, cx, ws, bs, xs)
    if has_cell:
        hy, cy, ys = result
        chainerx.testing.assert_allclose(cy, ecy, rtol=1e-10)
    else:
        hy, ys = result
    chainerx.testing.assert_allclose(hy, ehy, rtol=1e-10)
    assert len(ys) == len(eys)
    for y, ey in zip(ys, eys):
        chainerx.testing.assert_allclose(y, ey, rtol=1e-10)


@pytest.mark.parametrize('kind', ['lstm', 'bigru', 'rnn'])
def test_n_step_backward(grad_check, kind):
    routine, _, n_dirs, n_weights, has_cell = _KINDS[kind]
    ws, bs = _params(kind, 1, 2, 2, 20)
    flat = [w for layer in ws for w in layer] + [b for layer in bs for b in layer]
    xs = [_uniform((2, 2), 1), _uniform((1, 2), 2)]
    hx = _uniform((n_dirs, 2, 2), 3)
    cx = _uniform((n_dirs, 2, 2), 4) if has_cell else None
    n_w = len(flat) // 2

    def func(args):
        h = args[0]
        rest = args[1:]
        c = None
        if has_cell:
            c, rest = rest[0], rest[1:]
        x_list = list(rest[:2])
        params = rest[2:]
        w_flat, b_flat = params[:n_w], params[n_w:]
        ws_ = [list(w_flat[i * n_weights:(i + 1) * n_weights]) for i in range(n_dirs)]
        bs_ = [list(b_flat[i * n_weights:(i + 1) * n_weights]) for i in range(n_dirs)]
        call = [1, h] + ([c] if has_cell else []) + [ws_, bs_, x_list]
        out = routine(*call)
        ys = out[-1]
        return list(out[:-1]) + list(ys)

    inputs = [hx] + ([cx] if has_cell else []) + xs + flat
    grad_check(func, inputs, double=False)


def test_n_step_errors():
    x = chainerx.ones((2, 3))
    with pytest.raises(chainerx.DimensionError):
        chainerx.n_step_rnn(1, chainerx.ones((1, 2, 4)), [], [], [x])
    with pytest.raises(ValueError):
        chainerx.n_step_rnn(1, chainerx.ones((1, 2, 4)), [[x, x]], [[x, x]], [x],
                            activation='sigmoid')
