"""EarlyStoppingTrigger: a stop trigger that ends training when a value stops improving."""
import operator
import warnings

from chainer import reporter
from chainer.training import util
from chainer.utils import argument


class EarlyStoppingTrigger:
    """Stop trigger that fires when the monitored value has not improved for a while.

    The mean of ``trainer.observation[monitor]`` is computed at each firing of
    ``check_trigger``; the trigger fires once ``patience`` consecutive means did not improve on
    the best one, or when ``max_trigger`` fires.

    Args:
        check_trigger: When to check the value (a trigger or an ``IntervalTrigger`` tuple).
        monitor (str): Observation key of the monitored value.
        patience (int): Number of checks without improvement tolerated (``patients`` is an
            accepted alias); 3 when not given.
        mode (str): ``'max'``, ``'min'`` or ``'auto'`` (``'max'`` when the key contains
            ``'accuracy'``, else ``'min'``).
        verbose (bool): Print the comparison used and each firing.
        max_trigger: Trigger that ends training anyway (``(100, 'epoch')``).
    """

    def __init__(self, check_trigger=(1, 'epoch'), monitor='main/loss', patience=None,
                 mode='auto', verbose=False, max_trigger=(100, 'epoch'), **kwargs):
        patients, = argument.parse_kwargs(kwargs, ('patients', None))
        if patience is not None and patients is not None:
            raise TypeError(
                "Both 'patience' and 'patients' arguments are specified. 'patients' is an "
                "alias of the former. Specify only 'patience'.")
        if patience is None:
            patience = 3 if patients is None else patients
        self.count = 0
        self.patience = patience
        self.monitor = monitor
        self.verbose = verbose
        self.already_warning = False
        self._max_trigger = util.get_trigger(max_trigger)
        self._interval_trigger = util.get_trigger(check_trigger)
        self._init_summary()

        if mode == 'max' or (mode not in ('min', 'max') and 'accuracy' in monitor):
            self._compare = operator.gt
        else:
            self._compare = operator.lt
        self.best = float('-inf') if self._compare is operator.gt else float('inf')
        if verbose:
            print('early stopping: operator is {}'.format(
                'greater' if self._compare is operator.gt else 'less'))

    def __call__(self, trainer):
        """Returns True when training should stop."""
        observation = trainer.observation
        monitor = self.monitor
        if monitor in observation:
            self._summary.add({monitor: observation[monitor]})
        if self._max_trigger(trainer):
            return True
        if not self._interval_trigger(trainer):
            return False
        if monitor not in observation:
            if not self.already_warning:
                warnings.warn('{} is not in observation'.format(monitor))
                self.already_warning = True
            return False

        current = float(self._summary.compute_mean()[monitor])
        self._init_summary()
        if self._compare(current, self.best):
            self.best = current
            self.count = 0
        else:
            self.count += 1
        if self._stop_condition():
            if self.verbose:
                print('Epoch {}: early stopping'.format(trainer.updater.epoch))
            return True
        return False

    def _stop_condition(self):
        return self.count >= self.patience

    def _init_summary(self):
        self._summary = reporter.DictSummary()

    def get_training_length(self):
        """Returns the training length of ``max_trigger`` (``None`` if it has none)."""
        get_length = getattr(self._max_trigger, 'get_training_length', None)
        return None if get_length is None else get_length()

    def serialize(self, serializer):
        """Saves or restores the checks' state, so that a resumed run stops where an
        uninterrupted one would. Snapshots of Chainer v7 lack it (v7 keeps no state): they
        load silently, as in v7, and the checks start afresh."""
        try:
            self.count = serializer('count', self.count)
            self.best = float(serializer('best', self.best))
        except KeyError:
            return
        for key, trigger in (('max_trigger', self._max_trigger),
                             ('interval_trigger', self._interval_trigger)):
            if hasattr(trigger, 'serialize'):
                trigger.serialize(serializer[key])
        self._summary.serialize(serializer['summary'])
