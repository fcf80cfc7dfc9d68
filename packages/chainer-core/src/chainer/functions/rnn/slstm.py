"""S-LSTM activation function (LSTM cell merging two children of a binary tree)."""
import chainer
from chainer import backend
from chainer import function_node
from chainer.functions.activation.sigmoid import _sigmoid
from chainer.functions.rnn import lstm as _lstm
from chainer.utils import type_check


def _activate(xp, x1, x2):
    # Activated gates: tanh(a_k), sigmoid(i_k), sigmoid(f_k) per child, sigmoid(o1 + o2).
    a1, i1, f1, o1 = _lstm._extract_gates(x1)
    a2, i2, f2, o2 = _lstm._extract_gates(x2)
    return ((xp.tanh(a1), xp.tanh(a2)), (_sigmoid(i1), _sigmoid(i2)),
            (_sigmoid(f1), _sigmoid(f2)), _sigmoid(o1 + o2))


class SLSTM(function_node.FunctionNode):
    """S-LSTM unit: inputs ``(c_prev1, c_prev2, x1, x2)``, outputs ``(c, h)``."""

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('c_prev1', 'c_prev2', 'x1', 'x2'))
        c1_type, c2_type, x1_type, x2_type = in_types
        type_check.expect(
            c1_type.dtype.kind == 'f',
            c2_type.dtype == c1_type.dtype,
            x1_type.dtype == c1_type.dtype,
            x2_type.dtype == c1_type.dtype,
            c1_type.ndim >= 2,
            c2_type.ndim == c1_type.ndim,
            x1_type.ndim == c1_type.ndim,
            x2_type.ndim == c1_type.ndim,
            c2_type.shape[0] == c1_type.shape[0],
            x1_type.shape[0] == c1_type.shape[0],
            x2_type.shape[0] == c1_type.shape[0],
            x1_type.shape[1] == 4 * c1_type.shape[1],
            x2_type.shape[1] == 4 * c2_type.shape[1],
        )
        for i in range(1, type_check.eval(c1_type.ndim)):
            type_check.expect(c2_type.shape[i] == c1_type.shape[i])
        for i in range(2, type_check.eval(c1_type.ndim)):
            type_check.expect(
                x1_type.shape[i] == c1_type.shape[i],
                x2_type.shape[i] == c1_type.shape[i],
            )

    def forward(self, inputs):
        self.retain_inputs((0, 1, 2, 3))
        c_prev1, c_prev2, x1, x2 = inputs
        xp = backend.get_array_module(x1)
        (ta1, ta2), (si1, si2), (sf1, sf2), so = _activate(xp, x1, x2)
        c = ta1 * si1
        c += ta2 * si2
        c += sf1 * c_prev1
        c += sf2 * c_prev2
        h = so * xp.tanh(c)
        self.retain_outputs((0,))
        return c, h

    def backward(self, indexes, grad_outputs):
        c_prev1, c_prev2, x1, x2 = self.get_retained_inputs()
        c, = self.get_retained_outputs()
        gc, gh = grad_outputs
        if gc is None:
            gc = _lstm._zeros_like_var(c)
        if gh is None:
            gh = _lstm._zeros_like_var(c)
        return SLSTMGrad().apply((c_prev1, c_prev2, x1, x2, c, gc, gh))


class SLSTMGrad(function_node.FunctionNode):
    """Gradient of :class:`SLSTM`.

    Inputs ``(c_prev1, c_prev2, x1, x2, c, gc, gh)``, outputs
    ``(gc_prev1, gc_prev2, gx1, gx2)``; its own gradient is :func:`slstm_grad_grad`.
    """

    def forward(self, inputs):
        self.retain_inputs(tuple(range(7)))
        c_prev1, c_prev2, x1, x2, c, gc, gh = inputs
        xp = backend.get_array_module(x1)
        tas, sis, sfs, so = _activate(xp, x1, x2)
        tc = xp.tanh(c)
        G = gh * so * (1 - tc * tc)
        G += gc
        go = gh * tc * so * (1 - so)
        gxs = []
        for x, ta, si, sf, c_prev in zip((x1, x2), tas, sis, sfs, (c_prev1, c_prev2)):
            gx = xp.empty(x.shape, x.dtype)
            ga = G * si * (1 - ta * ta)
            gi = G * ta * si * (1 - si)
            gf = G * c_prev * sf * (1 - sf)
            for dst, src in zip(_lstm._extract_gates(gx), (ga, gi, gf, go)):
                dst[...] = src
            gxs.append(gx)
        return G * sfs[0], G * sfs[1], gxs[0], gxs[1]

    def backward(self, indexes, grad_outputs):
        inputs = self.get_retained_inputs()
        c_prev1, c_prev2, x1, x2, c, gc, gh = [v.array for v in inputs]
        xp = backend.get_array_module(x1)
        ggc1, ggc2, ggx1, ggx2 = [
            xp.zeros_like(ref) if g is None else g.array
            for g, ref in zip(grad_outputs, (c_prev1, c_prev2, x1, x2))]
        (ta1, ta2), (si1, si2), (sf1, sf2), so = _activate(xp, x1, x2)
        gga1, ggi1, ggf1, ggo1 = _lstm._extract_gates(ggx1)
        gga2, ggi2, ggf2, ggo2 = _lstm._extract_gates(ggx2)
        (g_c1, g_a1, g_i1, g_f1, g_c2, g_a2, g_i2, g_f2, g_o, g_c, g_gc,
         g_gh) = slstm_grad_grad(
            c_prev1, ta1, si1, sf1, c_prev2, ta2, si2, sf2, so, c, gc, gh,
            ggc1, gga1, ggi1, ggf1, ggc2, gga2, ggi2, ggf2, ggo1 + ggo2)
        g_x1 = xp.empty(x1.shape, x1.dtype)
        g_x2 = xp.empty(x2.shape, x2.dtype)
        for gx, grads in ((g_x1, (g_a1, g_i1, g_f1, g_o)), (g_x2, (g_a2, g_i2, g_f2, g_o))):
            for dst, src in zip(_lstm._extract_gates(gx), grads):
                dst[...] = src
        ret = (g_c1, g_c2, g_x1, g_x2, g_c, g_gc, g_gh)
        return tuple(chainer.Variable(ret[i].astype(x1.dtype, copy=False)) for i in indexes)


