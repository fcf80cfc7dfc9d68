"""Recurrent networks: the LSTM cell and the n-step (bi)LSTM, (bi)GRU and (bi)RNN.

The n-step routines take Chainer's layouts: ``ws[i]``/``bs[i]`` are the weights/biases of
layer-direction ``i`` (8 for LSTM, 6 for GRU, 2 for RNN), ``xs`` is a list of ``(B_t, I)``
arrays with non-increasing batch sizes, and ``hx``/``cx`` are ``(L * D, B, H)``. They return
``(hy, cy, ys)`` (LSTM) or ``(hy, ys)``, all compositions of differentiable routines.
"""
from chainerx import _errors
from chainerx._routines import _core
from chainerx._routines import activation
from chainerx._routines import arithmetic
from chainerx._routines import connection
from chainerx._routines import indexing
from chainerx._routines import manipulation
from chainerx._routines import math


def lstm(c, x):
    """One LSTM step: returns ``(c_new, h)`` from the cell ``c`` ``(B, H)`` and the gate
    pre-activations ``x`` ``(B, 4H)`` (interleaved per unit as ``a, i, f, o``)."""
    _core.check_array(c, 'c')
    _core.check_array(x, 'x')
    if x.ndim < 2 or x.shape[1] % 4:
        raise _errors.DimensionError('lstm: x must be (B, 4H, ...), not {}'.format(x.shape))
    batch = x.shape[0]
    units = x.shape[1] // 4
    if c.shape[0] < batch or c.shape[1] != units:
        raise _errors.DimensionError('lstm: c of shape {} does not match x of shape {}'.format(
            c.shape, x.shape))
    gates = manipulation.reshape(x, (batch, units, 4) + x.shape[2:])
    a, i, f, o = (indexing.get_item(gates, (slice(None), slice(None), k)) for k in range(4))
    c_prev = c if c.shape[0] == batch else indexing.get_item(c, slice(0, batch))
    c_new = arithmetic.add(arithmetic.multiply(math.tanh(a), activation.sigmoid(i)),
                           arithmetic.multiply(activation.sigmoid(f), c_prev))
    h = arithmetic.multiply(activation.sigmoid(o), math.tanh(c_new))
    if c.shape[0] != batch:
        c_new = manipulation.concatenate(
            [c_new, indexing.get_item(c, slice(batch, None))], 0)
    return c_new, h


def _stack_weight(ws):
    w = manipulation.stack(ws, 1)
    return manipulation.reshape(w, (w.shape[0] * w.shape[1],) + w.shape[2:])


def _lstm_step(x, h, c, w, b):
    xw = _stack_weight([w[2], w[0], w[1], w[3]])
    hw = _stack_weight([w[6], w[4], w[5], w[7]])
    xb = _stack_weight([b[2], b[0], b[1], b[3]])
    hb = _stack_weight([b[6], b[4], b[5], b[7]])
    gates = arithmetic.add(connection.linear(x, xw, xb), connection.linear(h, hw, hb))
    c_new, h_new = lstm(c, gates)
    return h_new, c_new


def _gru_step(x, h, c, w, b):
    xw = manipulation.concatenate([w[0], w[1], w[2]], 0)
    hw = manipulation.concatenate([w[3], w[4], w[5]], 0)
    xb = manipulation.concatenate([b[0], b[1], b[2]], 0)
    hb = manipulation.concatenate([b[3], b[4], b[5]], 0)
    wr_x, wz_x, w_x = manipulation.split(connection.linear(x, xw, xb), 3, 1)
    ur_h, uz_h, u_h = manipulation.split(connection.linear(h, hw, hb), 3, 1)
    r = activation.sigmoid(arithmetic.add(wr_x, ur_h))
    z = activation.sigmoid(arithmetic.add(wz_x, uz_h))
    h_bar = math.tanh(arithmetic.add(w_x, arithmetic.multiply(r, u_h)))
    one = z.dtype.type(1)
    return arithmetic.add(arithmetic.multiply(arithmetic.subtract(one, z), h_bar),
                          arithmetic.multiply(z, h)), None


def _rnn_step(activation_name):
    def step(x, h, c, w, b):
        act = {'tanh': math.tanh, 'relu': activation.relu}[activation_name]
        return act(arithmetic.add(connection.linear(x, w[0], b[0]),
                                  connection.linear(h, w[1], b[1]))), None
    return step


