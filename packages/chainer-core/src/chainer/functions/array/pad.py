import numpy

import chainer
from chainer import backend
from chainer import function_node
from chainer.utils import type_check

# Modes whose padded values are copies of input elements; their gradient
# is scattered back to the source elements.
_COPYING_MODES = ('edge', 'reflect', 'symmetric', 'wrap')


class Pad(function_node.FunctionNode):

    """Padding of an array."""

    def __init__(self, pad_width, mode, **keywords):
        self.mode = mode
        self.keywords = keywords
        self.pad_width = pad_width

    def check_type_forward(self, in_types):
        # Depending on the arguments, pad_width and keywords, the input value
        # may be inappropriate. In that case, numpy.pad or cupy.pad will raise
        # errors, so that only check the size and the dtype in this function.
        type_check.argname(in_types, ('x',))
        x_type = in_types[0]
        type_check.expect(x_type.dtype.kind == 'f')

    def forward(self, inputs):
        xp = backend.get_array_module(*inputs)
        return xp.pad(inputs[0], self.pad_width, mode=self.mode,
                      **self.keywords),

    def backward(self, indexes, grad_outputs):
        gy, = grad_outputs
        in_shape = self.inputs[0].shape
        if (self.mode in _COPYING_MODES
                and self.keywords.get('reflect_type', 'even') == 'even'):
            # Pad the flat indices of the input in the same way and scatter
            # the gradient back onto them.
            size = int(numpy.prod(in_shape, dtype=numpy.int64))
            idx = numpy.pad(
                numpy.arange(size).reshape(in_shape), self.pad_width,
                mode=self.mode, **self.keywords)
            xp = backend.get_array_module(gy)
            idx = xp.asarray(idx.ravel())
            zeros = xp.zeros((size,), dtype=gy.dtype)
            gx = chainer.functions.scatter_add(
                zeros, idx, chainer.functions.reshape(gy, (-1,)))
            return chainer.functions.reshape(gx, in_shape),
        # numpy.pad broadcasts pad_width to (ndim, 2)
        pad_bw = numpy.broadcast_to(
            numpy.asarray(self.pad_width), (len(in_shape), 2))
        input_idxs = tuple(
            slice(p[0], p[0] + dim) for dim, p in zip(in_shape, pad_bw))
        return gy[input_idxs],


def pad(x, pad_width, mode, **keywords):
    """Pad an input variable.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`):
            Input data.
        pad_width (int or array-like):
            Number of values padded to the edges of each axis.
        mode (str):
            Specifies how the function fills the periphery of the array.
            The mode is passed to :func:`numpy.pad` or :func:`cupy.pad`.
            If it is ``'constant'``, the input is padded by a constant value
            specified by ``constant_values``. ``'edge'``, ``'reflect'``,
            ``'symmetric'`` and ``'wrap'`` (with the default ``'even'``
            ``reflect_type``) are also differentiable; for other modes the
            gradient only covers the copy of the input (as in Chainer v7).
        constant_values (int or array-like):
            Constant values to fill the periphery in the ``'constant'`` mode.

    Returns:
        ~chainer.Variable: Output variable.

    """
    return Pad(pad_width, mode, **keywords).apply((x,))[0]
