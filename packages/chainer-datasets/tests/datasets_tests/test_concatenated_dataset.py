import unittest

import numpy
import pytest

from chainer import datasets
from chainer import testing


@testing.parameterize(
    {'parts': [[0, 1, 2], [3, 4], [5]]},
    {'parts': [[], [0, 1], [], [2, 3, 4, 5]]},
    {'parts': [numpy.arange(3), [3, 4, 5]]},
)
class TestConcatenatedDataset(unittest.TestCase):

    def setUp(self):
        self.dataset = datasets.ConcatenatedDataset(*self.parts)

    def test_len(self):
        assert len(self.dataset) == 6

    def test_getitem(self):
        assert [self.dataset[i] for i in range(6)] == list(range(6))
        assert list(self.dataset[1:5]) == [1, 2, 3, 4]

    def test_out_of_range(self):
        with pytest.raises(IndexError, match='out of range'):
            self.dataset[6]

    def test_negative_index(self):
        with pytest.raises(IndexError, match='negative'):
            self.dataset[-1]


class TestEmptyConcatenatedDataset(unittest.TestCase):

    def test_no_datasets(self):
        dataset = datasets.ConcatenatedDataset()
        assert len(dataset) == 0
        with pytest.raises(IndexError):
            dataset[0]


testing.run_module(__name__, __file__)
