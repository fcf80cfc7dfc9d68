"""Tabular datasets transformed example by example or batch by batch."""
from chainer.dataset.tabular import tabular_dataset


def _as_keys(keys):
    if isinstance(keys, (tuple, list)):
        return tuple(keys)
    return (keys,)


def _call(function, values, keys, mode):
    # Calls ``function`` on an example or batch given as the values of ``keys``.
    if mode is tuple:
        return function(*values)
    if mode is dict:
        return function(**dict(zip(keys, values)))
    return function(*values)


def _mode_of(output):
    if isinstance(output, tuple):
        return tuple
    if isinstance(output, dict):
        return dict
    return None


def _columns_of(output, keys, name):
    """The values of ``keys`` in the output of a transform, checked against the keys."""
    if isinstance(output, tuple):
        if len(output) != len(keys):
            raise ValueError('{} returned {} values for the {} keys {}'.format(
                name, len(output), len(keys), keys))
        return output
    if isinstance(output, dict):
        if set(output) != set(keys):
            raise ValueError('{} returned the keys {} instead of {}'.format(
                name, tuple(output), keys))
        return tuple(output[key] for key in keys)
    if len(keys) != 1:
        raise ValueError('{} returned a single value for the {} keys {}'.format(
            name, len(keys), keys))
    return (output,)


def _select(columns, key_indices):
    if key_indices is None:
        return tuple(columns)
    return tuple(columns[i] for i in key_indices)


class _TransformBase(tabular_dataset.TabularDataset):

    def __init__(self, dataset, keys, function):
        self._dataset = dataset
        self._keys = _as_keys(keys)
        self._function = function
        self._mode = None
        self._mode_known = False

    def __len__(self):
        return len(self._dataset)

    @property
    def keys(self):
        return self._keys

    @property
    def mode(self):
        if not self._mode_known:
            if len(self) == 0:
                self._mode = None if len(self._keys) == 1 else tuple
            else:
                self._mode = _mode_of(self._transform_first())
            self._mode_known = True
        return self._mode

    def convert(self, data):
        return self._dataset.convert(data)


class _Transform(_TransformBase):
    """Dataset whose examples are ``transform(example)``."""

    _name = 'transform'

    def _apply(self, row):
        return _call(self._function, row, self._dataset.keys, self._dataset.mode)

    def _transform_first(self):
        row = [column[0] for column in self._dataset.get_examples([0], None)]
        return self._apply(row)

    def get_examples(self, indices, key_indices):
        in_columns = self._dataset.get_examples(indices, None)
        out_columns = [[] for _ in self._keys]
        for row in zip(*in_columns):
            for column, value in zip(out_columns, _columns_of(
                    self._apply(row), self._keys, self._name)):
                column.append(value)
        return _select(out_columns, key_indices)


class _TransformBatch(_TransformBase):
    """Dataset whose columns are ``transform_batch(columns)``."""

    _name = 'transform_batch'

    def _apply(self, columns):
        return _call(self._function, columns, self._dataset.keys, self._dataset.mode)

    def _transform_first(self):
        return self._apply(self._dataset.get_examples([0], None))

    def get_examples(self, indices, key_indices):
        in_columns = self._dataset.get_examples(indices, None)
        length = len(in_columns[0]) if in_columns else None
        out_columns = _columns_of(self._apply(in_columns), self._keys, self._name)
        if length is not None and any(len(column) != length for column in out_columns):
            raise ValueError('transform_batch must not change the length of data')
        return _select(out_columns, key_indices)
