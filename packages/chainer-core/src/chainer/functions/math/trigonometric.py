"""Trigonometric functions and their inverses: sin, cos, tan, arcsin, arccos, arctan, arctan2."""
import chainer
from chainer import backend, function_node, utils
from chainer.functions._helpers import grad_ops
from chainer.functions.math._elementwise import check_broadcastable, check_float, sum_to_shape
from chainer.utils import type_check


class Sin(function_node.FunctionNode):
    """Elementwise sine."""

    @property
    def label(self):
        return 'sin'

    def check_type_forward(self, in_types):
        check_float(in_types)

    def forward(self, inputs):
        x, = inputs
        xp = backend.get_array_module(x)
        self.retain_inputs((0,))
        return utils.force_array(xp.sin(x)),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        return SinGrad().apply((x, grad_outputs[0]))

    def _backward_arrays(self, indexes, grad_outputs):
        return _sin_grad(self.inputs[0].data, grad_outputs[0]),


def _sin_grad(x, gy):
    xp = backend.get_array_module(x)
    return utils.force_array(xp.cos(x) * gy, x.dtype)


class SinGrad(function_node.FunctionNode):
    """Gradient of :class:`Sin`: ``cos(x) * gy``."""

    def forward(self, inputs):
        x, gy = inputs
        self.retain_inputs((0, 1))
        return _sin_grad(x, gy),

    def backward(self, indexes, grad_outputs):
        x, gy = self.get_retained_inputs()
        ggx, = grad_outputs
        ret = []
        if 0 in indexes:
            ret.append(-sin(x) * gy * ggx)
        if 1 in indexes:
            ret.append(cos(x) * ggx)
        return ret


class Cos(function_node.FunctionNode):
    """Elementwise cosine."""

    @property
    def label(self):
        return 'cos'

    def check_type_forward(self, in_types):
        check_float(in_types)

    def forward(self, inputs):
        x, = inputs
        xp = backend.get_array_module(x)
        self.retain_inputs((0,))
        return utils.force_array(xp.cos(x)),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        return CosGrad().apply((x, grad_outputs[0]))

    def _backward_arrays(self, indexes, grad_outputs):
        return _cos_grad(self.inputs[0].data, grad_outputs[0]),


def _cos_grad(x, gy):
    xp = backend.get_array_module(x)
    return utils.force_array(-xp.sin(x) * gy, x.dtype)


class CosGrad(function_node.FunctionNode):
    """Gradient of :class:`Cos`: ``-sin(x) * gy``."""

    def forward(self, inputs):
        x, gy = inputs
        self.retain_inputs((0, 1))
        return _cos_grad(x, gy),

    def backward(self, indexes, grad_outputs):
        x, gy = self.get_retained_inputs()
        ggx, = grad_outputs
        ret = []
        if 0 in indexes:
            ret.append(-cos(x) * gy * ggx)
        if 1 in indexes:
            ret.append(-sin(x) * ggx)
        return ret


class Tan(function_node.FunctionNode):
    """Elementwise tangent."""

    @property
    def label(self):
        return 'tan'

    def check_type_forward(self, in_types):
        check_float(in_types)

    def forward(self, inputs):
        x, = inputs
        xp = backend.get_array_module(x)
        self.retain_inputs((0,))
        return utils.force_array(xp.tan(x)),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        c = cos(x)
        return grad_outputs[0] / (c * c),


class Arcsin(function_node.FunctionNode):
    """Elementwise inverse sine."""

    @property
    def label(self):
        return 'arcsin'

    def check_type_forward(self, in_types):
        check_float(in_types)

    def forward(self, inputs):
        x, = inputs
        xp = backend.get_array_module(x)
        self.retain_inputs((0,))
        return utils.force_array(xp.arcsin(x)),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        return ArcsinGrad().apply((x, grad_outputs[0]))


class ArcsinGrad(function_node.FunctionNode):
    """Gradient of :class:`Arcsin`: ``gy / sqrt(1 - x^2)``."""

    def forward(self, inputs):
        x, gy = inputs
        xp = backend.get_array_module(x)
        self.retain_inputs((0, 1))
        return utils.force_array(gy / xp.sqrt(1 - x * x), x.dtype),

    def backward(self, indexes, grad_outputs):
        x, gy = self.get_retained_inputs()
        ggx, = grad_outputs
        r = chainer.functions.rsqrt(1.0 - x * x)  # (1 - x^2)^(-1/2)
        ret = []
        if 0 in indexes:
            ret.append(x * r * r * r * gy * ggx)
        if 1 in indexes:
            ret.append(r * ggx)
        return ret


