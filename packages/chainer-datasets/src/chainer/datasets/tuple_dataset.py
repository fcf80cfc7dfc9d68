"""TupleDataset: the examples are tuples of the i-th items of several datasets."""
import numpy

from chainer.dataset import _gathered_batch


class TupleDataset:
    """Dataset of tuples built from several datasets of the same length.

    The ``i``-th example is ``(datasets[0][i], datasets[1][i], ...)``. An integer index gives
    a tuple and a slice a list of tuples; any other index (a list or array of indices) is
    passed to every dataset and gives a tuple of what they return, e.g. a tuple of arrays
    for array datasets.

    Args:
        datasets: The underlying datasets (arrays, lists or dataset objects).

    Raises:
        ValueError: When no dataset is given or their lengths differ.
    """

    def __init__(self, *datasets):
        if not datasets:
            raise ValueError('no datasets are given')
        length = len(datasets[0])
        for i, dataset in enumerate(datasets):
            if len(dataset) != length:
                raise ValueError(
                    'dataset of the index {} has a wrong length: {} while dataset 0 has {} '
                    'examples'.format(i, len(dataset), length))
        self._datasets = datasets
        self._length = length
        self._gatherable = all(map(_gathered_batch.gatherable, datasets))

    def __getitem__(self, index):
        try:
            batches = [dataset[index] for dataset in self._datasets]
        except IndexError as e:
            raise IndexError('TupleDataset: cannot get index {!r} of a dataset of length {}: '
                             '{}'.format(index, self._length, e)) from None
        if isinstance(index, slice):
            return list(zip(*batches))
        return tuple(batches)

    def __len__(self):
        return self._length

    def _getitem_many(self, indices):
        # ``[self[i] for i in indices]`` for a list or an integer array of indices, without
        # a call per example (used by the iterators); for arrays of indices into arrays,
        # a batch that concat_examples stacks with one gather per array.
        if type(indices) is numpy.ndarray:
            if self._gatherable:
                return _gathered_batch.GatheredBatch(self._datasets, indices)
            indices = indices.tolist()
        return list(zip(*[map(dataset.__getitem__, indices) for dataset in self._datasets]))
