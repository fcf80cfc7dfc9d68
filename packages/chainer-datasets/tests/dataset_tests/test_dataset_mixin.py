import unittest

import numpy
import pytest

from chainer import dataset
from chainer import testing


class SimpleDataset(dataset.DatasetMixin):

    def __init__(self, values):
        self.values = values
        self.requested = []

    def __len__(self):
        return len(self.values)

    def get_example(self, i):
        self.requested.append(i)
        return self.values[i]


@testing.parameterize(*testing.product({
    'index': [0, 3, -1, -5, numpy.int64(2)],
}))
class TestDatasetMixinInteger(unittest.TestCase):

    def test_getitem(self):
        ds = SimpleDataset([10, 11, 12, 13, 14])
        assert ds[self.index] == ds.values[self.index]
        assert ds.requested == [self.index]


@testing.parameterize(
    {'index': slice(1, 4), 'expected': [11, 12, 13]},
    {'index': slice(None, None, -2), 'expected': [14, 12, 10]},
    {'index': slice(-2, None), 'expected': [13, 14]},
    {'index': slice(3, 100), 'expected': [13, 14]},
    {'index': slice(4, 1), 'expected': []},
    {'index': [4, 0, 0], 'expected': [14, 10, 10]},
    {'index': numpy.array([1, -1]), 'expected': [11, 14]},
    {'index': [], 'expected': []},
)
class TestDatasetMixinMany(unittest.TestCase):

    def test_getitem(self):
        ds = SimpleDataset([10, 11, 12, 13, 14])
        result = ds[self.index]
        assert isinstance(result, list)
        assert result == self.expected


class TestDatasetMixinErrors(unittest.TestCase):

    def test_zero_step_slice(self):
        with pytest.raises(ValueError):
            SimpleDataset([1, 2, 3])[::0]

    def test_out_of_range_reaches_get_example(self):
        with pytest.raises(IndexError):
            SimpleDataset([1, 2, 3])[3]

    def test_abstract_methods(self):
        ds = dataset.DatasetMixin()
        with pytest.raises(NotImplementedError):
            len(ds)
        with pytest.raises(NotImplementedError):
            ds.get_example(0)
        with pytest.raises(NotImplementedError):
            ds[0]


testing.run_module(__name__, __file__)
