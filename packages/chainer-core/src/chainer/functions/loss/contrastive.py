import chainer
from chainer import backend
from chainer import utils
from chainer.functions._helpers.loss import MarginLoss
from chainer.utils import type_check


class Contrastive(MarginLoss):
    """Contrastive loss of pairs of vectors with similarity labels."""

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x0', 'x1', 'y'))
        x0_type, x1_type, y_type = in_types
        type_check.expect(
            x0_type.dtype.kind == 'f',
            x0_type.dtype == x1_type.dtype,
            y_type.dtype.kind == 'i',
            x0_type.shape == x1_type.shape,
            x1_type.shape[0] == y_type.shape[0],
            x1_type.shape[0] > 0,
            x0_type.ndim == 2,
            x1_type.ndim == 2,
            y_type.ndim == 1,
        )

    def forward(self, inputs):
        self.retain_inputs((0, 1, 2))
        x0, x1, y = inputs
        xp = backend.get_array_module(x0)
        dtype = x0.dtype
        diff = x0 - x1
        dist_sq = (diff * diff).sum(axis=1)
        dist = xp.sqrt(dist_sq)
        mdist = xp.maximum(dtype.type(self.margin) - dist, 0)
        yf = y.astype(dtype)
        loss = (yf * dist_sq + (1 - yf) * mdist * mdist) * dtype.type(0.5)
        if self.reduce == 'mean':
            loss = loss.sum() / dtype.type(len(x0))
        return utils.force_array(loss, dtype),

    def backward(self, indexes, grad_outputs):
        F = chainer.functions
        x0, x1, y = self.get_retained_inputs()
        gy, = grad_outputs
        xp = backend.get_array_module(gy)
        dtype = x0.dtype
        n, dim = x0.shape
        diff = x0 - x1
        dist = F.sqrt(F.sum(diff * diff, axis=1))
        # 1e-7 is representable in float16 too; it only guards the division at dist == 0
        dist = F.maximum(dist, xp.full(dist.shape, 1e-7, dtype))
        mdist = F.relu(self.margin - dist)
        yf = y.array.astype(dtype)
        # d loss_n / d x0_n = (y_n - (1 - y_n) * mdist_n / dist_n) * diff_n
        coeff = yf - (1 - yf) * mdist / dist
        if self.reduce == 'mean':
            coeff = coeff * F.broadcast_to(gy / n, (n,))
        else:
            coeff = coeff * gy
        gx0 = F.broadcast_to(F.expand_dims(coeff, 1), (n, dim)) * diff
        ret = []
        if 0 in indexes:
            ret.append(gx0)
        if 1 in indexes:
            ret.append(-gx0)
        if 2 in indexes:
            ret.append(None)
        return ret


def contrastive(x0, x1, y, margin=1, reduce='mean'):
    """Contrastive loss of pairs ``(x0[n], x1[n])`` with similarity labels ``y[n]``.

    The loss of a pair is ``(y d**2 + (1 - y) max(margin - d, 0)**2) / 2`` with
    ``d = ||x0 - x1||_2``; ``y`` is 1 for similar and 0 for dissimilar pairs.

    Args:
        x0 (:class:`~chainer.Variable` or :ref:`ndarray`): Vectors of shape ``(N, K)``.
        x1 (:class:`~chainer.Variable` or :ref:`ndarray`): Vectors of shape ``(N, K)``.
        y (:class:`~chainer.Variable` or :ref:`ndarray`): Integer labels of shape ``(N,)``.
        margin (float): Positive margin of the dissimilar pairs.
        reduce (str): ``'mean'`` (the batch mean) or ``'no'`` (losses of shape ``(N,)``).

    Returns:
        ~chainer.Variable: The loss.

    .. admonition:: Example

        >>> x0 = np.array([[0, 0], [1, 1]], np.float32)
        >>> x1 = np.array([[0, 1], [1, 1]], np.float32)
        >>> y = np.array([1, 0], np.int32)  # 1: a similar pair, 0: a dissimilar one
        >>> F.contrastive(x0, x1, y, margin=1).array
        array(0.5, dtype=float32)
        >>> F.contrastive(x0, x1, y, margin=2, reduce='no').array
        array([0.5, 2. ], dtype=float32)
    """
    return Contrastive(margin, reduce).apply((x0, x1, y))[0]
