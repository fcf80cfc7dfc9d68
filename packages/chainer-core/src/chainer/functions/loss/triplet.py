import chainer
from chainer import backend
from chainer import utils
from chainer.functions._helpers.loss import MarginLoss
from chainer.utils import precision
from chainer.utils import type_check


class Triplet(MarginLoss):
    """Triplet loss of (anchor, positive, negative) embeddings."""

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('anchor', 'positive', 'negative'))
        a_type, p_type, n_type = in_types
        type_check.expect(
            a_type.dtype.kind == 'f',
            a_type.dtype == p_type.dtype,
            a_type.dtype == n_type.dtype,
            a_type.shape == p_type.shape,
            a_type.shape == n_type.shape,
            a_type.shape[0] > 0,
        )
        # (the distances are summed along axis 1: a 1-D input is NumPy's AxisError, as v7)

    # float16 distances are summed in float32 (as v7), so that they do not overflow
    @precision._fp16_mixed_precision_helper
    def forward(self, inputs):
        self.retain_inputs((0, 1, 2))
        anchor, positive, negative = inputs
        xp = backend.get_array_module(anchor)
        dtype = anchor.dtype
        dp = anchor - positive
        dn = anchor - negative
        dist = (dp * dp).sum(axis=1) - (dn * dn).sum(axis=1) + dtype.type(self.margin)
        self._mask = dist > 0
        loss = xp.maximum(dist, 0)
        if self.reduce == 'mean':
            loss = loss.sum() / dtype.type(max(len(anchor), 1))
        return utils.force_array(loss, dtype),

    def backward(self, indexes, grad_outputs):
        F = chainer.functions
        anchor, positive, negative = self.get_retained_inputs()
        gy, = grad_outputs
        n = len(anchor)
        mask = self._mask.astype(anchor.dtype)
        if self.reduce == 'mean':
            coeff = F.broadcast_to(gy * (2.0 / max(n, 1)), mask.shape) * mask
        else:
            coeff = gy * mask * 2
        coeff = F.broadcast_to(F.expand_dims(coeff, 1), anchor.shape)
        ret = []
        for i in indexes:
            if i == 0:
                ret.append(coeff * (negative - positive))
            elif i == 1:
                ret.append(coeff * (positive - anchor))
            else:
                ret.append(coeff * (anchor - negative))
        return ret


def triplet(anchor, positive, negative, margin=0.2, reduce='mean'):
    """Triplet loss ``max(||a - p||**2 - ||a - n||**2 + margin, 0)`` per sample.

    Args:
        anchor (:class:`~chainer.Variable` or :ref:`ndarray`): Anchors of shape ``(N, K)``.
        positive (:class:`~chainer.Variable` or :ref:`ndarray`): Positive examples,
            shape ``(N, K)``.
        negative (:class:`~chainer.Variable` or :ref:`ndarray`): Negative examples,
            shape ``(N, K)``.
        margin (float): Positive margin.
        reduce (str): ``'mean'`` (the batch mean) or ``'no'`` (losses of shape ``(N,)``).

    Returns:
        ~chainer.Variable: The loss.

    .. admonition:: Example

        >>> anchor = np.array([[0, 0], [0, 0]], np.float32)
        >>> positive = np.array([[1, 0], [0, 1]], np.float32)
        >>> negative = np.array([[2, 0], [0, 1]], np.float32)
        >>> F.triplet(anchor, positive, negative, margin=1).array
        array(0.5, dtype=float32)
        >>> F.triplet(anchor, positive, negative, margin=1, reduce='no').array
        array([0., 1.], dtype=float32)
    """
    return Triplet(margin, reduce).apply((anchor, positive, negative))[0]
