"""TransformDataset: applies a function to each example of a dataset on access."""
from chainer.dataset import dataset_mixin


class TransformDataset(dataset_mixin.DatasetMixin):
    """Dataset whose ``i``-th example is ``transform(dataset[i])``.

    The transform runs each time an example is accessed (e.g. random data augmentation).

    Args:
        dataset: The underlying dataset.
        transform (callable): Function applied to each example.
    """

    def __init__(self, dataset, transform):
        self._dataset = dataset
        self._transform = transform

    def __len__(self):
        return len(self._dataset)

    def get_example(self, i):
        return self._transform(self._dataset[i])
