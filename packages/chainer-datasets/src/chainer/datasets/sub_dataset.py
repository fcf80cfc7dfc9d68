"""Subsets of a dataset, splits and cross-validation folds (``chainer.datasets.sub_dataset``)."""
import numbers
import warnings

import numpy

from chainer.dataset import dataset_mixin


class SubDataset(dataset_mixin.DatasetMixin):
    """A contiguous part of a dataset, optionally seen through a permutation.

    The ``i``-th example is ``dataset[order[start + i]]`` (``dataset[start + i]`` without
    ``order``); a negative ``i`` counts from ``finish``.

    Args:
        dataset: The base dataset.
        start (int): The first index of the subset (in ``order``).
        finish (int): The index one past the last one.
        order (sequence of ints): A permutation of the indices of the base dataset, or
            ``None``.

    Raises:
        ValueError: When the interval overruns the base dataset, or ``order`` does not have
            the length of the base dataset.
    """

    def __init__(self, dataset, start, finish, order=None):
        if start < 0 or finish > len(dataset):
            raise ValueError('subset overruns the base dataset.')
        if start > finish:
            raise ValueError('SubDataset: start ({}) exceeds finish ({})'.format(start, finish))
        if order is not None and len(order) != len(dataset):
            msg = ('order option must have the same length as the base dataset: '
                   'len(order) = {} while len(dataset) = {}'.format(len(order), len(dataset)))
            raise ValueError(msg)
        self._dataset = dataset
        self._start = start
        self._finish = finish
        self._size = finish - start
        self._order = order

    def __len__(self):
        return self._size

    def get_example(self, i):
        if i >= 0:
            if i >= self._size:
                raise IndexError('dataset index out of range: {} for a subset of length '
                                 '{}'.format(i, self._size))
            index = self._start + i
        else:
            if i < -self._size:
                raise IndexError('dataset index out of range: {} for a subset of length '
                                 '{}'.format(i, self._size))
            index = self._finish + i
        if self._order is not None:
            index = self._order[index]
        return self._dataset[index]


def split_dataset(dataset, split_at, order=None):
    """Splits a dataset into two subsets.

    Args:
        dataset: The dataset to split.
        split_at (int): The length of the first subset.
        order (sequence of ints): The permutation the subsets are taken from (``None``:
            the original order).

    Returns:
        tuple: The two :class:`SubDataset` objects.

    .. admonition:: Example

        >>> dataset = ['a', 'b', 'c', 'd', 'e']
        >>> first, second = chainer.datasets.split_dataset(dataset, 3)
        >>> list(first), list(second)
        (['a', 'b', 'c'], ['d', 'e'])
        >>> first, second = chainer.datasets.split_dataset(dataset, 2, order=[4, 3, 2, 1, 0])
        >>> list(first), list(second)
        (['e', 'd'], ['c', 'b', 'a'])
    """
    if not isinstance(split_at, numbers.Integral):
        raise TypeError('split_at must be int, got {} instead'.format(type(split_at)))
    if split_at < 0:
        raise ValueError('split_at must be non-negative')
    n_examples = len(dataset)
    if split_at > n_examples:
        raise ValueError('split_at exceeds the dataset size')
    subset1 = SubDataset(dataset, 0, split_at, order)
    subset2 = SubDataset(dataset, split_at, n_examples, order)
    return subset1, subset2


def _permutation(n, seed):
    return numpy.random.RandomState(seed).permutation(n)


def split_dataset_random(dataset, first_size, seed=None):
    """Splits a dataset into two subsets at random.

    Args:
        dataset: The dataset to split.
        first_size (int): The length of the first subset.
        seed (int): Seed of the random permutation (a value accepted by
            :class:`numpy.random.RandomState`); the same seed gives the same split.

    Returns:
        tuple: The two :class:`SubDataset` objects.

    .. admonition:: Example

        >>> dataset = list(range(10))
        >>> train, test = chainer.datasets.split_dataset_random(dataset, 8, seed=0)
        >>> len(train), len(test)
        (8, 2)
        >>> sorted(list(train) + list(test)) == dataset  # a random partition
        True
    """
    return split_dataset(dataset, first_size, _permutation(len(dataset), seed))


class _NotPositiveError(ValueError, ZeroDivisionError):
    # also a ZeroDivisionError: what Chainer v7 raised for zero parts
    pass


def _check_count(function_name, name, value):
    # a number of parts: TypeError unless an integer (as v7), then positive
    if not isinstance(value, numbers.Integral):
        raise TypeError('{}: {} must be an integer, got {!r}'.format(function_name, name, value))
    if value <= 0:
        raise _NotPositiveError('{}: {} must be a positive integer, got {!r}'.format(
            function_name, name, value))


