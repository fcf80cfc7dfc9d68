"""Dtype conversion: :func:`cast`."""
import chainer
from chainer import function_node
from chainer.utils import type_check


class Cast(function_node.FunctionNode):
    """Converts the input to dtype ``typ``; the gradient is converted back to the input dtype."""

    def __init__(self, typ):
        self.type = typ

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))

    def forward(self, inputs):
        x, = inputs
        self._source_dtype = x.dtype
        return _convert(x, self.type),

    def backward(self, indexes, grad_outputs):
        source = self._source_dtype
        if source.kind != 'f':
            # integer and boolean inputs have no gradient
            return None,
        return cast(grad_outputs[0], source),

    def _backward_arrays(self, indexes, grad_outputs):
        source = self._source_dtype
        if source.kind != 'f':
            return None,
        return _convert(grad_outputs[0], source),


def _convert(x, dtype):
    # the conversion done by the forward pass (no copy when ``x`` already has ``dtype``)
    return x.astype(dtype, copy=False)


def cast(x, typ):
    """Converts a variable to another dtype.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable.
        typ (str or :class:`numpy.dtype`): The target dtype.

    Returns:
        ~chainer.Variable: The converted variable. When ``x`` already has dtype ``typ`` and
        backprop is disabled, ``x`` itself is returned as a variable.

    .. admonition:: Example

        >>> F.cast(np.zeros(3, np.int32), np.float32).dtype
        dtype('float32')
    """
    if x.dtype == typ and not chainer.config.enable_backprop:
        return chainer.as_variable(x)
    return Cast(typ).apply((x,))[0]
