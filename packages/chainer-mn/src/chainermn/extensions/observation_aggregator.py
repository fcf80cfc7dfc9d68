"""Aggregating an observed value (e.g. the loss) over the processes."""
import numpy

from chainer import backend
from chainer import variable
from chainer.training import extension
from chainer.training import util


def _to_host(value):
    if isinstance(value, variable.Variable):
        value = value.array
    if backend.get_array_module(value) is not numpy:
        value = backend.CpuDevice().send(value)
    return value


def _mean(values_per_process):
    values = [v for values in values_per_process for v in values]
    return numpy.mean(values, axis=0) if values else None


class ObservationAggregator(extension.Extension):
    """Trainer extension that aggregates an observation over the processes.

    At every iteration it records ``trainer.observation[original_key]`` (Variables and GPU
    arrays are copied to the host); when ``comm_trigger`` fires, the values recorded by all
    processes since the last time are aggregated and the result is stored as
    ``trainer.observation[aggregated_key]`` at every process.

    Args:
        comm: ChainerMN communicator.
        original_key (str): Key of the observation to aggregate.
        aggregated_key (str): Key of the result (``original_key`` by default: overwritten).
        comm_trigger: When to communicate (a trigger or a ``(period, unit)`` tuple).
        aggregator (callable): Computes the result from a list (one per process, by rank) of
            the lists of the values recorded since the last communication; the mean of all
            of them by default.
    """

    trigger = 1, 'iteration'
    priority = extension.PRIORITY_EDITOR
    name = None

    def __init__(self, comm, original_key, aggregated_key=None, *,
                 comm_trigger=(1, 'iteration'), aggregator=None):
        self.comm = comm
        self.original_key = original_key
        self.aggregated_key = original_key if aggregated_key is None else aggregated_key
        self.comm_trigger = util.get_trigger(comm_trigger)
        self.aggregator = _mean if aggregator is None else aggregator
        self.observation_history = []

    def __call__(self, trainer):
        """Records the observation; aggregates the records when ``comm_trigger`` fires."""
        observation = trainer.observation
        if self.original_key in observation:
            self.observation_history.append(_to_host(observation[self.original_key]))
        if not self.comm_trigger(trainer):
            return
        summary = self.compute_summary(trainer)
        if summary is not None:
            observation[self.aggregated_key] = summary

    def compute_summary(self, trainer):
        """Aggregates the values recorded by all processes since the last communication."""
        histories = self.comm.allreduce_obj([self.observation_history])  # one list per rank
        self.observation_history = []
        return self.aggregator(histories)
