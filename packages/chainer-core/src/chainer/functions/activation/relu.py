"""Rectified linear unit."""
import numpy

import chainer
import chainerx
from chainer import backend
from chainer import function_node
from chainer import utils
from chainer.utils import type_check


def _relu_grad(y, gy):
    # gy where the retained output is positive, 0 elsewhere (no mask array is kept between
    # forward and backward). On CPU the comparison is written straight into a float buffer and
    # multiplied in place: no select (slow with an unpredictable mask) and no bool->float cast
    # inside the multiplication.
    if isinstance(gy, numpy.ndarray):
        gx = numpy.greater(y, 0, out=numpy.empty(gy.shape, gy.dtype), casting='unsafe')
        gx *= gy
        return gx
    return gy * (y > 0)


class ReLU(function_node.FunctionNode):
    """Rectified Linear Unit."""
    is_elementwise = True

    _use_cudnn = False

    @property
    def label(self):
        return 'ReLU'

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        type_check.expect(in_types[0].dtype.kind == 'f')

    def forward(self, inputs):
        x, = inputs
        xp = backend.get_array_module(x)
        self.retain_outputs((0,))
        return utils.force_array(xp.maximum(x, x.dtype.type(0)), x.dtype),

    def forward_chainerx(self, inputs):
        x, = inputs
        if x.dtype.kind != 'f':
            return chainer.Fallback
        return chainerx.relu(x),

    def backward(self, indexes, grad_outputs):
        gy, = grad_outputs
        y = self.get_retained_outputs()[0].array
        return ReLUGrad2(y).apply((gy,))

    def _backward_arrays(self, indexes, grad_outputs):
        # array-level twin of ``backward`` (what ReLUGrad2 computes)
        return _relu_grad(self._retained_output_data[0], grad_outputs[0]),


class ReLUGrad2(function_node.FunctionNode):
    """Gradient of ReLU computed from the retained output ``b``.

    ``gx = gy * (b > 0)``; the function is linear in ``gy``, so its own gradient is itself.
    """

    def __init__(self, b):
        super().__init__()
        self.b = b

    def forward(self, inputs):
        gy, = inputs
        return _relu_grad(self.b, gy),

    def backward(self, indexes, grad_outputs):
        return ReLUGrad2(self.b).apply(grad_outputs)


class ReLUGradCudnn(function_node.FunctionNode):
    """Gradient of ReLU from the retained input ``x`` and output ``y`` (cuDNN layout).

    Computes the same values as :class:`ReLUGrad2`; kept for API parity with v7.
    """
    is_elementwise = True

    def __init__(self, x, y):
        super().__init__()
        self.x = x
        self.y = y

    def forward(self, inputs):
        gy, = inputs
        return _relu_grad(self.y, gy),

    def backward(self, indexes, grad_outputs):
        return ReLUGrad2(self.y).apply(grad_outputs)


def relu(x):
    """Rectified Linear Unit function: ``f(x) = max(0, x)``.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input of floating dtype.

    Returns:
        ~chainer.Variable: Output variable, same shape and dtype as ``x``.

    .. admonition:: Example

        >>> x = np.array([[-1, 0], [2, -3]], np.float32)
        >>> y = F.relu(x)
        >>> y.array
        array([[0., 0.],
               [2., 0.]], dtype=float32)
        >>> y.dtype
        dtype('float32')
    """
    y, = ReLU().apply((x,))
    return y
