"""LSTM activation function (the cell update of one step)."""
import chainer
from chainer import backend
from chainer import function_node
from chainer.functions.activation.sigmoid import _sigmoid
from chainer.utils import type_check


def _extract_gates(x):
    # The gates are interleaved along axis 1: [a0 i0 f0 o0 a1 i1 f1 o1 ...].
    r = x.reshape((len(x), x.shape[1] // 4, 4) + x.shape[2:])
    return [r[:, :, i] for i in range(4)]


def _activate(xp, a, i, f, o):
    return xp.tanh(a), _sigmoid(i), _sigmoid(f), _sigmoid(o)


def _activations(xp, x):
    # Returns ``(t, sig)``, two contiguous arrays shaped like the gates ``(B, U, 4, ...)``:
    # ``t[:, :, 0] = tanh(a)`` and ``sig[:, :, k] = sigmoid(gate k)`` for k = 1, 2, 3 (i, f, o;
    # ``sig[:, :, 0]`` is unused). Everything runs on whole contiguous arrays (ufuncs over the
    # interleaved gate views are slow): sigmoid(v) = 0.5 * tanh(0.5 * v) + 0.5, as _sigmoid.
    shape = (len(x), x.shape[1] // 4, 4) + x.shape[2:]
    half = x.dtype.type(0.5)
    t = xp.multiply(x, half).reshape(shape)
    t[:, :, 0] = x.reshape(shape)[:, :, 0]
    xp.tanh(t, out=t)
    sig = t * half
    sig += half
    return t, sig


def _lstm_grad(xp, c_prev, x, c, gc, gh, act=None, tc=None):
    """Array-level gradient of the LSTM cell: returns ``(gc_prev, gx)``.

    ``gc`` and ``gh`` may be None (zero); ``act`` is :func:`_activations` of ``x`` and ``tc``
    is ``tanh(c[:len(x)])`` when the caller kept them.
    """
    batch = len(x)
    t, sig = _activations(xp, x) if act is None else act
    ta, si, sf, so = t[:, :, 0], sig[:, :, 1], sig[:, :, 2], sig[:, :, 3]
    if tc is None:
        tc = xp.tanh(c[:batch])
    # gx = p * d per gate: p = (G si, G ta, G c_prev, gh tanh(c)), d = (1 - ta^2, sigmoid')
    p = xp.empty(t.shape, x.dtype)
    if gh is None:
        G = xp.zeros(tc.shape, x.dtype) if gc is None else gc[:batch].copy()
        p[:, :, 3] = 0
    else:
        G = gh * so
        xp.multiply(gh, tc, out=p[:, :, 3])
        G *= 1 - tc * tc
        if gc is not None:
            G += gc[:batch]
    xp.multiply(G, si, out=p[:, :, 0])
    xp.multiply(G, ta, out=p[:, :, 1])
    xp.multiply(G, c_prev[:batch], out=p[:, :, 2])
    d = 1 - sig
    d *= sig
    d[:, :, 0] = 1 - ta * ta
    p *= d
    gc_prev = xp.empty_like(c_prev)
    xp.multiply(G, sf, out=gc_prev[:batch])
    if gc is None:
        gc_prev[batch:] = 0
    else:
        gc_prev[batch:] = gc[batch:]
    return gc_prev, p.reshape(x.shape)


def _zeros_like_var(v):
    xp = backend.get_array_module(v.array)
    return chainer.Variable(xp.zeros(v.shape, v.dtype), requires_grad=False)


def _grad_grad_core(tas, sis, so, tc, gh, gc, sfs, cps, ggas, ggis, ggo, ggfs, ggcps):
    # Second-order terms of an LSTM-like cell with c = sum_j ta_j*si_j + sum_k sf_k*cp_k and
    # h = so*tanh(c), given the gradients of the first-order outputs (gga_j, ggi_j, ggo,
    # ggf_k for the gate pre-activations, ggcp_k for the previous cells). Arrays of the
    # updated rows only; returns lists for the pairs (a_j, i_j) and (f_k, cp_k).
    dso = so * (1 - so)
    dtc = 1 - tc * tc
    G = gh * so * dtc + gc
    gG = 0
    g_as = []
    g_is = []
    for ta, si, gga, ggi in zip(tas, sis, ggas, ggis):
        dta = 1 - ta * ta
        dsi = si * (1 - si)
        gG = gG + gga * si * dta + ggi * ta * dsi
        g_as.append(G * dta * (ggi * dsi - 2 * gga * si * ta))
        g_is.append(G * dsi * (gga * dta + ggi * ta * (1 - 2 * si)))
    g_cps = []
    g_fs = []
    for sf, cp, ggf, ggcp in zip(sfs, cps, ggfs, ggcps):
        dsf = sf * (1 - sf)
        gG = gG + ggcp * sf + ggf * cp * dsf
        g_cps.append(ggf * G * dsf)
        g_fs.append(G * dsf * (ggcp + ggf * cp * (1 - 2 * sf)))
    g_o = gh * dso * (gG * dtc + ggo * tc * (1 - 2 * so))
    g_c = gh * dtc * (ggo * dso - 2 * gG * so * tc)
    g_gh = gG * so * dtc + ggo * tc * dso
    return g_cps, g_as, g_is, g_fs, g_o, g_c, gG, g_gh


class LSTM(function_node.FunctionNode):
    """Long short-term memory unit with forget gate (one step).

    Inputs ``(c_prev, x)``, outputs ``(c, h)``. ``x`` may have fewer rows than ``c_prev``
    (variable-length batches sorted by decreasing length): only the first ``len(x)`` rows
    of the cell are updated, the others are passed through.
    """

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('c', 'x'))
        c_type, x_type = in_types
        type_check.expect(
            c_type.dtype.kind == 'f',
            x_type.dtype == c_type.dtype,
            c_type.ndim >= 2,
            x_type.ndim >= 2,
            c_type.ndim == x_type.ndim,
            x_type.shape[0] <= c_type.shape[0],
            x_type.shape[1] == 4 * c_type.shape[1],
        )
        for i in range(2, type_check.eval(c_type.ndim)):
            type_check.expect(x_type.shape[i] == c_type.shape[i])

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        c_prev, x = inputs
        xp = backend.get_array_module(x)
        batch = len(x)
        t, sig = act = _activations(xp, x)
        c_next = xp.empty_like(c_prev)
        c = c_next[:batch]
        xp.multiply(t[:, :, 0], sig[:, :, 1], out=c)
        c += sig[:, :, 2] * c_prev[:batch]
        c_next[batch:] = c_prev[batch:]
        tc = xp.tanh(c)
        h = sig[:, :, 3] * tc
        self.retain_outputs((0,))
        self._fast = (act, c_next, tc)   # for the array-level backward
        return c_next, h

    def backward(self, indexes, grad_outputs):
        c_prev, x = self.get_retained_inputs()
        c_next, = self.get_retained_outputs()
        gc, gh = grad_outputs
        if gc is None:
            gc = _zeros_like_var(c_next)
        if gh is None:
            xp = backend.get_array_module(x.array)
            gh = chainer.Variable(
                xp.zeros((len(x),) + c_next.shape[1:], x.dtype), requires_grad=False)
        return LSTMGrad().apply((c_prev, x, c_next, gc, gh))

    def _backward_arrays(self, indexes, grad_outputs):
        # Array-level twin of ``backward`` (the values of LSTMGrad.forward); None gradients
        # stand for zeros.
        gc, gh = grad_outputs
        c_prev = self.inputs[0].data
        x = self.inputs[1].data
        act, c_next, tc = self._fast
        grads = _lstm_grad(backend.get_array_module(x), c_prev, x, c_next, gc, gh, act, tc)
        return tuple([grads[i] for i in indexes])


class LSTMGrad(function_node.FunctionNode):
    """Gradient of :class:`LSTM`: inputs ``(c_prev, x, c, gc, gh)``, outputs ``(gc_prev, gx)``.

    Its own gradient is computed by :func:`lstm_grad_grad` (not differentiable further).
    """

    def forward(self, inputs):
        self.retain_inputs((0, 1, 2, 3, 4))
        c_prev, x, c, gc, gh = inputs
        return _lstm_grad(backend.get_array_module(x), c_prev, x, c, gc, gh)

    def backward(self, indexes, grad_outputs):
        c_prev, x, c, gc, gh = self.get_retained_inputs()
        ggc_prev, ggx = grad_outputs
        xp = backend.get_array_module(x.array)
        batch = len(x)
        c_prev, x, c, gc, gh = c_prev.array, x.array, c.array, gc.array, gh.array
        ggc_prev = xp.zeros_like(c_prev) if ggc_prev is None else ggc_prev.array
        ggx = xp.zeros_like(x) if ggx is None else ggx.array
        gga, ggi, ggf, ggo = _extract_gates(ggx)
        ta, si, sf, so = _activate(xp, *_extract_gates(x))
        g_c_prev_b, g_a, g_i, g_f, g_o, g_c_b, g_gc_b, g_gh = lstm_grad_grad(
            c_prev[:batch], ta, si, sf, so, c[:batch], gc[:batch], gh,
            ggc_prev[:batch], gga, ggi, ggf, ggo)

        g_c_prev = xp.zeros_like(c_prev)
        g_c_prev[:batch] = g_c_prev_b
        g_x = xp.empty(x.shape, x.dtype)
        for dst, src in zip(_extract_gates(g_x), (g_a, g_i, g_f, g_o)):
            dst[...] = src
        g_c = xp.zeros_like(c)
        g_c[:batch] = g_c_b
        g_gc = xp.empty_like(gc)
        g_gc[:batch] = g_gc_b
        g_gc[batch:] = ggc_prev[batch:]
        ret = (g_c_prev, g_x, g_c, g_gc, g_gh)
        return tuple(chainer.Variable(ret[i].astype(x.dtype, copy=False)) for i in indexes)


def lstm_grad_grad(c_prev, a, i, f, o, c, gc, gh, ggc_prev, gga, ggi, ggf, ggo):
    """Second-order gradients of the LSTM cell on arrays (the updated rows only).

    Args:
        c_prev, c: Previous and next cell states.
        a, i, f, o: Activated gates (``tanh(a)``, ``sigmoid(i)``, ``sigmoid(f)``,
            ``sigmoid(o)``).
        gc, gh: Gradients with respect to the outputs ``c`` and ``h``.
        ggc_prev, gga, ggi, ggf, ggo: Gradients with respect to the outputs of
            :class:`LSTMGrad` (``gc_prev`` and the four gate slices of ``gx``).

    Returns:
        tuple: Gradients with respect to ``c_prev``, the gate pre-activations ``a, i, f, o``,
        ``c``, ``gc`` and ``gh``.
    """
    xp = backend.get_array_module(c)
    tc = xp.tanh(c)
    g_cps, g_as, g_is, g_fs, g_o, g_c, g_gc, g_gh = _grad_grad_core(
        (a,), (i,), o, tc, gh, gc, (f,), (c_prev,), (gga,), (ggi,), ggo, (ggf,), (ggc_prev,))
    return g_cps[0], g_as[0], g_is[0], g_fs[0], g_o, g_c, g_gc, g_gh


def lstm(c_prev, x):
    """Long Short-Term Memory units as an activation function.

    ``x`` holds the four gate pre-activations interleaved along axis 1 (``x.shape[1] ==
    4 * c_prev.shape[1]``; ``a, i, f, o = x.reshape(B, C, 4, ...)[:, :, k]``)::

        c = tanh(a) * sigmoid(i) + c_prev * sigmoid(f)
        h = tanh(c) * sigmoid(o)

    ``x`` may have fewer rows than ``c_prev``: then only ``c[:len(x)]`` is updated and the
    remaining rows of ``c_prev`` are copied (sort the sequences by decreasing length).

    Args:
        c_prev (:class:`~chainer.Variable` or :ref:`ndarray`): Previous cell state.
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Gate pre-activations.

    Returns:
        tuple: ``(c, h)``: the new cell state (``c_prev``'s shape) and the output
        (``len(x)`` rows).

    .. admonition:: Example

        >>> c_prev = np.zeros((1, 2), np.float32)  # (batch, units)
        >>> x = np.array([[1, 10, 0, 10, 1, 10, 0, 10]], np.float32)  # (batch, 4 * units)
        >>> c, h = F.lstm(c_prev, x)  # x holds the inputs a, i, f, o of each unit in turn
        >>> np.round(c.array, 4)  # tanh(a) * sigmoid(i) + sigmoid(f) * c_prev
        array([[0.7616, 0.7616]], dtype=float32)
        >>> np.round(h.array, 4)  # sigmoid(o) * tanh(c)
        array([[0.642, 0.642]], dtype=float32)
    """
    return LSTM().apply((c_prev, x))
