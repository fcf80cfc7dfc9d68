"""A view of a tabular dataset with its own converter."""
from chainer.dataset import convert
from chainer.dataset.tabular import tabular_dataset


class _WithConverter(tabular_dataset.TabularDataset):
    """View whose :meth:`convert` calls ``converter``."""

    def __init__(self, dataset, converter):
        self._dataset = dataset
        self._converter = converter

    def __len__(self):
        return len(self._dataset)

    @property
    def keys(self):
        return self._dataset.keys

    @property
    def mode(self):
        return self._dataset.mode

    def get_examples(self, indices, key_indices):
        return self._dataset.get_examples(indices, key_indices)

    def convert(self, data):
        return convert._call_with_arrays(self._converter, data)
