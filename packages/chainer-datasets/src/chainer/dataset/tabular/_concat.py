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
        columns = [[] for _ in range(n_columns)]
        if indices is None:
            for dataset in self._datasets:
                for column, part in zip(columns, dataset.get_examples(None, key_indices)):
                    column.extend(part)
            return tuple(columns)
        rows = _slice._rows_of(_slice._as_indices(indices, len(self)))
        # read runs of consecutive rows that fall in the same dataset together
        run, run_dataset = [], None
        for row in list(rows) + [None]:
            which = None if row is None else bisect.bisect_right(self._starts, row) - 1
            if which != run_dataset and run:
                part = self._datasets[run_dataset].get_examples(run, key_indices)
                for column, values in zip(columns, part):
                    column.extend(values)
                run = []
            if row is not None:
                run.append(row - self._starts[which])
            run_dataset = which
        return tuple(columns)

    def convert(self, data):
        return self._datasets[0].convert(data)
