"""Picking one entry per row: :func:`select_item`."""
import chainer
from chainer import backend
from chainer import function_node
from chainer.utils import type_check


def _rows(xp, t):
    return xp.arange(len(t))


def _assign(shape, dtype, t, gy):
    # a zero matrix with gy[i] written at (i, t[i])
    xp = backend.get_array_module(gy)
    gx = xp.zeros(shape, dtype)
    gx[_rows(xp, t), t] = gy
    return gx


class SelectItem(function_node.FunctionNode):
    """Returns ``x[i, t[i]]`` for every row ``i`` of a matrix ``x``."""

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x', 't'))
        x_type, t_type = in_types
        type_check.expect(t_type.dtype.kind == 'i', x_type.ndim == 2, t_type.ndim == 1)
        type_check.expect(x_type.shape[0] == t_type.shape[0])

    def forward(self, inputs):
        self.retain_inputs((1,))
        x, t = inputs
        if chainer.is_debug() and not ((t >= 0) & (t < x.shape[1])).all():
            raise ValueError(
                'every label t must satisfy 0 <= t < x.shape[1] (= {})'.format(x.shape[1]))
        xp = backend.get_array_module(x)
        return x[_rows(xp, t), t],

    def backward(self, indexes, grad_outputs):
        t, = self.get_retained_inputs()
        x = self.inputs[0]
        ret = []
        for i in indexes:
            if i == 0:
                ret.append(Assign(x.shape, x.dtype, t).apply(grad_outputs)[0])
            else:
                ret.append(None)  # labels get no gradient
        return ret

    def _backward_arrays(self, indexes, grad_outputs):
        x = self.inputs[0]
        t = self.inputs[1].data
        return tuple([_assign(x.shape, x.dtype, t, grad_outputs[0]) if i == 0 else None
                      for i in indexes])


class Assign(function_node.FunctionNode):
    """Gradient of :class:`SelectItem`: writes ``gy[i]`` at ``(i, t[i])`` of a zero matrix."""

    def __init__(self, shape, dtype, t):
        self.shape = shape
        self.dtype = dtype
        self.t = t.array

    def forward(self, inputs):
        gy, = inputs
        return _assign(self.shape, self.dtype, self.t, gy),

    def backward(self, indexes, grad_outputs):
        return SelectItem().apply((grad_outputs[0], self.t))


def select_item(x, t):
    """Selects one element of each row: ``y[i] = x[i, t[i]]``.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Matrix of shape ``(N, K)``.
        t (:class:`~chainer.Variable` or :ref:`ndarray`): Int column indices of shape
            ``(N,)``.

    Returns:
        ~chainer.Variable: The selected elements, of shape ``(N,)``.

    .. admonition:: Example

        >>> x = np.array([[0, 1, 2], [3, 4, 5]], np.float32)
        >>> t = np.array([2, 0], np.int32)
        >>> F.select_item(x, t).array
        array([2., 3.], dtype=float32)
    """
    return SelectItem().apply((x, t))[0]
