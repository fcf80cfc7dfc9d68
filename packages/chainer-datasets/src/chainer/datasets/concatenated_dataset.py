"""ConcatenatedDataset: several datasets one after the other."""
from chainer.dataset import dataset_mixin


class ConcatenatedDataset(dataset_mixin.DatasetMixin):
    """Dataset that chains several datasets: the examples of the first, then the second...

    Integer indices must be non-negative (as in Chainer v7).

    Args:
        datasets: The underlying datasets.
    """

    def __init__(self, *datasets):
        self._datasets = datasets

    def __len__(self):
        return sum(len(dataset) for dataset in self._datasets)

    def get_example(self, i):
        if i < 0:
            raise IndexError('ConcatenatedDataset does not support negative indices: '
                             '{}'.format(i))
        for dataset in self._datasets:
            if i < len(dataset):
                return dataset[i]
            i -= len(dataset)
        raise IndexError('ConcatenatedDataset: index out of range for a dataset of length '
                         '{}'.format(len(self)))
