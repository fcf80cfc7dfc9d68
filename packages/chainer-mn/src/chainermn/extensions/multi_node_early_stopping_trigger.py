"""Early stopping on a value averaged over the processes, so that all stop together."""
from chainer.training import triggers
from chainermn.extensions import observation_aggregator


class MultiNodeEarlyStoppingTrigger:
    """Early-stopping trigger that works on the mean over all processes.

    As :class:`~chainer.training.triggers.EarlyStoppingTrigger`, but at each check the
    values of ``monitor`` accumulated by all processes are averaged first (stored as
    ``monitor + suffix``), so that every process takes the same decision and they all stop at
    the same iteration.

    Args:
        comm: ChainerMN communicator.
        check_trigger: When to compare the value with the best one (an ``IntervalTrigger``
            tuple ``(period, 'epoch' or 'iteration')``).
        monitor (str): Observation key of the monitored value.
        patience (int): Number of checks without improvement tolerated (3 by default;
            ``patients`` is an accepted alias).
        mode (str): ``'max'``, ``'min'`` or ``'auto'``.
        verbose (bool): Print the comparisons.
        max_trigger: Trigger that ends training anyway.
        suffix (str): Suffix of the key of the aggregated value.
    """

    def __init__(self, comm, *, check_trigger=(1, 'epoch'), monitor='main/loss',
                 patience=None, mode='auto', verbose=False, max_trigger=(100, 'epoch'),
                 suffix='_aggregated', **kwargs):
        aggregated_key = monitor + suffix
        self.actual_aggregator = observation_aggregator.ObservationAggregator(
            comm, monitor, aggregated_key, comm_trigger=check_trigger)
        self.actual_trigger = triggers.EarlyStoppingTrigger(
            check_trigger=check_trigger, monitor=aggregated_key, patience=patience, mode=mode,
            verbose=verbose, max_trigger=max_trigger, **kwargs)

    def __call__(self, trainer):
        """Aggregates the monitored value and returns True when training should stop."""
        self.actual_aggregator(trainer)
        return self.actual_trigger(trainer)

    def get_training_length(self):
        """The training length of ``max_trigger``."""
        return self.actual_trigger.get_training_length()

    def serialize(self, serializer):
        """Serializes the state of the early-stopping decision."""
        self.actual_trigger.serialize(serializer)
