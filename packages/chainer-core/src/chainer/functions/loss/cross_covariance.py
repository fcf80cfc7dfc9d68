import chainer
from chainer import backend
from chainer import function_node
from chainer import utils
from chainer.functions._helpers.loss import check_reduce
from chainer.utils import type_check


def _centered(F, x):
    """Differentiable ``x - mean(x, axis=0)`` of a 2-D Variable."""
    return x - F.broadcast_to(F.mean(x, axis=0, keepdims=True), x.shape)


class CrossCovariance(function_node.FunctionNode):
    """Cross-covariance matrix of two sets of row vectors (and its half squared sum)."""

    def __init__(self, reduce='half_squared_sum'):
        check_reduce(reduce, ('half_squared_sum', 'no'))
        self.reduce = reduce

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('y', 'z'))
        y_type, z_type = in_types
        type_check.expect(
            y_type.dtype.kind == 'f',
            y_type.dtype == z_type.dtype,
            y_type.ndim == 2,
            z_type.ndim == 2,
            y_type.shape[0] == z_type.shape[0],
        )

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        y, z = inputs
        xp = backend.get_array_module(y)
        yc = y - y.mean(axis=0, keepdims=True)
        zc = z - z.mean(axis=0, keepdims=True)
        cov = yc.T.dot(zc) / y.dtype.type(len(y))
        if self.reduce == 'half_squared_sum':
            return utils.force_array(xp.vdot(cov, cov) * y.dtype.type(0.5), y.dtype),
        return utils.force_array(cov, y.dtype),

    def backward(self, indexes, grad_outputs):
        F = chainer.functions
        y, z = self.get_retained_inputs()
        gcost, = grad_outputs
        n = len(y)
        yc = _centered(F, y)
        zc = _centered(F, z)
        if self.reduce == 'half_squared_sum':
            cov = F.matmul(yc, zc, transa=True) / n
            gcov = F.broadcast_to(gcost, cov.shape) * cov
        else:
            gcov = gcost
        # the column sums of zc and yc are zero, so no centering term remains
        ret = []
        for i in indexes:
            if i == 0:
                ret.append(F.matmul(zc, gcov, transb=True) / n)
            else:
                ret.append(F.matmul(yc, gcov) / n)
        return ret


def cross_covariance(y, z, reduce='half_squared_sum'):
    """Cross-covariance loss of two sets of row vectors.

    The cross-covariance matrix is ``C = (y - mean(y))^T (z - mean(z)) / N`` with means over
    the batch axis.

    Args:
        y (:class:`~chainer.Variable` or :ref:`ndarray`): Array of shape ``(N, M)``.
        z (:class:`~chainer.Variable` or :ref:`ndarray`): Array of shape ``(N, K)``.
        reduce (str): ``'half_squared_sum'`` (default) returns ``||C||_F**2 / 2`` (a scalar);
            ``'no'`` returns the ``(M, K)`` matrix ``C``.

    Returns:
        ~chainer.Variable: The loss.

    .. admonition:: Example

        >>> y = np.array([[1, 0], [-1, 0]], np.float32)
        >>> z = np.array([[2], [-2]], np.float32)
        >>> F.cross_covariance(y, z).array
        array(2., dtype=float32)
        >>> F.cross_covariance(y, z, reduce='no').array
        array([[2.],
               [0.]], dtype=float32)
    """
    return CrossCovariance(reduce).apply((y, z))[0]
