"""Evaluation over the test data of all processes."""
import functools
import operator
import types

from chainer.dataset import convert
from chainer.training import extension


def _mean_over_processes(comm, local):
    """The mean over the processes of each value of the dict ``local`` (same keys everywhere)."""
    results = comm.allreduce_obj([local])  # the list of the dicts of all processes
    keys = sorted(local)
    for rank, result in enumerate(results):
        if sorted(result) != keys:
            raise ValueError('create_multi_node_evaluator: the processes reported different '
                             'values: {} at rank {}, {} at rank {}'.format(
                                 keys, comm.rank, sorted(result), rank))
    return {key: functools.reduce(operator.add, [r[key] for r in results]) / comm.size
            for key in keys}


def create_multi_node_evaluator(actual_evaluator, communicator):
    """Makes an evaluator report the mean of its results over all processes.

    Each process evaluates its own part of the test data (e.g. from
    :func:`chainermn.scatter_dataset`); each reported value becomes the mean of the per-process
    means (so the parts should have the same size). The evaluator is patched in place: its
    ``evaluate`` method is wrapped, and the attributes ``_mn_original_evaluate`` and
    ``_mn_communicator`` are added.

    Args:
        actual_evaluator: The evaluator to patch (e.g.
            :class:`chainer.training.extensions.Evaluator`).
        communicator: ChainerMN communicator.

    Returns:
        The patched ``actual_evaluator`` (it must then run on every process).
    """
    actual_evaluator._mn_original_evaluate = actual_evaluator.evaluate
    actual_evaluator._mn_communicator = communicator

    def evaluate(self):
        return _mean_over_processes(self._mn_communicator, self._mn_original_evaluate())

    actual_evaluator.evaluate = types.MethodType(evaluate, actual_evaluator)
    return actual_evaluator


class GenericMultiNodeEvaluator(extension.Extension):
    """Evaluator whose per-batch results are gathered and aggregated at one process.

    For evaluations that are not means (or for test data that cannot be divided evenly):
    each process computes :meth:`calc_local` on each batch of its iterator; the results of
    all processes are gathered at ``root`` (batch by batch, in rank order) and passed to
    :meth:`aggregate` there, once. Override both for your own computation. Nothing is
    reported automatically: report from :meth:`aggregate` (set up a reporter in
    ``initialize``).

    Args:
        comm: ChainerMN communicator.
        iterator: The test data iterator of this process (must not repeat).
        target (callable): The model (``calc_local`` calls it by default).
        device: Device the converter sends the arrays to.
        converter (callable): Converts a batch (:func:`chainer.dataset.concat_examples`).
        root (int): Rank of the process that aggregates.
        progress_hook (callable): Called at ``root`` with each of its batches.
    """

    trigger = 1, 'epoch'
    default_name = 'validation'
    priority = extension.PRIORITY_WRITER
    name = None

    def __init__(self, comm, iterator, target, device=None, converter=convert.concat_examples,
                 root=0, **kwargs):
        self.progress_hook = kwargs.pop('progress_hook', None)
        if kwargs:
            raise TypeError('GenericMultiNodeEvaluator() got unexpected keyword argument(s) '
                            '{}'.format(', '.join(repr(k) for k in sorted(kwargs))))
        self.comm = comm
        self.iterator = iterator
        self._targets = {'main': target}
        self.converter = converter
        self.device = device
        self.root = root

    def __call__(self, trainer=None):
        """Evaluates; returns the result of :meth:`aggregate` at ``root`` (None elsewhere)."""
        from chainer import backend
        from chainer import configuration
        from chainer import function
        device = None if self.device is None else backend.get_device(self.device)
        iterator = self.iterator
        if hasattr(iterator, 'reset'):
            iterator.reset()
        batches = iter(iterator)
        is_root = self.comm.rank == self.root
        results = []
        with configuration.using_config('train', False), function.no_backprop_mode():
            while True:
                batch = next(batches, None)
                if not self.comm.allreduce_obj(0 if batch is None else 1):
                    break
                result = None
                if batch is not None:
                    if is_root and self.progress_hook is not None:
                        self.progress_hook(batch)
                    result = self._calc(convert._call_converter(self.converter, batch, device))
                gathered = self.comm.gather_obj((batch is not None, result), root=self.root)
                if is_root:
                    results.extend(r for present, r in gathered if present)
        return self.aggregate(results) if is_root else None

    def _calc(self, in_arrays):
        if isinstance(in_arrays, tuple):
            return self.calc_local(*in_arrays)
        if isinstance(in_arrays, dict):
            return self.calc_local(**in_arrays)
        return self.calc_local(in_arrays)

    def calc_local(self, *args, **kwargs):
        """Computes the result of one batch (the converted batch as arguments).

        By default, calls the target. Override it for your own computation; the result is
        gathered at ``root``.
        """
        return self._targets['main'](*args, **kwargs)

    def aggregate(self, results):
        """Aggregates the results of all processes (called once, at ``root``).

        Args:
            results (list): The results of :meth:`calc_local` of every batch of every
                process (batch by batch, in rank order).

        Returns:
            Whatever the evaluation gives (by default ``results`` themselves).
        """
        return results
