import unittest

import numpy
import pytest

from chainer import iterators
from chainer import serializers
from chainer import testing


def _progress(it):
    return (it.epoch, it.epoch_detail, it.previous_epoch_detail, it.is_new_epoch,
            it.current_position)


class TestSerialIteratorNoShuffle(unittest.TestCase):

    def test_repeat_with_batches_crossing_epochs(self):
        it = iterators.SerialIterator(list(range(5)), 2, shuffle=False)
        assert it.epoch_detail == 0 and it.previous_epoch_detail is None
        expected = [
            ([0, 1], (0, 0.4, 0.0, False, 2)),
            ([2, 3], (0, 0.8, 0.4, False, 4)),
            ([4, 0], (1, 1.2, 0.8, True, 1)),
            ([1, 2], (1, 1.6, 1.2, False, 3)),
            ([3, 4], (2, 2.0, 1.6, True, 0)),
        ]
        for batch, progress in expected:
            assert next(it) == batch
            assert _progress(it) == pytest.approx(progress)

    def test_batch_larger_than_the_dataset(self):
        it = iterators.SerialIterator([0, 1, 2], 7, shuffle=False)
        assert next(it) == [0, 1, 2, 0, 1, 2, 0]
        assert it.epoch == 2 and it.current_position == 1 and it.is_new_epoch
        assert next(it) == [1, 2, 0, 1, 2, 0, 1]
        assert it.epoch == 4

    def test_no_repeat(self):
        it = iterators.SerialIterator(list(range(5)), 2, repeat=False, shuffle=False)
        assert list(it) == [[0, 1], [2, 3], [4]]
        assert it.epoch == 1 and it.is_new_epoch
        assert it.previous_epoch_detail == 1.0
        with pytest.raises(StopIteration):
            next(it)
        assert list(it) == []
        it.reset()
        assert it.epoch == 0 and it.previous_epoch_detail is None
        assert list(it) == [[0, 1], [2, 3], [4]]

    def test_no_repeat_large_batch(self):
        it = iterators.SerialIterator([0, 1, 2], 7, repeat=False, shuffle=False)
        assert next(it) == [0, 1, 2]
        with pytest.raises(StopIteration):
            next(it)

    def test_reset(self):
        it = iterators.SerialIterator(list(range(5)), 2, shuffle=False)
        next(it)
        next(it)
        it.reset()
        assert _progress(it) == (0, 0.0, None, False, 0)
        assert next(it) == [0, 1]

    def test_tuple_dataset_examples(self):
        from chainer.datasets import TupleDataset
        x = numpy.arange(6).reshape(3, 2)
        it = iterators.SerialIterator(TupleDataset(x, numpy.arange(3)), 2, shuffle=False)
        batch = next(it)
        assert len(batch) == 2 and isinstance(batch[0], tuple)
        numpy.testing.assert_array_equal(batch[1][0], x[1])

    def test_attributes(self):
        dataset = [1, 2, 3]
        it = iterators.SerialIterator(dataset, 2, shuffle=False)
        assert it.dataset is dataset
        assert it.batch_size == 2
        assert it.repeat is True
        assert it.order_sampler is None
        with pytest.raises(AttributeError):
            it.epoch = 3

    def test_next_alias_and_context_manager(self):
        with iterators.SerialIterator([1, 2, 3], 2, shuffle=False) as it:
            assert it.next() == [1, 2]


