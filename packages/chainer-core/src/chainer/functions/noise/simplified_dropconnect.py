"""Simplified DropConnect (linear layer with a random weight mask)."""

import chainer
from chainer import backend
from chainer import function_node
from chainer import utils
from chainer.functions._helpers import grad_ops
from chainer.utils import type_check


class SimplifiedDropconnect(function_node.FunctionNode):
    """Linear function whose weight elements are dropped randomly (per sample when
    ``use_batchwise_mask``) and the rest scaled by ``1 / (1 - ratio)``.

    Attributes:
        mask: Boolean mask ``(batch, out, in)`` (batchwise) or ``(out, in)``.
    """

    def __init__(self, ratio, mask=None, use_batchwise_mask=True):
        self.ratio = ratio
        self.mask = mask
        self.use_batchwise_mask = use_batchwise_mask

    @property
    def label(self):
        return 'SimplifiedDropconnect'

    def check_type_forward(self, in_types):
        n_in = in_types.size()
        type_check.expect(2 <= n_in, n_in <= 3)
        type_check.argname(in_types, ('x', 'W', 'b')[:type_check.eval(n_in)])
        x_type, w_type = in_types[:2]
        # (as v7, W may be of another float dtype: the output is in x's)
        type_check.expect(
            x_type.dtype.kind == 'f',
            w_type.dtype.kind == 'f',
            x_type.ndim >= 2,
            w_type.ndim == 2,
            type_check.prod(x_type.shape[1:]) == w_type.shape[1],
        )
        if type_check.eval(n_in) == 3:
            b_type = in_types[2]
            type_check.expect(
                b_type.dtype == x_type.dtype,
                b_type.ndim == 1,
                b_type.shape[0] == w_type.shape[0],
            )
        if self.mask is not None:
            if self.use_batchwise_mask:
                type_check.expect(
                    x_type.shape[0] == self.mask.shape[0],
                    w_type.shape == self.mask.shape[1:],
                )
            else:
                type_check.expect(w_type.shape == self.mask.shape)

    def _mask_scale(self, dtype):
        scale = dtype.type(1. / (1. - self.ratio))
        return self.mask.astype(dtype) * scale

    def forward(self, inputs):
        self.retain_inputs(tuple(range(len(inputs))))
        x, W = inputs[:2]
        xp = backend.get_array_module(x)
        x = x.reshape(len(x), -1)
        if self.mask is None:
            if self.use_batchwise_mask:
                shape = (x.shape[0],) + W.shape
            else:
                shape = W.shape
            self.mask = xp.random.rand(*shape) >= self.ratio
        elif isinstance(self.mask, chainer.Variable):
            self.mask = self.mask.array
        Wm = W * self._mask_scale(W.dtype)
        if self.use_batchwise_mask:
            y = xp.matmul(Wm, x[:, :, None])[:, :, 0]
        else:
            y = x.dot(Wm.T)
        if len(inputs) == 3:
            y = y + inputs[2]
        return utils.force_array(y, x.dtype),

    def backward(self, indexes, grad_outputs):
        F = chainer.functions
        inputs = self.get_retained_inputs()
        x, W = inputs[:2]
        gy, = grad_outputs
        cast = grad_ops.VARIABLES.cast
        ms = self._mask_scale(W.dtype)
        x2 = F.reshape(x, (len(x), -1))
        ret = []
        if 0 in indexes:
            Wm = cast(W * ms, x.dtype)  # (batch, out, in) with the batchwise mask
            if self.use_batchwise_mask:
                gx = F.sum(F.expand_dims(gy, 2) * Wm, axis=1)
            else:
                gx = F.matmul(gy, Wm)
            ret.append(F.reshape(gx, x.shape))
        if 1 in indexes:
            gy_w = cast(gy, W.dtype)
            x2_w = cast(x2, W.dtype)
            if self.use_batchwise_mask:
                gW = F.sum(F.expand_dims(gy_w, 2) * F.expand_dims(x2_w, 1) * ms, axis=0)
            else:
                gW = F.matmul(gy_w, x2_w, transa=True) * ms
            ret.append(gW)
        if 2 in indexes:
            ret.append(F.sum(gy, axis=0))
        return ret


def simplified_dropconnect(x, W, b=None, ratio=.5, train=True, mask=None,
                           use_batchwise_mask=True):
    """Linear unit regularized by simplified dropconnect.

    Each weight element is dropped with probability ``ratio`` (independently for every
    sample when ``use_batchwise_mask``) and the others are scaled by ``1 / (1 - ratio)``:
    ``y_i = (M_i * W / (1 - ratio)) x_i + b``. Not training (``train=False``) means a plain
    linear function. This is a simplification and does not reproduce the paper
    (`DropConnect <http://cs.nyu.edu/~wanli/dropc/dropc.pdf>`_).

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input ``(batch, ...)``; the
            trailing axes are flattened.
        W: Weight matrix ``(out, in)``.
        b: Bias ``(out,)`` or None.
        ratio (float): Dropconnect ratio.
        train (bool): If False, no weight is dropped.
        mask (:ref:`ndarray` or None): Boolean mask ``(batch, out, in)`` (or ``(out, in)``
            without ``use_batchwise_mask``); sampled when None.
        use_batchwise_mask (bool): Sample a different mask for every sample.

    Returns:
        ~chainer.Variable: Output ``(batch, out)``.

    .. admonition:: Example

        >>> x = np.array([[1, 2]], np.float32)
        >>> W = np.array([[1, 1], [2, 0], [0, 3]], np.float32)
        >>> y = F.simplified_dropconnect(x, W, ratio=0.5)  # drops random weights while training
        >>> y.shape
        (1, 3)
        >>> F.simplified_dropconnect(x, W, train=False).array  # the plain linear function
        array([[3., 2., 6.]], dtype=float32)
        >>> mask = np.array([[[1, 0], [1, 1], [0, 1]]], np.float32)  # (batch, out, in)
        >>> F.simplified_dropconnect(x, W, mask=mask).array  # kept weights are scaled by 2
        array([[ 2.,  4., 12.]], dtype=float32)
    """
    if not train:
        ratio = 0
    if b is None:
        return SimplifiedDropconnect(ratio, mask, use_batchwise_mask).apply((x, W))[0]
    return SimplifiedDropconnect(ratio, mask, use_batchwise_mask).apply((x, W, b))[0]