class Arccos(function_node.FunctionNode):
    """Elementwise inverse cosine."""

    @property
    def label(self):
        return 'arccos'

    def check_type_forward(self, in_types):
        check_float(in_types)

    def forward(self, inputs):
        x, = inputs
        xp = backend.get_array_module(x)
        self.retain_inputs((0,))
        return utils.force_array(xp.arccos(x)),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        return ArccosGrad().apply((x, grad_outputs[0]))


class ArccosGrad(function_node.FunctionNode):
    """Gradient of :class:`Arccos`: ``-gy / sqrt(1 - x^2)``."""

    def forward(self, inputs):
        x, gy = inputs
        xp = backend.get_array_module(x)
        self.retain_inputs((0, 1))
        return utils.force_array(-gy / xp.sqrt(1 - x * x), x.dtype),

    def backward(self, indexes, grad_outputs):
        x, gy = self.get_retained_inputs()
        ggx, = grad_outputs
        r = chainer.functions.rsqrt(1.0 - x * x)
        ret = []
        if 0 in indexes:
            ret.append(-x * r * r * r * gy * ggx)
        if 1 in indexes:
            ret.append(-r * ggx)
        return ret


class Arctan(function_node.FunctionNode):
    """Elementwise inverse tangent."""

    @property
    def label(self):
        return 'arctan'

    def check_type_forward(self, in_types):
        check_float(in_types)

    def forward(self, inputs):
        x, = inputs
        xp = backend.get_array_module(x)
        self.retain_inputs((0,))
        return utils.force_array(xp.arctan(x)),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        return ArctanGrad().apply((x, grad_outputs[0]))


class ArctanGrad(function_node.FunctionNode):
    """Gradient of :class:`Arctan`: ``gy / (1 + x^2)``."""

    def forward(self, inputs):
        x, gy = inputs
        self.retain_inputs((0, 1))
        return utils.force_array(gy / (1 + x * x), x.dtype),

    def backward(self, indexes, grad_outputs):
        x, gy = self.get_retained_inputs()
        ggx, = grad_outputs
        d = 1.0 / (1.0 + x * x)
        ret = []
        if 0 in indexes:
            ret.append(-2.0 * x * d * d * gy * ggx)
        if 1 in indexes:
            ret.append(d * ggx)
        return ret


_cast = grad_ops.VARIABLES.cast


class Arctan2(function_node.FunctionNode):
    """Elementwise ``arctan(x1 / x2)`` choosing the quadrant correctly (broadcasting)."""

    @property
    def label(self):
        return 'arctan2'

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x1', 'x2'))
        # Mixed float dtypes give NumPy's result dtype (as in v7).
        type_check.expect(
            in_types[0].dtype.kind == 'f',
            in_types[1].dtype.kind == 'f',
        )
        check_broadcastable(in_types, ('x1', 'x2'), 'arctan2')

    def forward(self, inputs):
        x1, x2 = inputs
        xp = backend.get_array_module(x1, x2)
        self.retain_inputs((0, 1))
        return utils.force_array(xp.arctan2(x1, x2)),

    def backward(self, indexes, grad_outputs):
        x1, x2 = self.get_retained_inputs()
        g1, g2 = Arctan2Grad().apply((x1, x2, grad_outputs[0]))
        ret = []
        if 0 in indexes:
            ret.append(_cast(sum_to_shape(g1, x1.shape), x1.dtype))
        if 1 in indexes:
            ret.append(_cast(sum_to_shape(g2, x2.shape), x2.dtype))
        return ret


