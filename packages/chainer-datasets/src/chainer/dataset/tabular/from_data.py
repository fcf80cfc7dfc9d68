"""from_data: tabular datasets made of lists, arrays and functions of the index."""
import numbers

from chainer.dataset.tabular import tabular_dataset


class _Column(tabular_dataset.TabularDataset):
    """A single column."""

    def __init__(self, key, data):
        self._key = key
        self._data = data

    def __len__(self):
        return len(self._data)

    @property
    def keys(self):
        return (self._key,)

    @property
    def mode(self):
        return None

    def get_examples(self, indices, key_indices):
        if key_indices == ():
            return ()
        if key_indices is not None and any(k not in (0, -1) for k in key_indices):
            raise IndexError('column index out of range: {}'.format(key_indices))
        column = self._read(indices)
        return (column,) * (1 if key_indices is None else len(key_indices))


class _Array(_Column):
    """A column stored as an array (read with array indexing)."""

    def _read(self, indices):
        if indices is None:
            return self._data
        return self._data[indices]


class _List(_Column):
    """A column stored as a list or another sequence."""

    def _read(self, indices):
        if indices is None:
            return self._data
        if isinstance(indices, slice):
            return self._data[indices]
        return [self._data[i] for i in indices]


class _Index(_Column):
    """The column of the row indices ``0, 1, ..., size - 1``."""

    def __init__(self, size):
        super().__init__('index', range(size))

    def _read(self, indices):
        if indices is None:
            return list(self._data)
        if isinstance(indices, slice):
            return list(self._data[indices])
        return [self._data[i] for i in indices]


def _is_keys(value):
    return isinstance(value, str) or (
        isinstance(value, tuple) and value and all(isinstance(k, str) for k in value))


def _column(key, data, size):
    # A dataset for one entry of from_data: an array or list (named ``key``), or a function
    # of the index that gives the values of ``key`` (a str or a tuple of str).
    if callable(data):
        if key is None:
            raise ValueError('key(s) must be specified for callable: give it as '
                             '(key, callable)')
        if size is None:
            raise ValueError('size must be specified for callable')
        return _Index(size).transform(key, data)
    if key is None:
        key = '_{}'.format(id(data))
    if hasattr(data, '__array__') and hasattr(data, 'shape'):
        return _Array(key, data)
    if isinstance(data, str) or not hasattr(data, '__len__') or not hasattr(
            data, '__getitem__'):
        raise TypeError('from_data: {!r} is not a list, an array or a callable'.format(data))
    return _List(key, data)


def _is_entry(value):
    # ``(key, data)`` or ``((key, ...), callable)``: one entry, not a tuple of entries
    return isinstance(value, tuple) and len(value) == 2 and _is_keys(value[0])


def _entry(entry, size):
    if _is_entry(entry):
        keys, data = entry
        if isinstance(keys, tuple) and not callable(data):
            raise TypeError('from_data: several keys {} need a callable'.format(keys))
        return _column(keys, data, size)
    return _column(None, entry, size)


def _length(entry):
    data = entry[1] if _is_entry(entry) else entry
    if callable(data) or isinstance(data, str) or not hasattr(data, '__len__'):
        return None
    return len(data)


def from_data(data, *, size=None):
    """Creates a :class:`~chainer.dataset.TabularDataset` from lists, arrays and callables.

    ``data`` is one of

    * a list or array: a single column (with a generated key);
    * ``(key, list_or_array_or_callable)``: a single column named ``key``; a callable
      gives the value of row ``i`` as ``callable(i)``;
    * ``((key, ...), callable)``: several columns computed together (the callable returns
      a tuple or a dict);
    * a tuple of the above: their columns side by side, examples are tuples;
    * a dict ``{key or (key, ...): list_or_array_or_callable}``: examples are dicts.

    Args:
        data: The data, as above.
        size (int): The length of the dataset; required when ``data`` has no list or
            array.

    Returns:
        ~chainer.dataset.TabularDataset: The dataset.

    Raises:
        ValueError: When the lengths of the columns (or ``size``) differ, or a callable is
            given without a key or without ``size``.
    """
    if isinstance(data, dict):
        entries, mode = list(data.items()), dict
    elif isinstance(data, tuple) and not _is_entry(data):
        entries, mode = list(data), tuple
    else:
        entries, mode = [data], None
    if not entries:
        raise ValueError('from_data: no data is given')
    lengths = {_length(entry) for entry in entries} - {None}
    if size is not None:
        if not isinstance(size, numbers.Integral) or size < 0:
            raise ValueError('from_data: size must be a non-negative integer, got {!r}'.format(
                size))
        lengths.add(size)
    if len(lengths) > 1:
        raise ValueError('All datasets must have the same length')
    if lengths:
        size = lengths.pop()
    datasets = [_entry(entry, size) for entry in entries]
    if mode is None:
        return datasets[0]
    joined = datasets[0].join(*datasets[1:])
    return joined.asdict() if mode is dict else joined.astuple()
