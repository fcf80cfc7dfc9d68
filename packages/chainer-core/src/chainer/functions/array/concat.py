import numpy

import chainer
from chainer import backend
from chainer import function_node
from chainer.utils import type_check


class Concat(function_node.FunctionNode):

    """Concatenate multiple tensors towards specified axis."""

    # concat along the channel dimension by default
    def __init__(self, axis=1):
        if not isinstance(axis, int) or isinstance(axis, bool):
            raise TypeError('axis must be int')
        self.axis = axis

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() > 0)
        type_check.argname(
            in_types, tuple('xs[%d]' % i for i in range(len(in_types))))
        type_check.expect(
            -in_types[0].ndim <= self.axis, self.axis < in_types[0].ndim)
        ndim = type_check.eval(in_types[0].ndim)
        axis = self.axis % ndim
        for i in range(1, type_check.eval(in_types.size())):
            type_check.expect(
                in_types[0].dtype == in_types[i].dtype,
                in_types[0].ndim == in_types[i].ndim,
            )
            for d in range(ndim):
                if d == axis:
                    continue
                type_check.expect(
                    in_types[0].shape[d] == in_types[i].shape[d])

    def forward(self, xs):
        xp = backend.get_array_module(*xs)
        return xp.concatenate(xs, self.axis),

    def backward(self, indexes, grad_outputs):
        if len(self.inputs) == 1:
            return grad_outputs
        sizes = numpy.array(
            [x.shape[self.axis] for x in self.inputs[:-1]]).cumsum()
        gy, = grad_outputs
        return chainer.functions.split_axis(gy, sizes, self.axis)


def concat(xs, axis=1):
    """Concatenates given variables along an axis.

    Args:
        xs (tuple of :class:`~chainer.Variable` or :ref:`ndarray`):
            Input variables to be concatenated. The variables must have the
            same shape, except in the dimension corresponding to ``axis``.
        axis (int): The axis along which the arrays will be joined. Default
            is 1.

    Returns:
        ~chainer.Variable: The concatenated variable.

    """
    y, = Concat(axis).apply(xs)
    return y
