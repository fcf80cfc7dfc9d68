"""Embedding lookup (``embed_id``)."""

import chainer
from chainer import backend
from chainer import function_node
from chainer.utils import type_check
from chainer.utils._scatter import scatter_add


class EmbedIDFunction(function_node.FunctionNode):
    """Selects rows of ``W`` by integer IDs ``x`` (rows for ``ignore_label`` are zero)."""

    def __init__(self, ignore_label=None):
        self.ignore_label = ignore_label

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 2)
        x_type, w_type = in_types
        type_check.argname((x_type, w_type), ('x', 'W'))
        type_check.expect(
            x_type.dtype.kind == 'i',
            x_type.ndim >= 1,
        )
        type_check.expect(
            w_type.dtype.kind == 'f',
            w_type.ndim == 2,
        )

    def forward(self, inputs):
        self.retain_inputs((0,))
        x, W = inputs
        self._w_shape = W.shape
        xp = backend.get_array_module(*inputs)
        if chainer.is_debug():  # else IDs index W as NumPy does (negative ones wrap), as v7
            valid = x if self.ignore_label is None else x[x != self.ignore_label]
            if not ((0 <= valid).all() and (valid < len(W)).all()):
                raise ValueError('Each not ignored `x` value need to satisfy '
                                 '`0 <= x < len(W)`')
        if self.ignore_label is None:
            return W[x],
        mask = x == self.ignore_label
        y = W[xp.where(mask, 0, x)]
        y[mask] = 0
        return y,

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        ret = []
        for i in indexes:
            if i == 0:
                ret.append(None)
            else:
                ret.append(EmbedIDGrad(self._w_shape, self.ignore_label).apply(
                    (x,) + tuple(grad_outputs))[0])
        return ret

    def _backward_arrays(self, indexes, grad_outputs):
        # Array-level twin of ``backward`` (the value of EmbedIDGrad.forward).
        x = self.inputs[0].data
        gy, = grad_outputs
        return tuple([
            None if i == 0 else
            EmbedIDGrad(self._w_shape, self.ignore_label).forward((x, gy))[0]
            for i in indexes])


class EmbedIDGrad(function_node.FunctionNode):
    """Gradient of :class:`EmbedIDFunction` w.r.t. ``W`` (inputs: ``x``, ``gy``)."""

    def __init__(self, w_shape, ignore_label=None):
        self.w_shape = w_shape
        self.ignore_label = ignore_label

    def forward(self, inputs):
        self.retain_inputs((0,))
        x, gy = inputs
        xp = backend.get_array_module(*inputs)
        gW = xp.zeros(self.w_shape, dtype=gy.dtype)
        gy = gy.reshape(-1, self.w_shape[1])
        x = x.ravel()
        if self.ignore_label is not None:
            keep = x != self.ignore_label
            x = x[keep]
            gy = gy[keep]
        return scatter_add(gW, x, gy),

    def backward(self, indexes, grads):
        x = self.get_retained_inputs()[0]
        ggW, = grads
        return [None if i == 0 else embed_id(x, ggW, self.ignore_label) for i in indexes]


def embed_id(x, W, ignore_label=None):
    """Efficient linear function for one-hot input (embedding lookup).

    ``y[i] = W[x[i]]``; the result is differentiable only w.r.t. ``W``.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Integer IDs of any shape.
        W (:class:`~chainer.Variable` or :ref:`ndarray`): Embedding matrix ``(V, d)``.
        ignore_label (int or None): IDs equal to this value give zero vectors and no
            gradient.

    Returns:
        ~chainer.Variable: Output of shape ``x.shape + (d,)``.

    .. admonition:: Example

        >>> W = np.array([[0, 0], [1, 2], [3, 4]], np.float32)  # 3 ids, 2-dimensional vectors
        >>> x = np.array([2, 0, 1], np.int32)
        >>> F.embed_id(x, W).array
        array([[3., 4.],
               [0., 0.],
               [1., 2.]], dtype=float32)
        >>> F.embed_id(np.array([1, -1], np.int32), W, ignore_label=-1).array
        array([[1., 2.],
               [0., 0.]], dtype=float32)
    """
    return EmbedIDFunction(ignore_label=ignore_label).apply((x, W))[0]