class Arctan2Grad(function_node.FunctionNode):
    """Gradient of :class:`Arctan2` with respect to both inputs (broadcast shape)."""

    def forward(self, inputs):
        x1, x2, gy = inputs
        self.retain_inputs((0, 1, 2))
        r = x1 * x1 + x2 * x2
        dtype = gy.dtype
        return (utils.force_array(gy * x2 / r, dtype),
                utils.force_array(-gy * x1 / r, dtype))

    def backward(self, indexes, grad_outputs):
        x1, x2, gy = self.get_retained_inputs()
        gg1, gg2 = grad_outputs
        if gg1 is None:
            gg1 = gy * 0.0
        if gg2 is None:
            gg2 = gy * 0.0
        inv_r = 1.0 / (x1 * x1 + x2 * x2)
        ret = []
        if 0 in indexes or 1 in indexes:
            c = gy * inv_r * inv_r
            diff = x1 * x1 - x2 * x2
            prod = 2.0 * x1 * x2
            if 0 in indexes:
                ret.append(sum_to_shape(c * (diff * gg2 - prod * gg1), x1.shape))
            if 1 in indexes:
                ret.append(sum_to_shape(c * (diff * gg1 + prod * gg2), x2.shape))
        if 2 in indexes:
            ret.append((x2 * gg1 - x1 * gg2) * inv_r)
        return ret


def sin(x):
    """Sine of every element (radians).

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable (float).

    Returns:
        ~chainer.Variable: Output variable.

    .. admonition:: Example

        >>> x = np.array([0, np.pi / 6, np.pi / 2], np.float32)
        >>> np.round(F.sin(x).array, 4)
        array([0. , 0.5, 1. ], dtype=float32)
    """
    return Sin().apply((x,))[0]


def cos(x):
    """Cosine of every element (radians).

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable (float).

    Returns:
        ~chainer.Variable: Output variable.

    .. admonition:: Example

        >>> x = np.array([0, np.pi / 3, np.pi], np.float32)
        >>> np.round(F.cos(x).array, 4)
        array([ 1. ,  0.5, -1. ], dtype=float32)
    """
    return Cos().apply((x,))[0]


def tan(x):
    """Tangent of every element (radians).

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable (float).

    Returns:
        ~chainer.Variable: Output variable.

    .. admonition:: Example

        >>> x = np.array([-np.pi / 4, 0, np.pi / 4], np.float32)
        >>> np.round(F.tan(x).array, 4)
        array([-1.,  0.,  1.], dtype=float32)
    """
    return Tan().apply((x,))[0]


def arcsin(x):
    """Inverse sine of every element.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable (float).

    Returns:
        ~chainer.Variable: Output variable.

    .. admonition:: Example

        >>> x = np.array([-1, 0, 1], np.float32)
        >>> np.round(F.arcsin(x).array, 4)
        array([-1.5708,  0.    ,  1.5708], dtype=float32)
    """
    return Arcsin().apply((x,))[0]


def arccos(x):
    """Inverse cosine of every element.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable (float).

    Returns:
        ~chainer.Variable: Output variable.

    .. admonition:: Example

        >>> x = np.array([-1, 0, 1], np.float32)
        >>> np.round(F.arccos(x).array, 4)
        array([3.1416, 1.5708, 0.    ], dtype=float32)
    """
    return Arccos().apply((x,))[0]


def arctan(x):
    """Inverse tangent of every element.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable (float).

    Returns:
        ~chainer.Variable: Output variable.

    .. admonition:: Example

        >>> x = np.array([-1, 0, 1], np.float32)
        >>> np.round(F.arctan(x).array, 4)
        array([-0.7854,  0.    ,  0.7854], dtype=float32)
    """
    return Arctan().apply((x,))[0]


def arctan2(x1, x2):
    """Angle of the point ``(x2, x1)``: ``arctan(x1 / x2)`` in the right quadrant.

    Args:
        x1 (:class:`~chainer.Variable` or :ref:`ndarray`): Y-coordinates (float).
        x2 (:class:`~chainer.Variable` or :ref:`ndarray`): X-coordinates (same dtype,
            broadcastable with ``x1``).

    Returns:
        ~chainer.Variable: Angles in radians, in ``[-pi, pi]``.

    .. admonition:: Example

        >>> y = np.array([1, 1, -1], np.float32)
        >>> x = np.array([1, -1, 0], np.float32)
        >>> np.round(F.arctan2(y, x).array, 4)
        array([ 0.7854,  2.3562, -1.5708], dtype=float32)
    """
    return Arctan2().apply((x1, x2))[0]
