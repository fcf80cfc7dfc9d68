import numpy

import chainer
from chainer import backend
from chainer import function_node
from chainer.utils import type_check


class PadSequence(function_node.FunctionNode):

    """Pad a list of arrays to make a single array."""

    def __init__(self, length, padding):
        if length is not None:
            length = int(length)
        self.length = length

        if not numpy.isscalar(padding):
            raise ValueError('padding must be scalar')
        self.padding = padding

    def check_type_forward(self, in_types):
        for i, in_type in enumerate(in_types):
            type_check.argname((in_type,), ('x{}'.format(i),))
            type_check.expect(
                in_type.ndim > 0,
                in_type.shape[1:] == in_types[0].shape[1:],
                in_type.dtype == in_types[0].dtype
            )

        if self.length is not None:
            for in_type in in_types:
                type_check.expect(in_type.shape[0] <= self.length)

    def forward(self, xs):
        xp = backend.get_array_module(*xs)

        if self.length is None:
            length = max(len(x) for x in xs)
        else:
            length = self.length

        shape = (len(xs), length) + xs[0].shape[1:]
        y = xp.empty(shape, xs[0].dtype)
        if length == 0:
            return y,  # y is an empty array

        for i, x in enumerate(xs):
            n = len(x)
            y[i, 0:n] = x
            if n < length:
                y[i, n:] = self.padding
        return y,

    def backward(self, indexes, grad_outputs):
        gy, = grad_outputs
        gxs = chainer.functions.separate(gy, axis=0)
        return tuple(gxs[i][0:self.inputs[i].shape[0]] for i in indexes)


def pad_sequence(xs, length=None, padding=0):
    """Pad given arrays to make a matrix.

    Args:
        xs (list of :class:`~chainer.Variable` or :ref:`ndarray`):
            Variables you want to concatenate.
        length (None or int): Size of the first dimension of a padded array.
            If it is ``None``, the longest size of the first dimension of
            ``xs`` is used.
        padding (int or float): Value to fill.

    Returns:
        ~chainer.Variable: A padded matrix. Its shape is
        ``(n, length, ...)``, where ``n == len(xs)``.

    """
    return PadSequence(length, padding).apply((xs))[0]