def _check_seq(xs, ws, bs, n_layers, n_dirs, n_weights):
    if len(ws) != n_layers * n_dirs or len(bs) != n_layers * n_dirs:
        raise _errors.DimensionError('ws and bs must have {} elements each'.format(
            n_layers * n_dirs))
    for w, b in zip(ws, bs):
        if len(w) != n_weights or len(b) != n_weights:
            raise _errors.DimensionError('each ws[i] and bs[i] must have {} arrays'.format(
                n_weights))
    if not xs:
        raise _errors.DimensionError('xs must not be empty')
    for prev, cur in zip(xs, xs[1:]):
        if cur.shape[0] > prev.shape[0]:
            raise _errors.DimensionError('the batch sizes of xs must be non-increasing')


def _run_direction(step, xs, h, c, w, b, reverse):
    order = range(len(xs) - 1, -1, -1) if reverse else range(len(xs))
    outputs = [None] * len(xs)
    for t in order:
        x = xs[t]
        batch = x.shape[0]
        h_t = h if h.shape[0] == batch else indexing.get_item(h, slice(0, batch))
        c_t = None
        if c is not None:
            c_t = c if c.shape[0] == batch else indexing.get_item(c, slice(0, batch))
        h_new, c_new = step(x, h_t, c_t, w, b)
        outputs[t] = h_new
        if batch < h.shape[0]:
            h = manipulation.concatenate([h_new, indexing.get_item(h, slice(batch, None))], 0)
            if c is not None:
                c = manipulation.concatenate(
                    [c_new, indexing.get_item(c, slice(batch, None))], 0)
        else:
            h = h_new
            c = c_new
    return h, c, outputs


def _n_step(step, n_layers, hx, cx, ws, bs, xs, n_dirs, n_weights):
    xs = list(xs)
    _check_seq(xs, ws, bs, n_layers, n_dirs, n_weights)
    hys = []
    cys = []
    inputs = xs
    for layer in range(n_layers):
        dir_outputs = []
        for d in range(n_dirs):
            i = layer * n_dirs + d
            h = indexing.get_item(hx, i)
            c = None if cx is None else indexing.get_item(cx, i)
            h, c, outs = _run_direction(step, inputs, h, c, ws[i], bs[i], d == 1)
            hys.append(h)
            cys.append(c)
            dir_outputs.append(outs)
        if n_dirs == 1:
            inputs = dir_outputs[0]
        else:
            inputs = [manipulation.concatenate([f, b], 1)
                      for f, b in zip(dir_outputs[0], dir_outputs[1])]
    hy = manipulation.stack(hys, 0)
    cy = None if cx is None else manipulation.stack(cys, 0)
    return hy, cy, inputs


def n_step_lstm(n_layers, hx, cx, ws, bs, xs):
    """Stacked uni-directional LSTM; returns ``(hy, cy, ys)``."""
    return _n_step(_lstm_step, n_layers, hx, cx, ws, bs, xs, 1, 8)


def n_step_bilstm(n_layers, hx, cx, ws, bs, xs):
    """Stacked bi-directional LSTM; returns ``(hy, cy, ys)``."""
    return _n_step(_lstm_step, n_layers, hx, cx, ws, bs, xs, 2, 8)


def n_step_gru(n_layers, hx, ws, bs, xs):
    """Stacked uni-directional GRU; returns ``(hy, ys)``."""
    hy, _, ys = _n_step(_gru_step, n_layers, hx, None, ws, bs, xs, 1, 6)
    return hy, ys


def n_step_bigru(n_layers, hx, ws, bs, xs):
    """Stacked bi-directional GRU; returns ``(hy, ys)``."""
    hy, _, ys = _n_step(_gru_step, n_layers, hx, None, ws, bs, xs, 2, 6)
    return hy, ys


def n_step_rnn(n_layers, hx, ws, bs, xs, activation='tanh'):
    """Stacked uni-directional Elman RNN (``activation`` ``'tanh'`` or ``'relu'``); returns
    ``(hy, ys)``."""
    _check_activation(activation)
    hy, _, ys = _n_step(_rnn_step(activation), n_layers, hx, None, ws, bs, xs, 1, 2)
    return hy, ys


def n_step_birnn(n_layers, hx, ws, bs, xs, activation='tanh'):
    """Stacked bi-directional Elman RNN; returns ``(hy, ys)``."""
    _check_activation(activation)
    hy, _, ys = _n_step(_rnn_step(activation), n_layers, hx, None, ws, bs, xs, 2, 2)
    return hy, ys


def _check_activation(activation):
    if activation not in ('tanh', 'relu'):
        raise ValueError('activation must be \'tanh\' or \'relu\', not {!r}'.format(
            activation))
