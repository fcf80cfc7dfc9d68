"""PolynomialShift: decays a hyperparameter polynomially to zero over ``max_count`` calls."""
from chainer.training.extensions import _shift


class PolynomialShift(_shift.HyperparameterShift):
    """Trainer extension setting ``optimizer.<attr>`` to
    ``init * (1 - t / max_count) ** rate`` at the t-th call (zero from ``max_count`` on).

    Args:
        attr (str): Name of the optimizer attribute (e.g. ``'lr'``).
        rate (float): Exponent of the decay.
        max_count (int): Number of calls to reach zero.
        init (float): Initial value (the optimizer's when None).
        target (float): Value at which the shift stops.
        optimizer: The optimizer (the updater's ``'main'`` one when None).
    """

    invoke_before_training = True

    def __init__(self, attr, rate, max_count, init=None, target=None, optimizer=None):
        super().__init__(attr, init, optimizer)
        self._rate = rate
        self._max_count = max_count
        self._target = target

    def _value_at(self, t):
        decay = max(1 - t / self._max_count, 0)
        return _shift.clip_to_target(self._init * decay ** self._rate, self._target, False)
