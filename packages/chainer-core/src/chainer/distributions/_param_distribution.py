"""Base of the distributions defined by named parameter Variables of one shape."""
from chainer import distribution
from chainer.distributions import utils as dist_utils


class ParamDistribution(distribution.Distribution):
    """Base of the distributions whose parameters are Variables broadcast to one shape.

    Subclasses name their parameters in ``_param_names`` (in the order of the constructor
    arguments, which their ``__init__`` passes on); the last ``_event_ndim`` axes of the
    parameters are the event axes, the others the batch axes.

    Args:
        *values (~chainer.Variable or array): The parameters (arrays and scalars are wrapped
            in Variables).
    """

    _param_names = ()
    _event_ndim = 0

    def __init__(self, *values):
        params = dist_utils._broadcast_params(*[dist_utils._as_param(v) for v in values])
        for name, param in zip(self._param_names, params):
            setattr(self, name, param)

    @property
    def params(self):
        return {name: getattr(self, name) for name in self._param_names}

    @property
    def batch_shape(self):
        shape = getattr(self, self._param_names[0]).shape
        return shape[:len(shape) - self._event_ndim]

    @property
    def event_shape(self):
        shape = getattr(self, self._param_names[0]).shape
        return shape[len(shape) - self._event_ndim:]
