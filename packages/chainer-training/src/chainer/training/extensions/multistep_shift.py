"""MultistepShift: multiplies a hyperparameter by ``gamma`` at given calls."""
from chainer.training.extensions import _shift


class MultistepShift(_shift.HyperparameterShift):
    """Trainer extension setting ``optimizer.<attr>`` to ``init * gamma ** k`` once ``k`` of
    the ``step_value`` calls have been reached.

    Args:
        attr (str): Name of the optimizer attribute (e.g. ``'lr'``).
        gamma (float): Factor applied at each step.
        step_value (list of int): The calls at which the factor is applied (ascending).
        init (float): Initial value.
        optimizer: The optimizer (the updater's ``'main'`` one when None).
    """

    def __init__(self, attr, gamma, step_value, init, optimizer=None):
        super().__init__(attr, init, optimizer)
        self._gamma = gamma
        self._step_value = step_value
        self._stepvalue_size = len(step_value)
        self._current_step = 0

    def initialize(self, trainer):
        """Sets the initial value as it is (as v7), or the value of the steps reached when
        resumed."""
        optimizer = self._get_optimizer(trainer)
        if self._init is None:
            self._init = getattr(optimizer, self._attr)
        value = self._init
        if self._current_step:
            value = self._init * self._gamma ** self._current_step
        self._update_value(optimizer, value)

    def _value_at(self, t):
        if (self._current_step < self._stepvalue_size
                and t >= self._step_value[self._current_step]):
            self._current_step += 1
        return self._init * self._gamma ** self._current_step

    def _update_value(self, optimizer, value):
        setattr(optimizer, self._attr, value)

    def serialize(self, serializer):
        """Saves or restores the call count and the number of steps reached."""
        self._t = serializer('_t', self._t)
        self._current_step = serializer('_current_step', self._current_step)
