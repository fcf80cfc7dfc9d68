"""Views of a tabular dataset as tuples (``astuple``) or dicts (``asdict``)."""
from chainer.dataset.tabular import tabular_dataset


class _AsMode(tabular_dataset.TabularDataset):

    def __init__(self, dataset):
        self._dataset = dataset

    def __len__(self):
        return len(self._dataset)

    @property
    def keys(self):
        return self._dataset.keys

    def get_examples(self, indices, key_indices):
        return self._dataset.get_examples(indices, key_indices)

    def convert(self, data):
        return self._dataset.convert(data)


class _Astuple(_AsMode):
    """View whose examples are tuples."""

    @property
    def mode(self):
        return tuple


class _Asdict(_AsMode):
    """View whose examples are dicts."""

    @property
    def mode(self):
        return dict
