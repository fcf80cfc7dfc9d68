"""Clipped rectifier unit and ReLU6."""
from chainer import backend
from chainer import function_node
from chainer import utils
from chainer.utils import type_check


def _clip_mask_grad(x, gy, z):
    return utils.force_array(gy * ((x > 0) & (x < z)), gy.dtype)


class ClippedReLU(function_node.FunctionNode):
    """Clipped Rectifier Unit ``min(max(0, x), z)``."""

    def __init__(self, z):
        super().__init__()
        if not isinstance(z, float):
            raise TypeError('z must be float value')
        assert z > 0, 'the clipping value z must be positive'
        self.cap = z

    @property
    def label(self):
        return 'ClippedReLU'

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        type_check.expect(in_types[0].dtype.kind == 'f')

    def forward(self, inputs):
        x, = inputs
        xp = backend.get_array_module(x)
        self.retain_inputs((0,))
        dt = x.dtype.type
        return utils.force_array(xp.clip(x, dt(0), dt(self.cap)), x.dtype),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        return ClippedReLUGrad2(x.array, self.cap).apply(grad_outputs)

    def _backward_arrays(self, indexes, grad_outputs):
        # array-level twin of ``backward`` (what ClippedReLUGrad2 computes)
        return _clip_mask_grad(self.inputs[0].data, grad_outputs[0], self.cap),


class ClippedReLUGrad2(function_node.FunctionNode):
    """Gradient of ClippedReLU from the retained input: ``gy * (0 < x < z)``."""

    def __init__(self, x, z):
        super().__init__()
        self.x = x
        self.cap = z

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('gy',))
        type_check.expect(in_types[0].dtype.kind == 'f')

    def forward(self, inputs):
        gy, = inputs
        return _clip_mask_grad(self.x, gy, self.cap),

    def backward(self, indexes, grad_outputs):
        return ClippedReLUGrad2(self.x, self.cap).apply(grad_outputs)


class ClippedReLUGrad3(function_node.FunctionNode):
    """Gradient of ClippedReLU from the retained input and output (cuDNN layout)."""

    def __init__(self, x, y, z):
        super().__init__()
        self.x = x
        self.y = y
        self.cap = z

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('gy',))
        type_check.expect(in_types[0].dtype.kind == 'f')

    def forward(self, inputs):
        gy, = inputs
        return _clip_mask_grad(self.x, gy, self.cap),

    def backward(self, indexes, grad_outputs):
        return ClippedReLUGrad3(self.x, self.y, self.cap).apply(grad_outputs)


def clipped_relu(x, z=20.0):
    """Clipped Rectifier Unit function: ``min(max(0, x), z)``.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input of floating dtype.
        z (float): Clipping value, positive (default 20.0).

    Returns:
        ~chainer.Variable: Output variable, same shape and dtype as ``x``.

    .. admonition:: Example

        >>> x = np.array([[-1, 0, 2], [5, 30, -4]], np.float32)
        >>> F.clipped_relu(x, z=4.0).array
        array([[0., 0., 2.],
               [4., 4., 0.]], dtype=float32)
    """
    y, = ClippedReLU(z).apply((x,))
    return y


def relu6(x):
    """Rectifier Unit function clipped at 6: ``min(max(0, x), 6)``.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input of floating dtype.

    Returns:
        ~chainer.Variable: Output variable, same shape and dtype as ``x``.

    .. admonition:: Example

        >>> x = np.array([-2, 0, 3, 6, 9], np.float32)
        >>> F.relu6(x).array
        array([0., 0., 3., 6., 6.], dtype=float32)
    """
    y, = ClippedReLU(6.0).apply((x,))
    return y
