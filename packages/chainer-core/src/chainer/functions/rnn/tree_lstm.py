"""Child-sum / N-ary Tree-LSTM activation function."""
from chainer import backend
from chainer import function
from chainer.functions.activation.sigmoid import _sigmoid
from chainer.utils import type_check


def _extract_gates(x, n_split):
    # Thick slicing: x.shape[1] == n_split * C, gate k is x[:, k * C:(k + 1) * C].
    r = x.reshape((x.shape[0], n_split, x.shape[1] // n_split) + x.shape[2:])
    return [r[:, k] for k in range(n_split)]


class TreeLSTM(function.Function):
    """N-ary Tree-LSTM unit: inputs ``(c_1, ..., c_N, x)``, outputs ``(c, h)``.

    Not differentiable twice (as in Chainer v7).
    """

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() >= 2)
        n_ary = len(in_types) - 1
        x_type = in_types[n_ary]
        type_check.expect(x_type.ndim >= 2)
        for k in range(n_ary):
            c_type = in_types[k]
            type_check.expect(
                c_type.dtype.kind == 'f',
                x_type.dtype == c_type.dtype,
                c_type.ndim >= 2,
                c_type.ndim == x_type.ndim,
                x_type.shape[0] == c_type.shape[0],
                x_type.shape[1] == (3 + n_ary) * c_type.shape[1],
            )
            for j in range(2, type_check.eval(c_type.ndim)):
                type_check.expect(x_type.shape[j] == c_type.shape[j])

    def forward(self, inputs):
        cs, x = inputs[:-1], inputs[-1]
        xp = backend.get_array_module(x)
        gates = _extract_gates(x, 3 + len(cs))
        a = xp.tanh(gates[0])
        i = _sigmoid(gates[1])
        o = _sigmoid(gates[2])
        c = a * i
        for f, c_k in zip(gates[3:], cs):
            c += _sigmoid(f) * c_k
        h = o * xp.tanh(c)
        return c, h

    def backward(self, inputs, grad_outputs):
        cs, x = inputs[:-1], inputs[-1]
        xp = backend.get_array_module(x)
        n_ary = len(cs)
        gc, gh = grad_outputs
        gates = _extract_gates(x, 3 + n_ary)
        a = xp.tanh(gates[0])
        i = _sigmoid(gates[1])
        o = _sigmoid(gates[2])
        fs = [_sigmoid(f) for f in gates[3:]]
        c = a * i
        for f, c_k in zip(fs, cs):
            c += f * c_k
        t = xp.tanh(c)
        if gh is None:
            gh = xp.zeros_like(c)
        G = gh * o * (1 - t * t)
        if gc is not None:
            G += gc
        gx = xp.empty(x.shape, x.dtype)
        g_gates = _extract_gates(gx, 3 + n_ary)
        g_gates[0][...] = G * i * (1 - a * a)
        g_gates[1][...] = G * a * i * (1 - i)
        g_gates[2][...] = gh * t * o * (1 - o)
        gcs = []
        for k, (f, c_k) in enumerate(zip(fs, cs)):
            g_gates[3 + k][...] = G * c_k * f * (1 - f)
            gcs.append((G * f).astype(x.dtype, copy=False))
        return tuple(gcs) + (gx,)


def tree_lstm(*inputs):
    """N-ary TreeLSTM unit as an activation function (Tai et al., 2015).

    The inputs are ``(c_1, ..., c_N, x)``: the children's cell states and ``x`` holding the
    gate pre-activations in consecutive blocks of ``C = c_1.shape[1]`` channels, in the order
    ``a, i, o, f_1, ..., f_N`` (``x.shape[1] == (3 + N) * C``)::

        c = tanh(a) * sigmoid(i) + sum_k sigmoid(f_k) * c_k
        h = sigmoid(o) * tanh(c)

    Args:
        inputs: ``N`` cell states followed by the gate pre-activations.

    Returns:
        tuple: ``(c, h)``, the new cell state and the output.

    .. admonition:: Example

        >>> c1 = np.array([[2]], np.float32)  # (batch, units): the cells of the children
        >>> c2 = np.array([[4]], np.float32)
        >>> x = np.zeros((1, 5), np.float32)  # (batch, (3 + children) * units): a, i, o, f1, f2
        >>> c, h = F.tree_lstm(c1, c2, x)
        >>> c.array  # tanh(a) * sigmoid(i) + sigmoid(f1) * c1 + sigmoid(f2) * c2
        array([[3.]], dtype=float32)
        >>> np.round(h.array, 4)  # sigmoid(o) * tanh(c)
        array([[0.4975]], dtype=float32)
    """
    return TreeLSTM()(*inputs)
