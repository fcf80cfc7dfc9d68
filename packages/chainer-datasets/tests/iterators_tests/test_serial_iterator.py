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

    def test_batches_of_a_tuple_dataset_of_arrays(self):
        from chainer.dataset import concat_examples
        from chainer.datasets import TupleDataset
        x = numpy.arange(20, dtype=numpy.float32).reshape(5, 2, 2)
        t = numpy.arange(5, dtype=numpy.int32)
        it = iterators.SerialIterator(TupleDataset(x, t), 3)
        for _ in range(4):
            batch = next(it)
            assert isinstance(batch, list) and len(batch) == 3
            indices = [int(example[1]) for example in batch]
            xs, ts = concat_examples(batch)
            numpy.testing.assert_array_equal(xs, x[indices])
            assert ts.dtype == numpy.int32 and ts.tolist() == indices

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
        for batch_size in (0, -1):
            with pytest.raises(ValueError, match='batch_size'):
                iterators.SerialIterator([1, 2], batch_size)
        for batch_size in (1.5, None, '2'):  # TypeError, as v7 (on the first batch there)
            with pytest.raises(TypeError, match='batch_size'):
                iterators.SerialIterator([1, 2], batch_size)

    def test_empty_dataset(self):
        for repeat in (True, False):
            it = iterators.SerialIterator([], 2, repeat=repeat)
            assert it.epoch_detail == 0.0
            with pytest.raises(ValueError, match='empty dataset'):
                next(it)
            with pytest.raises(ZeroDivisionError):  # as v7
                next(it)


class TestSerialIteratorSerialize(unittest.TestCase):

    def test_keys_and_none_as_minus_one(self):
        it = iterators.SerialIterator(list(range(10)), 3)
        target = {}
        it.serialize(serializers.DictionarySerializer(target))
        assert sorted(target) == [
            'current_position', 'epoch', 'is_new_epoch', 'order', 'order_sampler_random_gauss',
            'order_sampler_random_has_gauss', 'order_sampler_random_key',
            'order_sampler_random_pos', 'previous_epoch_detail']
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
        assert sorted(target) == ['current_position', 'epoch', 'is_new_epoch',
                                  'previous_epoch_detail']

    def test_random_state_of_the_sampler(self):
        random = numpy.random.RandomState(4)
        it = iterators.SerialIterator(
            list(range(10)), 3, order_sampler=iterators.ShuffleOrderSampler(random))
        random.uniform(size=3)
        random.normal()  # a cached Gaussian is part of the state
        state = random.get_state()
        target = {}
        it.serialize(serializers.DictionarySerializer(target))
        numpy.testing.assert_array_equal(target['order_sampler_random_key'], state[1])
        assert target['order_sampler_random_key'].dtype == numpy.uint32
        assert target['order_sampler_random_pos'] == state[2]
        assert target['order_sampler_random_has_gauss'] == state[3] == 1
        assert target['order_sampler_random_gauss'] == state[4]

        random.seed(0)
        it.serialize(serializers.NpzDeserializer(target))
        loaded = random.get_state()
        numpy.testing.assert_array_equal(loaded[1], state[1])
        assert loaded[2:] == state[2:]

    def test_a_custom_sampler_is_not_saved(self):
        class Reverse(iterators.OrderSampler):
            def __call__(self, current_order, current_position):
                return numpy.arange(len(current_order))[::-1]

        target = {}
        iterators.SerialIterator([1, 2], 1, order_sampler=Reverse()).serialize(
            serializers.DictionarySerializer(target))
        assert not any(key.startswith('order_sampler') for key in target)

    def test_non_strict_load_without_the_random_state(self):
        it = iterators.SerialIterator(list(range(10)), 3)
        target = {}
        it.serialize(serializers.DictionarySerializer(target))
        for key in list(target):
            if key.startswith('order_sampler'):
                del target[key]
        numpy.random.seed(2)
        state = numpy.random.get_state()
        it.serialize(serializers.NpzDeserializer(target, strict=False))
        numpy.testing.assert_array_equal(numpy.random.get_state()[1], state[1])
        assert numpy.random.get_state()[2:] == state[2:]

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
    check_resume(lambda: iterators.SerialIterator(list(range(n)), batch_size), fmt)


def test_resume_with_a_random_state_of_its_own(check_resume):
    check_resume(lambda: iterators.SerialIterator(
        list(range(7)), 3,
        order_sampler=iterators.ShuffleOrderSampler(numpy.random.RandomState(5))), 'npz')


@pytest.mark.parametrize('repeat', [True, False])
def test_resume_without_shuffle(check_resume, repeat):
    check_resume(lambda: iterators.SerialIterator(
        list(range(7)), 3, repeat=repeat, shuffle=False), 'npz')


def test_resume_without_repeat(check_resume):
    check_resume(lambda: iterators.SerialIterator(list(range(7)), 3, repeat=False), 'npz')


testing.run_module(__name__, __file__)
