"""Elementwise linear interpolation ``p * x + (1 - p) * y``."""
from chainer import function_node, utils
from chainer.functions.math._elementwise import check_float_same_shape


class LinearInterpolate(function_node.FunctionNode):
    """Elementwise ``p * x + (1 - p) * y``."""

    def check_type_forward(self, in_types):
        check_float_same_shape(in_types, ('p', 'x', 'y'))

    def forward(self, inputs):
        self.retain_inputs((0, 1, 2))
        p, x, y = inputs
        return utils.force_array(p * (x - y) + y, p.dtype),

    def backward(self, indexes, grad_outputs):
        p, x, y = self.get_retained_inputs()
        g, = grad_outputs
        return LinearInterpolateGrad().apply((p, x, y, g))


class LinearInterpolateGrad(function_node.FunctionNode):
    """Gradient of :class:`LinearInterpolate` with respect to ``p``, ``x`` and ``y``."""

    def forward(self, inputs):
        self.retain_inputs((0, 1, 2, 3))
        p, x, y, g = inputs
        pg = p * g
        return (utils.force_array((x - y) * g, p.dtype),
                utils.force_array(pg, p.dtype),
                utils.force_array(g - pg, p.dtype))

    def backward(self, indexes, grad_outputs):
        p, x, y, g = self.get_retained_inputs()
        ggp, ggx, ggy = grad_outputs
        ret = []
        for i in indexes:
            if i == 0:  # p enters gx = p g and gy = (1 - p) g
                r = _lin(g, ggx, 1.0, ggy, -1.0)
            elif i == 1:  # x enters gp = (x - y) g
                r = _lin(g, ggp, 1.0)
            elif i == 2:
                r = _lin(g, ggp, -1.0)
            else:  # g enters all three outputs
                r = _lin(x - y, ggp, 1.0)
                if ggx is not None:
                    r = ggx * p if r is None else r + ggx * p
                if ggy is not None:
                    t = ggy * (1.0 - p)
                    r = t if r is None else r + t
            ret.append(r)
        return ret


def _lin(factor, *gs_and_signs):
    """Returns ``factor * sum(sign * g)`` over the non-None ``g`` (None if all are None)."""
    acc = None
    for gg, sign in zip(gs_and_signs[::2], gs_and_signs[1::2]):
        if gg is None:
            continue
        t = gg if sign == 1.0 else -gg
        acc = t if acc is None else acc + t
    return None if acc is None else factor * acc


def linear_interpolate(p, x, y):
    """Interpolates linearly between ``y`` and ``x``: ``p * x + (1 - p) * y``.

    The three inputs share one shape and dtype.

    Args:
        p (:class:`~chainer.Variable` or :ref:`ndarray`): Interpolation coefficients.
        x (:class:`~chainer.Variable` or :ref:`ndarray`): First input.
        y (:class:`~chainer.Variable` or :ref:`ndarray`): Second input.

    Returns:
        ~chainer.Variable: Output variable.

    .. admonition:: Example

        >>> p = np.array([0, 0.25, 1], np.float32)
        >>> x = np.array([10, 10, 10], np.float32)
        >>> y = np.array([20, 20, 20], np.float32)
        >>> F.linear_interpolate(p, x, y).array  # p * x + (1 - p) * y
        array([20. , 17.5, 10. ], dtype=float32)
    """
    return LinearInterpolate().apply((p, x, y))[0]
