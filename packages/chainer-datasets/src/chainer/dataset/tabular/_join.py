"""The columns of several tabular datasets side by side (``dataset.join``)."""
from chainer.dataset.tabular import tabular_dataset


class _Join(tabular_dataset.TabularDataset):
    """Columns of ``datasets`` in turn; they must have the same length and distinct keys."""

    def __init__(self, *datasets):
        for dataset in datasets:
            if not isinstance(dataset, tabular_dataset.TabularDataset):
                raise TypeError('join: {!r} is not a TabularDataset'.format(dataset))
        if any(len(dataset) != len(datasets[0]) for dataset in datasets[1:]):
            raise ValueError('All datasets must have the same length')
        keys = [key for dataset in datasets for key in dataset.keys]
        if len(set(keys)) != len(keys):
            raise ValueError('All keys must be unique among all datasets')
        self._datasets = datasets
        self._keys = tuple(keys)
        # column index -> (dataset, column index in it)
        self._owners = [(dataset, i) for dataset in datasets for i in range(len(dataset.keys))]

    def __len__(self):
        return len(self._datasets[0])

    @property
    def keys(self):
        return self._keys

    @property
    def mode(self):
        # the first mode that is not None (as v7)
        for dataset in self._datasets:
            if dataset.mode is not None:
                return dataset.mode
        return tuple

    def get_examples(self, indices, key_indices):
        if key_indices is None:
            # every dataset is asked for all its columns
            return tuple(column for dataset in self._datasets
                         for column in dataset.get_examples(indices, None))
        wanted = {}  # dataset id -> (dataset, its column indices)
        for k in key_indices:
            dataset, i = self._owners[k]
            wanted.setdefault(id(dataset), (dataset, []))[1].append(i)
        columns = {}
        for dataset, local in wanted.values():
            part = dataset.get_examples(indices, tuple(local))
            for i, column in zip(local, part):
                columns[id(dataset), i] = column
        return tuple(columns[id(self._owners[k][0]), self._owners[k][1]]
                     for k in key_indices)

    def convert(self, data):
        return self._datasets[0].convert(data)
