"""DelegateDataset: a base for tabular datasets implemented by another one."""
from chainer.dataset.tabular import tabular_dataset


class DelegateDataset(tabular_dataset.TabularDataset):
    """Tabular dataset that forwards everything to ``dataset``.

    Subclass it to give a dataset built with the tabular tools (e.g.
    :func:`~chainer.dataset.tabular.from_data`) a class of its own.

    Args:
        dataset (~chainer.dataset.TabularDataset): The underlying dataset.
    """

    def __init__(self, dataset):
        self.dataset = dataset

    def __len__(self):
        return len(self.dataset)

    @property
    def keys(self):
        return self.dataset.keys

    @property
    def mode(self):
        return self.dataset.mode

    def get_examples(self, indices, key_indices):
        return self.dataset.get_examples(indices, key_indices)

    def convert(self, data):
        return self.dataset.convert(data)
