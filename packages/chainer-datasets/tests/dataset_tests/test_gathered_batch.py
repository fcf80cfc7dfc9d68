import copy
import pickle
import unittest

import numpy
import pytest

from chainer.dataset import _gathered_batch
from chainer.dataset import concat_examples
from chainer import testing


def _arrays(dtype, shape):
    rng = numpy.random.RandomState(0)
    x = (rng.uniform(-5, 5, (9,) + shape) * 10).astype(dtype)
    t = numpy.arange(9).astype(dtype)
    return x, t


def _assert_same(actual, expected):
    assert type(actual) is type(expected) and len(actual) == len(expected)
    for a, e in zip(actual, expected):
        assert type(a) is type(e) and a.dtype == e.dtype and a.shape == e.shape
        numpy.testing.assert_array_equal(a, e)


@testing.parameterize(*testing.product({
    'dtype': [numpy.float16, numpy.float32, numpy.float64, numpy.int8, numpy.int32,
              numpy.uint8, numpy.uint64, numpy.bool_, numpy.complex64],
    'shape': [(), (3,), (2, 3)],
}))
class TestGatheredBatch(unittest.TestCase):

    def setUp(self):
        self.arrays = _arrays(self.dtype, self.shape)
        self.indices = numpy.array([4, 0, 8, 4, -1])
        self.batch = _gathered_batch.GatheredBatch(self.arrays, self.indices)

    def test_examples_are_those_of_an_index(self):
        assert isinstance(self.batch, list) and len(self.batch) == 5
        for example, i in zip(self.batch, self.indices.tolist()):
            expected = tuple(array[i] for array in self.arrays)
            _assert_same(example, expected)

    def test_concat_examples_gives_the_stacked_examples(self):
        expected = concat_examples(list(self.batch))
        actual = concat_examples(self.batch)
        _assert_same(actual, expected)
        for array in actual:
            assert array.flags.c_contiguous
            assert not any(numpy.shares_memory(array, source) for source in self.arrays)


class TestGatheredBatchBehaviour(unittest.TestCase):

    def setUp(self):
        self.x = numpy.arange(24, dtype=numpy.float32).reshape(6, 4)
        self.t = numpy.arange(6, dtype=numpy.int32)
        self.batch = _gathered_batch.GatheredBatch((self.x, self.t), numpy.array([5, 1, 3]))

    def test_rows_are_views_of_the_arrays(self):
        assert all(numpy.shares_memory(example[0], self.x) for example in self.batch)
        assert all(type(example[1]) is numpy.int32 for example in self.batch)

    def test_a_changed_list_is_stacked_from_its_examples(self):
        other = (numpy.full(4, -1, numpy.float32), numpy.int32(-1))
        changes = [
            lambda b: b.__setitem__(1, other),
            lambda b: b.append(other),
            lambda b: b.pop(),
            lambda b: b.reverse(),
            lambda b: b.sort(key=lambda example: -int(example[1])),
        ]
        for change in changes:
            batch = _gathered_batch.GatheredBatch((self.x, self.t), numpy.array([5, 1, 3]))
            change(batch)
            assert batch.columns() is None
            _assert_same(concat_examples(batch), concat_examples(list(batch)))

    def test_examples_written_in_place_write_the_dataset(self):
        # as with dataset[i]: the rows are views of the dataset arrays
        self.batch[0][0][:] = 7
        assert (self.x[5] == 7).all()
        x, _ = concat_examples(self.batch)
        assert (x[0] == 7).all()

    def test_padding_stacks_the_examples(self):
        x, t = concat_examples(self.batch, padding=0)
        numpy.testing.assert_array_equal(x, self.x[[5, 1, 3]])
        numpy.testing.assert_array_equal(t, self.t[[5, 1, 3]])

    def test_device(self):
        x, t = concat_examples(self.batch, device='@numpy')
        numpy.testing.assert_array_equal(x, self.x[[5, 1, 3]])
        x, t = concat_examples(self.batch, device=-1)
        numpy.testing.assert_array_equal(t, self.t[[5, 1, 3]])

    def test_pickled_and_copied_as_a_plain_list(self):
        for other in (pickle.loads(pickle.dumps(self.batch)), copy.copy(self.batch),
                      copy.deepcopy(self.batch)):
            assert type(other) is list and len(other) == 3
            numpy.testing.assert_array_equal(other[0][0], self.x[5])
            assert other[2][1] == 3

    def test_equals_the_list_of_its_examples(self):
        assert self.batch == list(self.batch)
        assert repr(self.batch) == repr(list(self.batch))


@pytest.mark.parametrize('array, expected', [
    (numpy.zeros((3, 2), numpy.float32), True),
    (numpy.zeros(3, numpy.int64), True),
    (numpy.zeros(3, numpy.bool_), True),
    (numpy.zeros(()), False),
    (numpy.array([None, 1]), False),
    (numpy.array(['a', 'b']), False),
    ([1, 2], False),
])
def test_gatherable(array, expected):
    assert _gathered_batch.gatherable(array) is expected


testing.run_module(__name__, __file__)
