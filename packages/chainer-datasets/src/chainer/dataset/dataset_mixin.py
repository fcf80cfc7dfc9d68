"""DatasetMixin: a dataset defined by ``get_example`` (``chainer.dataset.dataset_mixin``)."""
import numpy


class DatasetMixin:
    """Default implementation of dataset indexing on top of :meth:`get_example`.

    A subclass defines :meth:`__len__` and :meth:`get_example`; this mixin adds
    :meth:`__getitem__`, which accepts an integer, a slice, or a one-dimensional list or
    :class:`numpy.ndarray` of indices.
    """

    def __getitem__(self, index):
        """Returns an example, or a list of examples for a slice, list or array of indices.

        Args:
            index (int, slice, list or numpy.ndarray): The index of an example, or the
                indices of several examples. Negative indices and slices follow Python's
                rules.

        Returns:
            The example made by :meth:`get_example` for an integer index, else a list of
            examples.

        Raises:
            ValueError: For a slice with a zero step.
        """
        if isinstance(index, slice):
            return [self.get_example(i) for i in range(*index.indices(len(self)))]
        if isinstance(index, (list, numpy.ndarray)):
            get_example = self.get_example
            return [get_example(i) for i in index]
        return self.get_example(index)

    def __len__(self):
        """Returns the number of examples (a subclass must implement it)."""
        raise NotImplementedError

    def get_example(self, i):
        """Returns the ``i``-th example (a subclass must implement it).

        An implementation should raise :class:`IndexError` for an invalid index.

        Args:
            i (int): The index of the example.
        """
        raise NotImplementedError


def getitem_many(dataset, indices):
    """Returns ``[dataset[i] for i in indices]`` (a list of ints, or an integer array).

    A dataset class may provide a faster ``_getitem_many(indices)`` that returns the same;
    :class:`~chainer.datasets.TupleDataset` and :class:`~chainer.datasets.DictDataset` do.
    The items of an array of indices are passed to ``dataset[i]`` as Python ints.
    """
    many = getattr(dataset, '_getitem_many', None)
    if many is not None:
        return many(indices)
    if type(indices) is numpy.ndarray:
        indices = indices.tolist()
    getitem = dataset.__getitem__
    return [getitem(i) for i in indices]
