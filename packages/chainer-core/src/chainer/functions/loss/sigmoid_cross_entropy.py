import chainer
from chainer import backend
from chainer import function_node
from chainer import utils
from chainer.functions._helpers.loss import check_reduce
from chainer.functions._helpers.loss import wide_sum
from chainer.functions.activation.sigmoid import _sigmoid
from chainer.utils import type_check


class SigmoidCrossEntropy(function_node.FunctionNode):
    """Sigmoid cross-entropy of logits and binary labels (label -1 is ignored)."""

    ignore_label = -1

    def __init__(self, normalize=True, reduce='mean'):
        self.normalize = normalize
        check_reduce(reduce)
        self.reduce = reduce
        self.count = None

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x', 't'))
        x_type, t_type = in_types
        type_check.expect(
            x_type.dtype.kind == 'f',
            t_type.dtype.kind == 'i',
            x_type.shape == t_type.shape,
        )

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x, t = inputs
        xp = backend.get_array_module(x)
        dtype = x.dtype
        self.ignore_mask = t != self.ignore_label
        # -(t log sigmoid(x) + (1 - t) log(1 - sigmoid(x))), computed stably
        loss = xp.log1p(xp.exp(-xp.abs(x)))
        loss -= x * (t - (x >= 0)).astype(dtype)
        loss *= self.ignore_mask
        loss = utils.force_array(loss, dtype)
        if self.reduce == 'mean':
            if self.normalize:
                count = int(self.ignore_mask.sum())
            else:
                count = len(x)
            self.count = max(count, 1)
            return utils.force_array(wide_sum(loss) / dtype.type(self.count), dtype),
        return loss,

    def backward(self, indexes, grad_outputs):
        x, t = self.get_retained_inputs()
        gy, = grad_outputs
        gx, = SigmoidCrossEntropyGrad(
            self.reduce, self.count, self.ignore_mask, t.array).apply((x, gy))
        return gx, None

    def _backward_arrays(self, indexes, grad_outputs):
        x = self.inputs[0].data
        t = self.inputs[1].data
        coeff = _coeff(self.ignore_mask, self.reduce, self.count, x.dtype)
        return tuple([_grad_x(x, t, coeff, grad_outputs[0]) if i == 0 else None
                      for i in indexes])


def _coeff(ignore_mask, reduce, count, dtype):
    # per-element weight of the loss: 0 where ignored, divided by the count for 'mean'
    xp = backend.get_array_module(ignore_mask)
    coeff = ignore_mask.astype(dtype)
    if reduce == 'mean':
        coeff /= dtype.type(count)
    return xp.asarray(coeff)


def _grad_x(x, t, coeff, gy):
    # gradient w.r.t. the logits: (sigmoid(x) - t) * coeff * gy
    gx = (_sigmoid(x) - t.astype(x.dtype)) * coeff
    gx *= gy
    return utils.force_array(gx, x.dtype)


class SigmoidCrossEntropyGrad(function_node.FunctionNode):
    """Gradient of :class:`SigmoidCrossEntropy` w.r.t. ``x`` (inputs: ``x``, ``gy``)."""

    def __init__(self, reduce, count, ignore_mask, t):
        self.reduce = reduce
        self.count = count
        self.ignore_mask = ignore_mask
        self.t = t

    def _coeff(self, dtype):
        return _coeff(self.ignore_mask, self.reduce, self.count, dtype)

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x, gy = inputs
        return _grad_x(x, self.t, self._coeff(x.dtype), gy),

    def backward(self, indexes, grad_outputs):
        F = chainer.functions
        x, gy = self.get_retained_inputs()
        ggx, = grad_outputs
        coeff = self._coeff(x.dtype)
        y = F.sigmoid(x)
        ret = []
        if 0 in indexes:
            gyb = F.broadcast_to(gy, x.shape)
            ret.append(ggx * gyb * y * (1 - y) * coeff)
        if 1 in indexes:
            g = ggx * (y - self.t.astype(x.dtype)) * coeff
            if self.reduce == 'mean':
                g = F.sum(g)
            ret.append(g)
        return ret


def sigmoid_cross_entropy(x, t, normalize=True, reduce='mean'):
    """Sigmoid cross-entropy loss of logits ``x`` and binary labels ``t``.

    Elements whose label is -1 are ignored (their loss is 0).

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Logits (pre-sigmoid values).
        t (:class:`~chainer.Variable` or :ref:`ndarray`): Signed integer labels (0, 1 or
            -1), same shape as ``x``.
        normalize (bool): With ``reduce='mean'``, divide the summed loss by the number of
            non-ignored elements (True) or by the batch size ``len(x)`` (False).
        reduce (str): ``'mean'`` (a scalar) or ``'no'`` (elementwise loss).

    Returns:
        ~chainer.Variable: The loss. It is differentiable only w.r.t. ``x``.

    .. admonition:: Example

        >>> x = np.array([[0, 2], [-2, 0]], np.float32)  # logits
        >>> t = np.array([[0, 1], [0, -1]], np.int32)  # -1 is ignored
        >>> print(np.round(F.sigmoid_cross_entropy(x, t).array, 4))
        0.3157
        >>> np.round(F.sigmoid_cross_entropy(x, t, reduce='no').array, 4)
        array([[0.6931, 0.1269],
               [0.1269, 0.    ]], dtype=float32)
    """
    return SigmoidCrossEntropy(normalize, reduce).apply((x, t))[0]
