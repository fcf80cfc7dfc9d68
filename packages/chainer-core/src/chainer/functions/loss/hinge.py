import chainer
from chainer import backend
from chainer import function_node
from chainer import utils
from chainer.functions._helpers.loss import check_reduce
from chainer.utils import type_check


class Hinge(function_node.FunctionNode):
    """Hinge loss of a multiclass classifier (one-vs-rest, L1 or L2 norm)."""

    def __init__(self, norm='L1', reduce='mean'):
        if norm in ('L1', 'L2'):
            self.norm = norm
        else:
            raise NotImplementedError("norm should be either 'L1' or 'L2'")
        check_reduce(reduce)
        self.reduce = reduce

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x', 't'))
        x_type, t_type = in_types
        type_check.expect(
            x_type.dtype.kind == 'f',
            t_type.dtype.kind == 'i',
            x_type.ndim == 2,
            t_type.ndim == 1,
            x_type.shape[0] == t_type.shape[0],
        )

    def _signs(self, xp, x, t):
        # +1 everywhere except -1 at the true label
        s = xp.ones_like(x)
        s[xp.arange(len(t)), t] = -1
        return s

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x, t = inputs
        xp = backend.get_array_module(x)
        s = self._signs(xp, x, t)
        margin = xp.maximum(s * x + x.dtype.type(1), 0)
        loss = margin * margin if self.norm == 'L2' else margin
        if self.reduce == 'mean':
            loss = loss.sum() / x.dtype.type(max(len(x), 1))
        return utils.force_array(loss, x.dtype),

    def backward(self, indexes, grad_outputs):
        if 0 not in indexes:
            return None,
        F = chainer.functions
        x, t = self.get_retained_inputs()
        gy, = grad_outputs
        xp = backend.get_array_module(x)
        s = self._signs(xp, x.array, t.array)
        if self.norm == 'L1':
            # d/dx max(0, 1 + s x) = s where active (a constant)
            g = s * (s * x.array + 1 > 0)
        else:
            # d/dx max(0, 1 + s x)^2 = 2 s max(0, 1 + s x)
            g = F.relu(x * s + 1) * (2 * s)
        if self.reduce == 'mean':
            gy = gy / max(len(x), 1)
        gx = F.broadcast_to(gy, x.shape) * g
        return gx, None


def hinge(x, t, norm='L1', reduce='mean'):
    """Hinge loss for multiclass (one-vs-rest) classification.

    The loss is ``sum_{n,k} max(0, 1 - d(t_n = k) x_nk) ** p`` divided by the batch size,
    with ``d`` = 1 for the true class and -1 otherwise, and ``p`` = 1 (``'L1'``) or 2
    (``'L2'``).

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Scores of shape ``(N, K)``.
        t (:class:`~chainer.Variable` or :ref:`ndarray`): Signed integer labels of shape
            ``(N,)``.
        norm (str): ``'L1'`` or ``'L2'``.
        reduce (str): ``'mean'`` (the sum divided by ``N``) or ``'no'`` (elementwise loss of
            shape ``(N, K)``).

    Returns:
        ~chainer.Variable: The loss.

    .. admonition:: Example

        >>> x = np.array([[1, -1], [0.5, 0.5]], np.float32)
        >>> t = np.array([0, 1], np.int32)
        >>> F.hinge(x, t).array
        array(1., dtype=float32)
        >>> F.hinge(x, t, reduce='no').array
        array([[0. , 0. ],
               [1.5, 0.5]], dtype=float32)
    """
    return Hinge(norm, reduce).apply((x, t))[0]
