"""DictDataset: the examples are dicts of the i-th items of several named datasets."""
import numpy


class DictDataset:
    """Dataset of dicts built from several named datasets of the same length.

    The ``i``-th example is ``{key: datasets[key][i], ...}``. An integer index gives a dict
    and a slice a list of dicts; any other index (a list or array of indices) is passed to
    every dataset and gives a dict of what they return.

    Args:
        datasets: The underlying datasets, as keyword arguments.

    Raises:
        ValueError: When no dataset is given or their lengths differ.
    """

    def __init__(self, **datasets):
        if not datasets:
            raise ValueError('no datasets are given')
        length = None
        for key, dataset in datasets.items():
            if length is None:
                length = len(dataset)
            elif len(dataset) != length:
                raise ValueError('dataset length conflicts at "{}": {} while the others have '
                                 '{}'.format(key, len(dataset), length))
        self._datasets = datasets
        self._length = length

    def __getitem__(self, index):
        try:
            batches = {key: dataset[index] for key, dataset in self._datasets.items()}
        except IndexError as e:
            raise IndexError('DictDataset: cannot get index {!r} of a dataset of length {}: '
                             '{}'.format(index, self._length, e)) from None
        if isinstance(index, slice):
            length = len(next(iter(batches.values())))
            return [{key: batch[i] for key, batch in batches.items()} for i in range(length)]
        return batches

    def __len__(self):
        return self._length

    def _getitem_many(self, indices):
        # ``[self[i] for i in indices]`` for a list of ints (used by the iterators).
        if type(indices) is numpy.ndarray:
            indices = indices.tolist()
        keys = list(self._datasets)
        columns = [map(dataset.__getitem__, indices) for dataset in self._datasets.values()]
        return [dict(zip(keys, values)) for values in zip(*columns)]
