"""Batches read from NumPy arrays, which :func:`concat_examples` stacks with one gather.

A :class:`~chainer.datasets.TupleDataset` of NumPy arrays gives the examples of an
iterator's batch as a :class:`GatheredBatch`: the list of the examples, ``[dataset[i] for i
in indices]`` (tuples of views of the rows, as always), that also keeps the arrays and the
indices. :func:`~chainer.dataset.concat_examples` then makes each column with one fancy
index (``array[indices]``) instead of stacking the rows one by one; the result is the same,
since the examples are tuples (immutable) of views of those arrays. A batch whose list has
been changed since is stacked from its examples as usual.
"""
import operator

import numpy

_NUMBER_KINDS = frozenset('biufc')


def gatherable(array):
    """Whether ``array[indices]`` is what stacking the rows ``array[i]`` gives."""
    return (type(array) is numpy.ndarray and array.ndim >= 1
            and array.dtype.kind in _NUMBER_KINDS)


class GatheredBatch(list):
    """List of the examples ``tuple(array[i] for array in arrays)`` for ``i`` in ``indices``.

    Args:
        arrays (tuple of numpy.ndarray): The arrays (see :func:`gatherable`).
        indices (numpy.ndarray): The indices of the examples (integers).
    """

    __slots__ = ('_examples', '_arrays', '_indices')

    def __init__(self, arrays, indices):
        index_list = indices.tolist()
        # rows: views (as ``array[i]`` gives them); items of a vector: its scalars, which
        # iterating over the gathered vector makes faster
        examples = tuple(zip(*[
            map(array.__getitem__, index_list) if array.ndim > 1 else array[indices]
            for array in arrays]))
        super().__init__(examples)
        self._examples = examples
        self._arrays = arrays
        self._indices = indices

    def __reduce__(self):
        return list, (list(self),)  # pickled (and copied) as a plain list

    def columns(self):
        """Returns the tuple of the stacked columns (``None`` when the list was changed)."""
        examples = self._examples
        if len(self) != len(examples) or not all(map(operator.is_, self, examples)):
            return None
        indices = self._indices
        return tuple([numpy.ascontiguousarray(array[indices]) for array in self._arrays])
