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


def _outputs_of(output):
    """The values a transform returned: a tuple, a dict, or a single value as a 1-tuple."""
    if isinstance(output, (tuple, dict)):
        return output
    return (output,)


def _columns_of(outputs, keys, name):
    """The values of ``keys`` in the outputs of a transform (as v7, extra values are
    ignored; a missing key is a ``KeyError``, too few values an ``IndexError``)."""
    if isinstance(outputs, dict):
        missing = [key for key in keys if key not in outputs]
        if missing:
            raise KeyError('{} returned no value for the key(s) {} (it returned the keys '
                           '{})'.format(name, tuple(missing), tuple(outputs)))
        return tuple(outputs[key] for key in keys)
    if len(outputs) < len(keys):
        raise IndexError('{} returned {} value(s) for the {} keys {}'.format(
            name, len(outputs), len(keys), keys))
    return outputs[:len(keys)]


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
        # known from the first output of the transform (as v7: transforming the first row
        # when no output was seen yet)
        if not self._mode_known:
            if len(self) == 0:
                self._mode = None if len(self._keys) == 1 else tuple
                self._mode_known = True
            else:
                self.get_examples([0], None)
        return self._mode

    def _seen(self, output):
        # records the mode of an output of the transform; returns its values
        if not self._mode_known:
            self._mode = _mode_of(output)
            self._mode_known = True
        return _outputs_of(output)

    def convert(self, data):
        return self._dataset.convert(data)


class _Transform(_TransformBase):
    """Dataset whose examples are ``transform(example)``."""

    _name = 'transform'

    def _apply(self, row):
        return _call(self._function, row, self._dataset.keys, self._dataset.mode)

    def get_examples(self, indices, key_indices):
        in_columns = self._dataset.get_examples(indices, None)
        out_columns = [[] for _ in self._keys]
        for row in zip(*in_columns):
            for column, value in zip(out_columns, _columns_of(
                    self._seen(self._apply(row)), self._keys, self._name)):
                column.append(value)
        return _select(out_columns, key_indices)


class _TransformBatch(_TransformBase):
    """Dataset whose columns are ``transform_batch(columns)``."""

    _name = 'transform_batch'

    def _apply(self, columns):
        return _call(self._function, columns, self._dataset.keys, self._dataset.mode)

    def get_examples(self, indices, key_indices):
        in_columns = self._dataset.get_examples(indices, None)
        outputs = self._seen(self._apply(in_columns))
        values = outputs.values() if isinstance(outputs, dict) else outputs
        if in_columns and any(len(column) != len(in_columns[0]) for column in values):
            raise ValueError('transform_batch must not change the length of data')
        return _select(_columns_of(outputs, self._keys, self._name), key_indices)
