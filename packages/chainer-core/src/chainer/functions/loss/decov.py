import chainer
from chainer import backend
from chainer import function_node
from chainer import utils
from chainer.functions._helpers.loss import check_reduce
from chainer.functions.loss.cross_covariance import _centered
from chainer.utils import type_check


class DeCov(function_node.FunctionNode):
    """DeCov loss: the off-diagonal covariance of hidden activations."""

    def __init__(self, reduce='half_squared_sum'):
        check_reduce(reduce, ('half_squared_sum', 'no'))
        self.reduce = reduce

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('h',))
        h_type, = in_types
        type_check.expect(
            h_type.dtype.kind == 'f',
            h_type.ndim == 2,
        )

    def forward(self, inputs):
        self.retain_inputs((0,))
        h, = inputs
        xp = backend.get_array_module(h)
        hc = h - h.mean(axis=0, keepdims=True)
        cov = hc.T.dot(hc)
        xp.fill_diagonal(cov, 0)
        cov /= h.dtype.type(len(h))
        if self.reduce == 'half_squared_sum':
            return utils.force_array(xp.vdot(cov, cov) * h.dtype.type(0.5), h.dtype),
        return utils.force_array(cov, h.dtype),

    def backward(self, indexes, grad_outputs):
        F = chainer.functions
        h, = self.get_retained_inputs()
        gcost, = grad_outputs
        xp = backend.get_array_module(h)
        n, m = h.shape
        off = (1 - xp.eye(m)).astype(h.dtype)
        hc = _centered(F, h)
        if self.reduce == 'half_squared_sum':
            cov = F.matmul(hc, hc, transa=True) * (off / n)
            gcov = F.broadcast_to(gcost, (m, m)) * cov
        else:
            gcov = gcost * off
        # d/dh of <G, hc^T hc / N> is hc (G + G^T) / N (hc has zero column sums)
        return F.matmul(hc, gcov + F.transpose(gcov)) / n,


def decov(h, reduce='half_squared_sum'):
    """DeCov loss: penalizes the off-diagonal covariances of hidden activations.

    With ``C`` the covariance matrix of ``h`` over the batch (diagonal set to zero), the
    loss is ``||C||_F**2 / 2``.

    Args:
        h (:class:`~chainer.Variable` or :ref:`ndarray`): Activations of shape ``(N, M)``.
        reduce (str): ``'half_squared_sum'`` (default; a scalar) or ``'no'`` (the
            ``(M, M)`` covariance matrix with zero diagonal).

    Returns:
        ~chainer.Variable: The loss.

    .. admonition:: Example

        >>> h = np.array([[1, 2], [3, 0]], np.float32)
        >>> F.decov(h).array
        array(1., dtype=float32)
        >>> F.decov(h, reduce='no').array
        array([[ 0., -1.],
               [-1.,  0.]], dtype=float32)
    """
    return DeCov(reduce).apply((h,))[0]