def slstm_grad_grad(c_prev1, a1, i1, f1, c_prev2, a2, i2, f2, o, c, gc, gh,
                    ggc_prev1, gga1, ggi1, ggf1, ggc_prev2, gga2, ggi2, ggf2, ggo):
    """Second-order gradients of the S-LSTM cell on arrays.

    ``a_k, i_k, f_k`` are the activated gates of child ``k`` (``tanh(a_k)``,
    ``sigmoid(i_k)``, ``sigmoid(f_k)``) and ``o`` is ``sigmoid(o1 + o2)``; ``gc``, ``gh``
    are the gradients of ``c`` and ``h``; ``ggc_prev_k, gga_k, ggi_k, ggf_k`` are the
    gradients of the outputs of :class:`SLSTMGrad` for child ``k`` and ``ggo`` the sum of
    those of the two output gate slices.

    Returns:
        tuple: Gradients with respect to ``c_prev1`` and the pre-activations of ``a1, i1,
        f1``, the same for child 2, the pre-activation of ``o`` (shared by ``o1`` and
        ``o2``), and ``c, gc, gh``.
    """
    xp = backend.get_array_module(c)
    tc = xp.tanh(c)
    g_cps, g_as, g_is, g_fs, g_o, g_c, g_gc, g_gh = _lstm._grad_grad_core(
        (a1, a2), (i1, i2), o, tc, gh, gc, (f1, f2), (c_prev1, c_prev2), (gga1, gga2),
        (ggi1, ggi2), ggo, (ggf1, ggf2), (ggc_prev1, ggc_prev2))
    return (g_cps[0], g_as[0], g_is[0], g_fs[0], g_cps[1], g_as[1], g_is[1], g_fs[1], g_o,
            g_c, g_gc, g_gh)


def slstm(c_prev1, c_prev2, x1, x2):
    """S-LSTM units as an activation function (for binary tree nodes).

    With the gates of ``x1`` and ``x2`` interleaved along axis 1 as in :func:`lstm`::

        c = tanh(a1) * sigmoid(i1) + tanh(a2) * sigmoid(i2)
            + c_prev1 * sigmoid(f1) + c_prev2 * sigmoid(f2)
        h = tanh(c) * sigmoid(o1 + o2)

    (what Chainer v7 computes; its documentation shows ``tanh(a1 + a2) * sigmoid(i1 +
    i2)``).

    Args:
        c_prev1, c_prev2 (:class:`~chainer.Variable` or :ref:`ndarray`): Cell states of the
            two children.
        x1, x2 (:class:`~chainer.Variable` or :ref:`ndarray`): Gate pre-activations from the
            two children, each with ``4 * c_prev1.shape[1]`` channels.

    Returns:
        tuple: ``(c, h)``, the new cell state and the output.

    .. admonition:: Example

        >>> c_prev1 = np.array([[2]], np.float32)  # (batch, units): the cells of two children
        >>> c_prev2 = np.array([[4]], np.float32)
        >>> x1 = np.zeros((1, 4), np.float32)  # (batch, 4 * units): a, i, f, o for each child
        >>> x2 = np.zeros((1, 4), np.float32)
        >>> c, h = F.slstm(c_prev1, c_prev2, x1, x2)
        >>> c.array  # tanh(0) * ... + sigmoid(0) * c_prev1 + sigmoid(0) * c_prev2
        array([[3.]], dtype=float32)
        >>> np.round(h.array, 4)  # sigmoid(0) * tanh(c)
        array([[0.4975]], dtype=float32)
    """
    return SLSTM().apply((c_prev1, c_prev2, x1, x2))
