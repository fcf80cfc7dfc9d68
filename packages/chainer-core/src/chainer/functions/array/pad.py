"""Padding of an array: :func:`pad`."""
import numpy

import chainer
from chainer import backend
from chainer import function_node
from chainer.utils import type_check

# modes whose border values are copies of input elements (with numpy's default
# 'even' reflect_type): their gradient flows back to the copied elements
_SOURCE_COPYING = ('edge', 'reflect', 'symmetric', 'wrap')


class Pad(function_node.FunctionNode):
    """Pads the input with :func:`numpy.pad` / :func:`cupy.pad` semantics."""

    def __init__(self, pad_width, mode, **keywords):
        self.pad_width = pad_width
        self.mode = mode
        self.keywords = keywords

    def check_type_forward(self, in_types):
        # pad_width, mode and keywords are validated by the array library itself
        type_check.argname(in_types, ('x',))
        type_check.expect(in_types[0].dtype.kind == 'f')

    def forward(self, inputs):
        x, = inputs
        self._in_shape = x.shape
        xp = backend.get_array_module(x)
        return xp.pad(x, self.pad_width, mode=self.mode, **self.keywords),

    def _copies_sources(self):
        return (self.mode in _SOURCE_COPYING
                and self.keywords.get('reflect_type', 'even') == 'even')

    def backward(self, indexes, grad_outputs):
        F = chainer.functions
        gy, = grad_outputs
        shape = self._in_shape
        if self._copies_sources():
            # pad the positions of the input elements the same way: every output element
            # then names the input element it was copied from
            size = int(numpy.prod(shape, dtype=numpy.int64))
            source = numpy.pad(numpy.arange(size).reshape(shape), self.pad_width,
                               mode=self.mode, **self.keywords)
            xp = backend.get_array_module(gy)
            gx = F.scatter_add(xp.zeros(size, gy.dtype), xp.asarray(source.ravel()),
                               F.reshape(gy, (-1,)))
            return F.reshape(gx, shape),
        # the other modes only get the gradient of the copy of the input itself
        widths = numpy.broadcast_to(numpy.asarray(self.pad_width), (len(shape), 2))
        inner = tuple(slice(int(before), int(before) + n) for n, (before, _) in zip(shape, widths))
        return gy[inner],


def pad(x, pad_width, mode, **keywords):
    """Pads a variable (see :func:`numpy.pad`).

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input (float).
        pad_width (int or array-like): Numbers of values added before and after each axis.
        mode (str): Padding mode of :func:`numpy.pad` / :func:`cupy.pad`, e.g.
            ``'constant'`` (fill with ``constant_values``). ``'edge'``, ``'reflect'``,
            ``'symmetric'`` and ``'wrap'`` (with the default ``reflect_type``) propagate the
            gradient of the border values too; other modes propagate only that of the copy
            of ``x``, as Chainer v7 does.
        constant_values (int or array-like): Fill values of the ``'constant'`` mode.

    Returns:
        ~chainer.Variable: The padded variable.

    .. admonition:: Example

        >>> x = np.array([[1, 2], [3, 4]], np.float32)
        >>> F.pad(x, ((0, 0), (1, 2)), 'constant', constant_values=0).array
        array([[0., 1., 2., 0., 0.],
               [0., 3., 4., 0., 0.]], dtype=float32)
    """
    return Pad(pad_width, mode, **keywords).apply((x,))[0]
