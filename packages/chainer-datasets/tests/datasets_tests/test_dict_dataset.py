import unittest

import numpy
import pytest

from chainer import datasets
from chainer import testing


class TestDictDataset(unittest.TestCase):

    def setUp(self):
        self.x = numpy.arange(8, dtype=numpy.float32).reshape(4, 2)
        self.t = list(range(4))
        self.dataset = datasets.DictDataset(x=self.x, t=self.t)

    def test_len(self):
        assert len(self.dataset) == 4

    def test_integer_index(self):
        for i in range(-4, 4):
            example = self.dataset[i]
            assert set(example) == {'x', 't'}
            numpy.testing.assert_array_equal(example['x'], self.x[i])
            assert example['t'] == self.t[i]

    def test_slice(self):
        examples = self.dataset[2:]
        assert isinstance(examples, list) and len(examples) == 2
        for example, i in zip(examples, (2, 3)):
            numpy.testing.assert_array_equal(example['x'], self.x[i])
            assert example['t'] == self.t[i]

    def test_empty_slice(self):
        assert self.dataset[3:1] == []

    def test_array_index(self):
        batch = datasets.DictDataset(x=self.x, t=numpy.arange(4))[numpy.array([3, 0])]
        numpy.testing.assert_array_equal(batch['x'], self.x[[3, 0]])
        numpy.testing.assert_array_equal(batch['t'], [3, 0])

    def test_out_of_range(self):
        with pytest.raises(IndexError, match='DictDataset'):
            self.dataset[4]

    def test_a_key_is_no_index(self):
        with pytest.raises(IndexError):
            datasets.DictDataset(x=self.x)['x']


class TestDictDatasetErrors(unittest.TestCase):

    def test_no_datasets(self):
        with pytest.raises(ValueError, match='no datasets'):
            datasets.DictDataset()

    def test_unequal_lengths(self):
        with pytest.raises(ValueError, match='conflicts at "b"'):
            datasets.DictDataset(a=[1, 2], b=[1])


testing.run_module(__name__, __file__)
