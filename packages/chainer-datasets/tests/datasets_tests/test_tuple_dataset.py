import unittest

import numpy
import pytest

from chainer.dataset import _gathered_batch
from chainer.dataset import dataset_mixin
from chainer import datasets
from chainer import testing


@testing.parameterize(*testing.product({
    'as_list': [False, True],
}))
class TestTupleDataset(unittest.TestCase):

    def setUp(self):
        self.x = numpy.arange(12, dtype=numpy.float32).reshape(4, 3)
        self.t = numpy.arange(4, dtype=numpy.int32)
        if self.as_list:
            self.x, self.t = list(self.x), list(self.t)
        self.dataset = datasets.TupleDataset(self.x, self.t)

    def test_len(self):
        assert len(self.dataset) == 4

    def test_integer_index(self):
        for i in range(-4, 4):
            x, t = self.dataset[i]
            numpy.testing.assert_array_equal(x, self.x[i])
            assert t == self.t[i]

    def test_slice(self):
        examples = self.dataset[1:4:2]
        assert isinstance(examples, list)
        assert len(examples) == 2
        for example, i in zip(examples, (1, 3)):
            assert isinstance(example, tuple)
            numpy.testing.assert_array_equal(example[0], self.x[i])
            assert example[1] == self.t[i]

    def test_out_of_range(self):
        for index in (4, -5):
            with pytest.raises(IndexError, match='TupleDataset'):
                self.dataset[index]

    def test_zero_step_slice(self):
        with pytest.raises(ValueError):
            self.dataset[::0]

    def test_examples_of_many_indices(self):
        # what the iterators read: [dataset[i] for i in indices], as a list
        for indices in ([3, 0, 3], numpy.array([3, 0, 3])):
            examples = dataset_mixin.getitem_many(self.dataset, indices)
            assert isinstance(examples, list) and len(examples) == 3
            for example, i in zip(examples, (3, 0, 3)):
                expected = self.dataset[i]
                assert type(example) is tuple and len(example) == 2
                numpy.testing.assert_array_equal(example[0], expected[0])
                assert type(example[1]) is type(expected[1]) and example[1] == expected[1]

    def test_an_array_of_indices_into_arrays_gives_a_gathered_batch(self):
        examples = dataset_mixin.getitem_many(self.dataset, numpy.array([2, 1]))
        assert (type(examples) is _gathered_batch.GatheredBatch) is not self.as_list
        assert type(dataset_mixin.getitem_many(self.dataset, [2, 1])) is list


class TestTupleDatasetArrayIndex(unittest.TestCase):

    def test_list_index_gives_a_tuple_of_batches(self):
        x = numpy.arange(6).reshape(3, 2)
        t = numpy.arange(3)
        xs, ts = datasets.TupleDataset(x, t)[[0, 2]]
        numpy.testing.assert_array_equal(xs, x[[0, 2]])
        numpy.testing.assert_array_equal(ts, [0, 2])

    def test_single_dataset(self):
        dataset = datasets.TupleDataset(numpy.arange(3))
        assert dataset[1] == (1,)
        assert dataset[0:2] == [(0,), (1,)]


class TestTupleDatasetErrors(unittest.TestCase):

    def test_no_datasets(self):
        with pytest.raises(ValueError, match='no datasets'):
            datasets.TupleDataset()

    def test_unequal_lengths(self):
        with pytest.raises(ValueError, match='index 1 has a wrong length: 4'):
            datasets.TupleDataset(numpy.zeros(3), numpy.zeros(4))


testing.run_module(__name__, __file__)
