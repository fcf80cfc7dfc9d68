"""Padding of variable-length sequences into one array: :func:`pad_sequence`."""
import numpy

import chainer
from chainer import backend
from chainer import function_node
from chainer.utils import type_check


def _fill_value(padding, dtype):
    # The padding converted as a C cast does (out-of-range integers wrap around), as v7 did
    # with NumPy 1, without NumPy's warnings.
    with numpy.errstate(all='ignore'):
        return numpy.asarray(padding).astype(dtype)[()]


class PadSequence(function_node.FunctionNode):
    """Stacks arrays of different lengths into ``(n, length, ...)``, filling with ``padding``."""

    def __init__(self, length, padding):
        if not numpy.isscalar(padding):
            raise ValueError('padding must be scalar')
        self.length = None if length is None else int(length)
        self.padding = padding

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() > 0)
        type_check.argname(in_types, tuple('x%d' % i for i in range(len(in_types))))
        head = in_types[0]
        for t in in_types:
            type_check.expect(
                t.ndim > 0,
                t.shape[1:] == head.shape[1:],
                t.dtype == head.dtype,
            )
            if self.length is not None:
                type_check.expect(t.shape[0] <= self.length)

    def forward(self, xs):
        self._lengths = [len(x) for x in xs]
        length = max(self._lengths) if self.length is None else self.length
        xp = backend.get_array_module(*xs)
        y = xp.full((len(xs), length) + xs[0].shape[1:], _fill_value(self.padding, xs[0].dtype),
                    xs[0].dtype)
        for row, x in zip(y, xs):
            row[:len(x)] = x
        return y,

    def backward(self, indexes, grad_outputs):
        gy, = grad_outputs
        # each input receives the unpadded part of its row
        return tuple(chainer.functions.get_item(gy, (i, slice(0, self._lengths[i])))
                     for i in indexes)


def pad_sequence(xs, length=None, padding=0):
    """Pads arrays of different lengths to a common length and stacks them.

    Args:
        xs (list of :class:`~chainer.Variable` or :ref:`ndarray`): Arrays whose shapes agree
            except on the first axis.
        length (int or None): Length of the padded axis; the longest input's by default.
        padding (int or float): Fill value.

    Returns:
        ~chainer.Variable: Array of shape ``(len(xs), length) + xs[0].shape[1:]``.

    .. admonition:: Example

        >>> xs = [np.array([1, 2, 3], np.float32), np.array([4], np.float32)]
        >>> F.pad_sequence(xs, padding=-1).array
        array([[ 1.,  2.,  3.],
               [ 4., -1., -1.]], dtype=float32)
        >>> F.pad_sequence(xs, length=4).shape
        (2, 4)
    """
    return PadSequence(length, padding).apply(xs)[0]