def split_dataset_n(dataset, n, order=None):
    """Splits a dataset into ``n`` subsets of equal length.

    Each subset has ``len(dataset) // n`` examples; the remaining examples are left out.

    Args:
        dataset: The dataset to split.
        n (int): The number of subsets.
        order (sequence of ints): The permutation the subsets are taken from.

    Returns:
        list: The :class:`SubDataset` objects.

    .. admonition:: Example

        >>> parts = chainer.datasets.split_dataset_n(list(range(7)), 3)
        >>> [list(part) for part in parts]  # equal sizes: the remainder is left out
        [[0, 1], [2, 3], [4, 5]]
    """
    _check_count('split_dataset_n', 'n', n)
    n_examples = len(dataset)
    sub_size = n_examples // n
    return [SubDataset(dataset, sub_size * i, sub_size * (i + 1), order) for i in range(n)]


def split_dataset_n_random(dataset, n, seed=None):
    """Splits a dataset into ``n`` subsets of equal length at random.

    Args:
        dataset: The dataset to split.
        n (int): The number of subsets.
        seed (int): Seed of the random permutation.

    Returns:
        list: The :class:`SubDataset` objects.

    .. admonition:: Example

        >>> parts = chainer.datasets.split_dataset_n_random(list(range(6)), 3, seed=0)
        >>> [len(part) for part in parts]
        [2, 2, 2]
        >>> sorted(sum((list(part) for part in parts), []))
        [0, 1, 2, 3, 4, 5]
    """
    return split_dataset_n(dataset, n, _permutation(len(dataset), seed))


def _n_folds_argument(function_name, n_folds, kwargs):
    if 'n_fold' in kwargs:
        warnings.warn('Argument `n_fold` is deprecated. Please use `n_folds` instead',
                      DeprecationWarning)
        n_folds = kwargs.pop('n_fold')
    if kwargs:
        raise TypeError('{}() got unexpected keyword argument(s) {}'.format(
            function_name, ', '.join(repr(key) for key in sorted(kwargs))))
    _check_count(function_name, 'n_folds', n_folds)
    return n_folds


def _cross_validation_splits(dataset, n_folds, order):
    if order is None:
        order = numpy.arange(len(dataset))
    else:
        order = numpy.array(order)  # copied: rolled below
    whole_size = len(dataset)
    borders = [whole_size * i // n_folds for i in range(n_folds + 1)]
    test_sizes = [borders[i + 1] - borders[i] for i in range(n_folds)]
    splits = []
    for test_size in reversed(test_sizes):
        splits.append(split_dataset(dataset, whole_size - test_size, order))
        order = numpy.roll(order, test_size)
    return splits


def get_cross_validation_datasets(dataset, n_folds=None, order=None, **kwargs):
    """Creates the (training, test) splits of a ``n_folds``-fold cross validation.

    The test subsets are disjoint, cover the whole dataset and differ in length by at most
    one; the training subset of a split is the rest of the dataset.

    Args:
        dataset: The dataset to split.
        n_folds (int): The number of splits. (``n_fold`` is its deprecated name.)
        order (sequence of ints): The permutation the subsets are taken from.

    Returns:
        list of tuples: The ``(train, test)`` pairs of :class:`SubDataset` objects.

    .. admonition:: Example

        >>> folds = chainer.datasets.get_cross_validation_datasets(['a', 'b', 'c', 'd'], 2)
        >>> for train, test in folds:
        ...     print(list(train), list(test))
        ['a', 'b'] ['c', 'd']
        ['c', 'd'] ['a', 'b']
    """
    n_folds = _n_folds_argument('get_cross_validation_datasets', n_folds, kwargs)
    if order is not None and len(order) != len(dataset):
        raise ValueError(
            'order option must have the same length as the base dataset: len(order) = {} '
            'while len(dataset) = {}'.format(len(order), len(dataset)))
    return _cross_validation_splits(dataset, n_folds, order)


def get_cross_validation_datasets_random(dataset, n_folds, seed=None, **kwargs):
    """Creates the (training, test) splits of a cross validation on a random permutation.

    Args:
        dataset: The dataset to split.
        n_folds (int): The number of splits. (``n_fold`` is its deprecated name.)
        seed (int): Seed of the random permutation.

    Returns:
        list of tuples: The ``(train, test)`` pairs of :class:`SubDataset` objects.

    .. admonition:: Example

        >>> dataset = list(range(6))
        >>> folds = chainer.datasets.get_cross_validation_datasets_random(dataset, 3, seed=0)
        >>> [(len(train), len(test)) for train, test in folds]
        [(4, 2), (4, 2), (4, 2)]
        >>> sorted(sum((list(test) for train, test in folds), []))  # every example is tested once
        [0, 1, 2, 3, 4, 5]
    """
    n_folds = _n_folds_argument('get_cross_validation_datasets_random', n_folds, kwargs)
    return _cross_validation_splits(dataset, n_folds, _permutation(len(dataset), seed))
