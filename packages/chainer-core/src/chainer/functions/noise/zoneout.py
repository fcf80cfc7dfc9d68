"""Zoneout."""
from chainer import backend
from chainer import configuration
from chainer import function_node
from chainer import utils
from chainer.functions._helpers import grad_ops
from chainer.functions.math import _elementwise
from chainer.utils import argument
from chainer.utils import type_check


class Zoneout(function_node.FunctionNode):
    """Zoneout: each unit keeps its previous value ``h`` with probability
    ``zoneout_ratio`` and takes the new value ``x`` otherwise."""

    def __init__(self, zoneout_ratio):
        self.zoneout_ratio = zoneout_ratio

    @property
    def label(self):
        return 'Zoneout'

    def check_type_forward(self, in_types):
        # as v7: any dtypes (the output's is NumPy's promotion), shapes that broadcast
        type_check.argname(in_types, ('h', 'x'))

    def forward(self, inputs):
        h, x = inputs
        xp = backend.get_array_module(x)
        keeps_h = xp.random.rand(*x.shape) < self.zoneout_ratio
        # the share of each input in every output unit (0 or 1)
        self.flag_h = keeps_h.astype(h.dtype)
        self.flag_x = (~keeps_h).astype(x.dtype)
        return utils.force_array(xp.where(keeps_h, h, x)),

    def backward(self, indexes, grad_outputs):
        gy, = grad_outputs
        shares = (self.flag_h, self.flag_x)
        ret = []
        for i in indexes:
            x = self.inputs[i]
            gx = gy * shares[i].astype(gy.dtype, copy=False)
            gx = _elementwise.sum_to_shape(gx, x.shape)
            ret.append(grad_ops.VARIABLES.cast(gx, x.dtype))
        return tuple(ret)


def zoneout(h, x, ratio=.5, **kwargs):
    """zoneout(h, x, ratio=.5)

    Drops elements of the new state randomly, keeping the previous ones instead.

    In training mode (``chainer.config.train``) each element of the output is ``h`` with
    probability ``ratio`` and ``x`` otherwise; in test mode the output is ``x``. See:
    `Zoneout <https://arxiv.org/abs/1606.01305>`_.

    Args:
        h (:class:`~chainer.Variable` or :ref:`ndarray`): Previous state.
        x (:class:`~chainer.Variable` or :ref:`ndarray`): New state (same shape).
        ratio (float): Zoneout ratio.

    Returns:
        ~chainer.Variable: Output variable.

    .. admonition:: Example

        >>> h = np.zeros((2, 3), np.float32)  # the previous state
        >>> x = np.ones((2, 3), np.float32)  # the new state
        >>> y = F.zoneout(h, x, ratio=0.5)  # each unit keeps h or takes x at random
        >>> set(y.array.ravel().tolist()) <= {0.0, 1.0}
        True
        >>> with chainer.using_config('train', False):
        ...     y = F.zoneout(h, x, ratio=0.5)
        >>> y is x  # the new state itself at test time
        True
    """
    if kwargs:
        argument.check_unexpected_kwargs(
            kwargs, train=argument._TRAIN_REMOVED)
        argument.assert_kwargs_empty(kwargs)
    if configuration.config.train:
        return Zoneout(ratio).apply((h, x))[0]
    return x
