"""Randomized leaky rectified linear unit."""
import chainer
from chainer import backend
from chainer import function_node
from chainer import utils
from chainer.utils import argument
from chainer.utils import type_check


def _scale_negative(values, ref, r):
    """``values`` where ``ref >= 0`` and ``values * r`` elsewhere."""
    xp = backend.get_array_module(values)
    return utils.force_array(xp.where(ref >= 0, values, values * r), values.dtype)


class RReLU(function_node.FunctionNode):
    """Randomized Leaky Rectifier Unit.

    Negative inputs are multiplied by slopes ``r``: drawn from ``U(lower, upper)`` per
    element in training mode (unless given), and ``(lower + upper) / 2`` in test mode.
    """

    def __init__(self, lower=1. / 8, upper=1. / 3, r=None):
        super().__init__()
        for name, bound in (('lower', lower), ('upper', upper)):
            if not 0.0 <= bound < 1.0:
                raise ValueError('{} must be in the range [0, 1)'.format(name))
        if lower >= upper:
            raise ValueError('lower must be less than upper')
        self.lower = lower
        self.upper = upper
        self.r = r

    @property
    def label(self):
        return 'RReLU'

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        x_type, = in_types
        type_check.expect(x_type.dtype.kind == 'f')
        if self.r is not None:
            type_check.expect(x_type.dtype == self.r.dtype, x_type.shape == self.r.shape)

    def forward(self, inputs):
        x, = inputs
        xp = backend.get_array_module(x)
        if not chainer.config.train:
            self.r = xp.full(x.shape, (self.lower + self.upper) / 2, dtype=x.dtype)
        elif self.r is None:
            slopes = xp.random.uniform(self.lower, self.upper, x.shape)
            self.r = slopes.astype(x.dtype, copy=False)
        self.retain_outputs((0,))
        return _scale_negative(x, x, self.r),

    def backward(self, indexes, grad_outputs):
        # the output has the sign of the input, so it tells which slope applied
        y = self.get_retained_outputs()[0].array
        return _RReLUGrad(y, self.r).apply(grad_outputs)


class _RReLUGrad(function_node.FunctionNode):
    # linear in gy: its own gradient is itself

    def __init__(self, y, r):
        super().__init__()
        self.y = y
        self.r = r

    def forward(self, inputs):
        gy, = inputs
        return _scale_negative(gy, self.y, self.r),

    def backward(self, indexes, grad_outputs):
        return _RReLUGrad(self.y, self.r).apply(grad_outputs)


def rrelu(x, l=1. / 8, u=1. / 3, **kwargs):  # noqa: E741
    """Randomized Leaky Rectified Linear Unit function.

    ``f(x) = x`` for ``x >= 0`` and ``r * x`` otherwise; ``r`` is drawn elementwise from
    ``U(l, u)`` in training mode and is ``(l + u) / 2`` in test mode
    (``chainer.config.train``).

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input of floating dtype.
        l (float): Lower bound of the slopes, in ``[0, 1)``.
        u (float): Upper bound of the slopes, in ``[0, 1)``, larger than ``l``.
        r (:ref:`ndarray`, optional): Slopes used in training mode instead of random ones
            (shape and dtype of ``x``).
        return_r (bool): Also return the slopes that were used.

    Returns:
        ~chainer.Variable or tuple: The output, or ``(output, r)`` when ``return_r`` is set.

    .. admonition:: Example

        >>> x = np.array([[-2, 3], [1, -4]], np.float32)
        >>> with chainer.using_config('train', False):
        ...     F.rrelu(x, l=0.2, u=0.3).array  # the mean slope (l + u) / 2
        array([[-0.5,  3. ],
               [ 1. , -1. ]], dtype=float32)
        >>> r = np.array([[0.25, 0.1], [0.5, 0.5]], np.float32)
        >>> F.rrelu(x, r=r).array  # given slopes
        array([[-0.5,  3. ],
               [ 1. , -2. ]], dtype=float32)
    """
    r, return_r = argument.parse_kwargs(
        kwargs, ('r', None), ('return_r', False),
        train=argument._TRAIN_REMOVED)
    node = RReLU(l, u, r)
    y, = node.apply((x,))
    return (y, node.r) if return_r else y
