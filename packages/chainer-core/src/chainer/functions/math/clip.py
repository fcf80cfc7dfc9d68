"""Elementwise clipping."""
import numpy

from chainer import backend, function_node, utils
from chainer.utils import type_check


class Clip(function_node.FunctionNode):
    """Clips the input elementwise into ``[x_min, x_max]`` (either bound may be None)."""

    def __init__(self, x_min, x_max):
        if x_min is None and x_max is None:
            raise ValueError('at least one of x_min and x_max must be given')
        if x_min is not None and x_max is not None and x_min >= x_max:
            raise ValueError('x_min must be less than x_max.')
        self.x_min = x_min
        self.x_max = x_max

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        type_check.expect(in_types[0].dtype.kind == 'f')

    def forward(self, inputs):
        self.retain_inputs((0,))
        x, = inputs
        xp = backend.get_array_module(x)
        x_min = -numpy.inf if self.x_min is None else self.x_min
        x_max = numpy.inf if self.x_max is None else self.x_max
        return utils.force_array(xp.clip(x, x_min, x_max), x.dtype),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        return ClipGrad(x.array, self.x_min, self.x_max).apply(grad_outputs)

    def _backward_arrays(self, indexes, grad_outputs):
        cond = _clip_mask(self.inputs[0].data, self.x_min, self.x_max)
        return _masked(grad_outputs[0], cond),


def _clip_mask(x, x_min, x_max):
    # where the gradient passes: ``x_min <= x <= x_max`` (a None bound is open)
    xp = backend.get_array_module(x)
    cond = xp.ones(x.shape, dtype=bool)
    if x_min is not None:
        cond &= x_min <= x
    if x_max is not None:
        cond &= x <= x_max
    return cond


def _masked(gy, cond):
    return utils.force_array(gy * cond, gy.dtype)


class ClipGrad(function_node.FunctionNode):
    """Gradient of :class:`Clip`: passes the gradient where ``x_min <= x <= x_max``."""

    def __init__(self, x, x_min, x_max):
        self.cond = _clip_mask(x, x_min, x_max)

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('gy',))
        type_check.expect(in_types[0].dtype.kind == 'f')

    def forward(self, inputs):
        gy, = inputs
        return _masked(gy, self.cond),

    def backward(self, indexes, grad_outputs):
        g, = grad_outputs
        return g * self.cond.astype(g.dtype),


def clip(x, x_min, x_max):
    """Limits every element to the range ``[x_min, x_max]``.

    Either bound (not both) may be ``None`` to leave that side open.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable (float).
        x_min (float or None): Minimum value.
        x_max (float or None): Maximum value.

    Returns:
        ~chainer.Variable: Output variable.

    Raises:
        ValueError: if both bounds are None or ``x_min >= x_max``.

    .. admonition:: Example

        >>> x = np.array([-3, 0.5, 7], np.float32)
        >>> F.clip(x, 0.0, 1.0).array
        array([0. , 0.5, 1. ], dtype=float32)
    """
    return Clip(x_min, x_max).apply((x,))[0]
