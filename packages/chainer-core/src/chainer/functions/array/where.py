"""Elementwise selection between two variables: :func:`where`."""
import numpy

import chainer
from chainer import backend
from chainer import function_node
from chainer import utils
from chainer.utils import type_check


class Where(function_node.FunctionNode):
    """Picks ``x`` where a fixed boolean mask is True and ``y`` elsewhere (broadcasting)."""

    def __init__(self, condition):
        self.condition = condition

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x', 'y'))
        mask = type_check._make_variable_from_array(self.condition, 'condition')
        type_check.expect(mask.dtype == numpy.bool_, in_types[0].dtype == in_types[1].dtype)
        type_check.expect_broadcast_shapes(mask.shape, in_types[0].shape, in_types[1].shape)

    def forward(self, inputs):
        x, y = inputs
        self._shapes = (x.shape, y.shape)
        return _select(self.condition, x, y),

    def backward(self, indexes, grad_outputs):
        g, = grad_outputs
        return tuple(
            chainer.functions.sum_to(Where(self.condition).apply(_routed(g, i == 0))[0],
                                     self._shapes[i])
            for i in indexes)

    def _backward_arrays(self, indexes, grad_outputs):
        g, = grad_outputs
        return tuple([utils.sum_to(_select(self.condition, *_routed(g, i == 0)), self._shapes[i])
                      for i in indexes])


def _routed(g, keep_true):
    """Operands ``(x, y)`` of the selection that routes the gradient ``g`` to one side:
    ``g`` where the mask selects that side, else 0."""
    zero = backend.get_array_module(g).zeros((), g.dtype)
    return (g, zero) if keep_true else (zero, g)


def _select(condition, x, y):
    xp = backend.get_array_module(x, y)
    return utils.force_array(xp.where(condition, x, y))


def where(condition, x, y):
    """Selects elements of ``x`` where ``condition`` holds and of ``y`` elsewhere.

    Args:
        condition (:class:`~chainer.Variable` or :ref:`ndarray`): Boolean mask (no gradient).
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Values taken where the mask is True.
        y (:class:`~chainer.Variable` or :ref:`ndarray`): Values taken where it is False.
            The three shapes must broadcast together.

    Returns:
        ~chainer.Variable: The selected values.

    .. admonition:: Example

        >>> condition = np.array([True, False, True])
        >>> x = np.array([1, 2, 3], np.float32)
        >>> y = np.array([10, 20, 30], np.float32)
        >>> F.where(condition, x, y).array
        array([ 1., 20.,  3.], dtype=float32)
    """
    mask = condition.array if isinstance(condition, chainer.Variable) else condition
    return Where(mask).apply((x, y))[0]
