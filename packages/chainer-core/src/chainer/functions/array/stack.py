import chainer
from chainer import backend
from chainer import function_node
from chainer.utils import type_check


class Stack(function_node.FunctionNode):

    """Concatenate variables along a new axis."""

    def __init__(self, axis):
        self.axis = axis

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() > 0)
        type_check.argname(
            in_types, tuple('xs[%d]' % i for i in range(len(in_types))))
        dtype = in_types[0].dtype
        shape = in_types[0].shape
        for x_type in in_types[1:]:
            type_check.expect(
                x_type.dtype == dtype,
                x_type.shape == shape,
            )
        if self.axis >= 0:
            type_check.expect(self.axis <= in_types[0].ndim)
        else:
            type_check.expect(-self.axis <= in_types[0].ndim + 1)

    def forward(self, inputs):
        xp = backend.get_array_module(*inputs)
        return xp.stack(inputs, axis=self.axis),

    def backward(self, indexes, grad_outputs):
        return chainer.functions.separate(grad_outputs[0], self.axis)


def stack(xs, axis=0):
    """Concatenate variables along a new axis.

    Args:
        xs (list of :class:`~chainer.Variable` or :ref:`ndarray`):
            Input variables to be concatenated. The variables must have the
            same shape.
        axis (int): The axis along which the arrays will be stacked. The
            ``axis`` parameter is acceptable when
            :math:`-ndim - 1 \\leq axis \\leq ndim`. (``ndim`` is the
            dimension of input variables). When :math:`axis < 0`, the result
            is the same with :math:`ndim + 1 - |axis|`.

    Returns:
        ~chainer.Variable:
            Output variable. Let ``x_1, x_2, ..., x_n`` and ``y`` be the
            input variables and the output variable,
            ``y[:, ..., 0, ..., :]`` is ``x_1``,
            ``y[:, ..., 1, ..., :]`` is ``x_2``
            and ``y[:, ..., n-1, ..., :]`` is ``x_n`` (The indexed axis
            indicates the ``axis``).

    """
    return Stack(axis).apply(xs)[0]
