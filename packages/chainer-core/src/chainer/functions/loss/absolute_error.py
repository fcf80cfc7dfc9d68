from chainer import backend
from chainer import function_node
from chainer.functions._helpers import loss as _loss_helpers
from chainer import utils
from chainer.utils import type_check


def _check_pair(in_types):
    type_check.argname(in_types, ('x0', 'x1'))
    type_check.expect(
        in_types[0].dtype.kind == 'f',
        in_types[0].dtype == in_types[1].dtype,
        in_types[0].shape == in_types[1].shape,
    )


class AbsoluteError(function_node.FunctionNode):
    """Elementwise absolute error ``|x0 - x1|``."""

    def check_type_forward(self, in_types):
        _check_pair(in_types)

    def forward(self, inputs):
        x0, x1 = inputs
        xp = backend.get_array_module(x0)
        diff = utils.force_array(x0 - x1)
        # the sign of the difference is all backward needs (a constant, so the gradient is
        # piecewise linear and its own gradient is zero)
        self._sign = xp.sign(diff)
        return utils.force_array(xp.abs(diff, out=diff), x0.dtype),

    def backward(self, indexes, grad_outputs):
        return _absolute_error_backward(self, indexes, grad_outputs)

    _backward_arrays = backward


def _absolute_error_backward(node, indexes, grad_outputs):
    """The gradient of ``|x0 - x1|``: ``gy * sign(x0 - x1)`` (the opposite for ``x1``);
    the same arithmetic on Variables and on arrays."""
    return _loss_helpers.difference_grads(grad_outputs[0] * node._sign, indexes)


def absolute_error(x0, x1):
    """Elementwise absolute error function ``|x0 - x1|``.

    Args:
        x0 (:class:`~chainer.Variable` or :ref:`ndarray`): First input (floating dtype).
        x1 (:class:`~chainer.Variable` or :ref:`ndarray`): Second input, same shape and dtype.

    Returns:
        ~chainer.Variable: Elementwise absolute error, shaped like the inputs.

    .. admonition:: Example

        >>> x0 = np.array([1, 2, 3], np.float32)
        >>> x1 = np.array([3, 2, 0], np.float32)
        >>> F.absolute_error(x0, x1).array
        array([2., 0., 3.], dtype=float32)
    """
    return AbsoluteError().apply((x0, x1))[0]


