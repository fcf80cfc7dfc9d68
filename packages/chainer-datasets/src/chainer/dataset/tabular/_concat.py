"""The rows of several tabular datasets one after the other (``dataset.concat``)."""
import bisect

from chainer.dataset.tabular import _slice
from chainer.dataset.tabular import tabular_dataset


class _Concat(tabular_dataset.TabularDataset):
    """Rows of ``datasets`` in turn; they must have the same keys."""

    def __init__(self, *datasets):
        for dataset in datasets:
            if not isinstance(dataset, tabular_dataset.TabularDataset):
                raise TypeError('concat: {!r} is not a TabularDataset'.format(dataset))
        keys = datasets[0].keys
        if any(dataset.keys != keys for dataset in datasets[1:]):
            raise ValueError('All datasets must have the same keys')
        self._datasets = datasets
        self._starts = [0]
        for dataset in datasets:
            self._starts.append(self._starts[-1] + len(dataset))

    def __len__(self):
        return self._starts[-1]

    @property
    def keys(self):
        return self._datasets[0].keys

    @property
    def mode(self):
        return self._datasets[0].mode

    def get_examples(self, indices, key_indices):
        n_columns = len(self.keys) if key_indices is None else len(key_indices)
        if indices is None:
            columns = [[] for _ in range(n_columns)]
            for dataset in self._datasets:
                for column, part in zip(columns, dataset.get_examples(None, key_indices)):
                    column.extend(part)
            return tuple(columns)
        indices = _slice._as_indices(indices, len(self))
        if isinstance(indices, slice):
            return self._get_slice(indices, key_indices, n_columns)
        return self._get_list(indices, key_indices, n_columns)

    def _get_slice(self, indices, key_indices, n_columns):
        # each dataset is asked once for the part of the slice that falls in it
        start, stop, step = indices.start, indices.stop, indices.step
        stop = -1 if stop is None else stop
        parts = []
        for dataset, offset in zip(self._datasets, self._starts):
            local = _local_slice(start - offset, stop - offset, step, len(dataset))
            if local is not None:
                parts.append(dataset.get_examples(local, key_indices))
        if step < 0:
            parts.reverse()
        columns = [[] for _ in range(n_columns)]
        for part in parts:
            for column, values in zip(columns, part):
                column.extend(values)
        return tuple(columns)

    def _get_list(self, indices, key_indices, n_columns):
        # each dataset is asked once for its rows, in the order they are requested
        requested = {}  # dataset number -> (positions in the result, local rows)
        for position, row in enumerate(indices):
            which = bisect.bisect_right(self._starts, row) - 1
            positions, rows = requested.setdefault(which, ([], []))
            positions.append(position)
            rows.append(row - self._starts[which])
        columns = [[None] * len(indices) for _ in range(n_columns)]
        for which in sorted(requested):
            positions, rows = requested[which]
            part = self._datasets[which].get_examples(rows, key_indices)
            for column, values in zip(columns, part):
                for position, value in zip(positions, values):
                    column[position] = value
        return tuple(columns)

    def convert(self, data):
        return self._datasets[0].convert(data)


def _local_slice(start, stop, step, length):
    """The slice of a dataset of ``length`` rows that a resolved slice ``start:stop:step``
    of the concatenation selects, with ``start`` and ``stop`` relative to the dataset's
    first row (``None``: it selects no row). Its bounds are as Chainer v7 gives them."""
    if step > 0:
        if start < 0:
            start %= step
        stop = min(stop, length)
        if start >= stop:
            return None
        return slice(start, stop, step)
    # a step of -1 may start at ``length`` (clamped by slicing), as in v7
    last = length if step == -1 else length - 1
    if start > last:
        start -= (start - last - step - 1) // -step * -step
    if stop < 0:
        stop = None
    if start < 0 or (stop is not None and start <= stop):
        return None
    return slice(start, stop, step)