class TestSerialIteratorShuffle(unittest.TestCase):

    def test_every_epoch_is_a_permutation(self):
        it = iterators.SerialIterator(list(range(10)), 5)
        orders = []
        for _ in range(4):
            orders.append(next(it) + next(it))
            assert it.is_new_epoch
        for order in orders:
            assert sorted(order) == list(range(10))
        assert len({tuple(order) for order in orders}) > 1

    def test_default_sampler(self):
        it = iterators.SerialIterator([1, 2], 1)
        assert isinstance(it.order_sampler, iterators.ShuffleOrderSampler)
        it = iterators.SerialIterator([1, 2], 1, shuffle=True)
        assert isinstance(it.order_sampler, iterators.ShuffleOrderSampler)

    def test_custom_order_sampler(self):
        class Reverse(iterators.OrderSampler):
            def __call__(self, current_order, current_position):
                return numpy.arange(len(current_order))[::-1]

        sampler = Reverse()
        it = iterators.SerialIterator(list(range(4)), 3, order_sampler=sampler)
        assert it.order_sampler is sampler
        assert next(it) == [3, 2, 1]
        assert next(it) == [0, 3, 2]

    def test_shuffle_and_order_sampler_conflict(self):
        for shuffle in (True, False):
            with pytest.raises(ValueError, match='order_sampler'):
                iterators.SerialIterator([1], 1, shuffle=shuffle,
                                         order_sampler=iterators.ShuffleOrderSampler())

    def test_order_of_a_wrong_size(self):
        class Bad(iterators.OrderSampler):
            def __call__(self, current_order, current_position):
                return numpy.arange(len(current_order) + 1)

        it = iterators.SerialIterator([0, 1, 2], 2, order_sampler=Bad())
        with pytest.raises(ValueError):
            next(it)
            next(it)


class TestSerialIteratorErrors(unittest.TestCase):

    def test_bad_batch_size(self):
        for batch_size in (0, -1, 1.5):
            with pytest.raises(ValueError, match='batch_size'):
                iterators.SerialIterator([1, 2], batch_size)

    def test_empty_dataset(self):
        for repeat in (True, False):
            it = iterators.SerialIterator([], 2, repeat=repeat)
            assert it.epoch_detail == 0.0
            with pytest.raises(ValueError, match='empty dataset'):
                next(it)


class TestSerialIteratorSerialize(unittest.TestCase):

    def test_keys_and_none_as_minus_one(self):
        it = iterators.SerialIterator(list(range(10)), 3)
        target = {}
        it.serialize(serializers.DictionarySerializer(target))
        assert sorted(target) == ['current_position', 'epoch', 'is_new_epoch', 'order',
                                  'previous_epoch_detail']
        assert target['previous_epoch_detail'] == -1.0
        next(it)
        target = {}
        it.serialize(serializers.DictionarySerializer(target))
        assert target['current_position'] == 3 and target['epoch'] == 0
        assert target['previous_epoch_detail'] == 0.0
        assert sorted(target['order']) == list(range(10))

    def test_no_order_without_shuffle(self):
        target = {}
        iterators.SerialIterator([1, 2], 1, shuffle=False).serialize(
            serializers.DictionarySerializer(target))
        assert 'order' not in target

    def test_snapshot_without_previous_epoch_detail(self):
        it = iterators.SerialIterator(list(range(10)), 3, shuffle=False)
        for _ in range(4):
            next(it)
        target = {}
        it.serialize(serializers.DictionarySerializer(target))
        del target['previous_epoch_detail']
        resumed = iterators.SerialIterator(list(range(10)), 3, shuffle=False)
        resumed.serialize(serializers.NpzDeserializer(target))
        assert resumed.epoch_detail == pytest.approx(1.2)
        assert resumed.previous_epoch_detail == pytest.approx(0.9)


@pytest.mark.parametrize('fmt', ['npz', 'hdf5'])
@pytest.mark.parametrize('n, batch_size', [(10, 3), (10, 5), (4, 7)])
def test_resume(check_resume, fmt, n, batch_size):
    check_resume(lambda sampler: iterators.SerialIterator(
        list(range(n)), batch_size, order_sampler=sampler), fmt)


@pytest.mark.parametrize('repeat', [True, False])
def test_resume_without_shuffle(check_resume, repeat):
    def make(sampler):
        return iterators.SerialIterator(list(range(7)), 3, repeat=repeat, shuffle=False)

    check_resume(make, 'npz')


def test_resume_with_the_default_sampler_within_the_epoch(tmp_path):
    it = iterators.SerialIterator(list(range(10)), 2)
    next(it)
    path = str(tmp_path / 'it.npz')
    serializers.save_npz(path, it)
    resumed = iterators.SerialIterator(list(range(10)), 2)
    serializers.load_npz(path, resumed)
    for _ in range(4):
        assert next(resumed) == next(it)
    assert resumed.is_new_epoch and resumed.epoch == 1


testing.run_module(__name__, __file__)
