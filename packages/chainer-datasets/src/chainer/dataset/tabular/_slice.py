"""Views of some rows and columns of a tabular dataset (``dataset.slice[indices, keys]``).

Row selections are kept as slices when they are slices (so that array columns are sliced,
not gathered) and as lists of non-negative indices otherwise; nested views compose their
selections into one before asking the base dataset.
"""
import numbers
import operator

import numpy

from chainer.dataset.tabular import tabular_dataset


def _resolved(s, length):
    # A slice with explicit bounds (stop None: past the beginning, for a negative step).
    start, stop, step = s.indices(length)
    return slice(start, None if stop < 0 else stop, step)


def _range_of(s):
    """The rows of a resolved slice."""
    return range(s.start, -1 if s.stop is None else s.stop, s.step)


def _as_indices(indices, length):
    """Normalizes a row selection: a slice with resolved bounds, or a list of indices."""
    if isinstance(indices, slice):
        return _resolved(indices, length)
    if isinstance(indices, (numbers.Integral, str)) or not hasattr(indices, '__len__'):
        raise TypeError('the rows of a slice must be a slice or a list or array of integers '
                        'or booleans, got {!r}'.format(indices))
    indices = list(indices)
    if indices and all(isinstance(i, (bool, numpy.bool_)) for i in indices):
        if len(indices) != length:
            raise ValueError('The number of booleans is different from the length of dataset')
        return [i for i, selected in enumerate(indices) if selected]
    result = []
    for index in indices:
        try:
            index = operator.index(index)
        except TypeError:
            raise TypeError('row index {!r} is not an integer'.format(index)) from None
        if index < -length or index >= length:
            raise IndexError('index {} is out of bounds for dataset with size {}'.format(
                index, length))
        result.append(index % length if index < 0 else index)
    return result


def _as_key_indices(keys, key_names):
    """Normalizes a column selection: a tuple of column indices."""
    if not isinstance(keys, tuple):
        # a single key; a list is not a selection of several keys (as v7)
        keys = (keys,)
    result = []
    for key in keys:
        if isinstance(key, numbers.Integral):
            if key < -len(key_names) or key >= len(key_names):
                raise IndexError('index {} is out of bounds for keys with size {}'.format(
                    key, len(key_names)))
            result.append(key % len(key_names))
        elif isinstance(key, str) and key in key_names:
            result.append(key_names.index(key))
        else:
            raise KeyError('{} does not exists'.format(key))
    return tuple(result)


def _rows_of(selection):
    # The selected row positions (a range or a list) of a normalized selection.
    if isinstance(selection, slice):
        return _range_of(selection)
    return selection


def _merge_indices(outer, inner):
    """Composes ``inner`` (a selection within the view) with the view's ``outer`` one."""
    if inner is None:
        return outer
    if isinstance(outer, slice):
        rows = _range_of(outer)
        if isinstance(inner, slice):
            rows = rows[inner]
            return slice(rows.start, None if rows.stop < 0 else rows.stop, rows.step)
        return [rows[i] for i in inner]
    if isinstance(inner, slice):
        return outer[inner]
    return [outer[i] for i in inner]


def _merge_key_indices(outer, inner):
    if inner is None:
        return outer
    if outer is None:
        return inner
    return tuple(outer[i] for i in inner)


class _Slice(tabular_dataset.TabularDataset):
    """View of the rows ``indices`` and columns ``keys`` of ``dataset``."""

    def __init__(self, dataset, indices, keys):
        self._dataset = dataset
        self._indices = _as_indices(indices, len(dataset))
        # the base dataset is asked for all the rows with the slice as given (as v7)
        self._given_slice = indices if isinstance(indices, slice) else None
        self._single_key = isinstance(keys, (str, numbers.Integral))
        self._key_indices = (None if keys is None
                             else _as_key_indices(keys, tuple(dataset.keys)))

    def __len__(self):
        return len(_rows_of(self._indices))

    @property
    def keys(self):
        keys = self._dataset.keys
        if self._key_indices is None:
            return keys
        return tuple(keys[i] for i in self._key_indices)

    @property
    def mode(self):
        if self._key_indices is None:
            return self._dataset.mode
        if self._single_key:
            return None
        return self._dataset.mode or tuple

    def get_examples(self, indices, key_indices):
        if indices is not None:
            indices = _merge_indices(self._indices, _as_indices(indices, len(self)))
        elif self._given_slice is not None:
            indices = self._given_slice
        else:
            indices = self._indices
        return self._dataset.get_examples(
            indices,
            _merge_key_indices(self._key_indices, key_indices))

    def convert(self, data):
        return self._dataset.convert(data)


class _SliceHelper:
    """The ``slice`` attribute of a tabular dataset: ``dataset.slice[indices, keys]``."""

    def __init__(self, dataset):
        self._dataset = dataset

    def __getitem__(self, args):
        if isinstance(args, tuple):
            if len(args) != 2:
                raise ValueError('a slice takes rows and keys: dataset.slice[indices, keys], '
                                 'got {} values'.format(len(args)))
            indices, keys = args
        else:
            indices, keys = args, None
        return _Slice(self._dataset, indices, keys)
