"""InverseShift: decays a hyperparameter as ``init * (1 + gamma * t) ** -power``."""
from chainer.training.extensions import _shift


class InverseShift(_shift.HyperparameterShift):
    """Trainer extension setting ``optimizer.<attr>`` to ``init * (1 + gamma * t) ** -power``
    at the t-th call.

    Args:
        attr (str): Name of the optimizer attribute (e.g. ``'lr'``).
        gamma (float): Factor of the call count.
        power (float): Exponent of the decay.
        init (float): Initial value (the optimizer's when None).
        target (float): Value at which the shift stops.
        optimizer: The optimizer (the updater's ``'main'`` one when None).
    """

    def __init__(self, attr, gamma, power, init=None, target=None, optimizer=None):
        super().__init__(attr, init, optimizer)
        if gamma < 0:
            raise ValueError('InverseShift does not support negative gamma')
        self._gamma = gamma
        self._power = power
        self._target = target

    def _value_at(self, t):
        value = self._init * (1 + self._gamma * t) ** (-self._power)
        return _shift.clip_to_target(value, self._target, self._power < 0)
