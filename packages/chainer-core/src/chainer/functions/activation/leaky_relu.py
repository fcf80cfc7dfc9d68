"""Leaky rectified linear unit."""
from chainer import backend
from chainer import function_node
from chainer import utils
from chainer.utils import type_check


def _leaky_grad(cond, gy, slope):
    # gy * (1 if cond else slope), as arithmetic on the boolean mask (a select with an
    # unpredictable mask is several times slower on CPU) when that is exact in gy's dtype
    # (the rounded 1 - slope plus slope giving 1), a select otherwise.
    dt = gy.dtype.type
    rest, slope = dt(1 - slope), dt(slope)
    if rest + slope == 1:
        factor = cond * rest
        factor += slope
        return utils.force_array(gy * factor, gy.dtype)
    xp = backend.get_array_module(gy)
    return utils.force_array(xp.where(cond, gy, gy * slope), gy.dtype)


class LeakyReLU(function_node.FunctionNode):
    """Leaky rectifier unit ``max(x, slope * x)``."""

    def __init__(self, slope=0.2):
        super().__init__()
        self.slope = slope

    @property
    def label(self):
        return 'LeakyReLU'

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        type_check.expect(in_types[0].dtype.kind == 'f')

    def forward(self, inputs):
        x, = inputs
        xp = backend.get_array_module(x)
        # With a positive slope the output keeps the sign of the input, so the output
        # suffices for backward; otherwise the input is kept.
        if self.slope > 0:
            self.retain_outputs((0,))
        else:
            self.retain_inputs((0,))
        xs = x * x.dtype.type(self.slope)
        if 0 <= self.slope <= 1:
            y = xp.maximum(x, xs)
        elif self.slope > 1:
            y = xp.minimum(x, xs)
        else:
            y = xp.where(x > 0, x, xs)
        return utils.force_array(y, x.dtype),

    def _retained_ref(self):
        # the retained output (slope > 0) or input: its sign selects the branch
        if self.slope > 0:
            return self._retained_output_data[0]
        return self.inputs[0].data

    def backward(self, indexes, grad_outputs):
        # the slope applies at 0 too, as v7
        return _LeakyReLUGrad(self._retained_ref() > 0, self.slope).apply(grad_outputs)

    def _backward_arrays(self, indexes, grad_outputs):
        # array-level twin of ``backward`` (what _LeakyReLUGrad computes)
        return _leaky_grad(self._retained_ref() > 0, grad_outputs[0], self.slope),


class _LeakyReLUGrad(function_node.FunctionNode):

    def __init__(self, cond, slope):
        super().__init__()
        self.cond = cond
        self.slope = slope

    def forward(self, inputs):
        gy, = inputs
        return _leaky_grad(self.cond, gy, self.slope),

    def backward(self, indexes, grad_outputs):
        return _LeakyReLUGrad(self.cond, self.slope).apply(grad_outputs)


def leaky_relu(x, slope=0.2):
    """Leaky Rectified Linear Unit function.

    ``f(x) = x`` if ``x > 0`` else ``slope * x``.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input of floating dtype.
        slope (float): Slope for negative inputs (default 0.2).

    Returns:
        ~chainer.Variable: Output variable, same shape and dtype as ``x``.

    .. admonition:: Example

        >>> x = np.array([[-4, 0], [2, -1]], np.float32)
        >>> F.leaky_relu(x, slope=0.25).array
        array([[-1.  ,  0.  ],
               [ 2.  , -0.25]], dtype=float32)
    """
    y, = LeakyReLU(slope).apply((x,))
    return y
