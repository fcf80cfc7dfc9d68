import copy
import pickle
import threading
import unittest

import numpy
import pytest

from chainer import iterators
from chainer import serializers
from chainer import testing


class ThreadRecordingDataset:

    def __init__(self, n):
        self.n = n
        self.threads = set()

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        self.threads.add(threading.get_ident())
        return numpy.full(2, i, numpy.float32), i


class FailingDataset:

    def __len__(self):
        return 6

    def __getitem__(self, i):
        if i == 4:
            raise KeyError('cannot read example 4')
        return i


@testing.parameterize(*testing.product({'n_threads': [1, 3]}))
class TestMultithreadIterator(unittest.TestCase):

    def test_same_batches_as_serial_iterator(self):
        def sampler():
            return iterators.ShuffleOrderSampler(numpy.random.RandomState(1))

        serial = iterators.SerialIterator(list(range(11)), 4, order_sampler=sampler())
        with iterators.MultithreadIterator(list(range(11)), 4, order_sampler=sampler(),
                                           n_threads=self.n_threads) as it:
            for _ in range(10):
                assert next(it) == next(serial)
                assert it.epoch_detail == serial.epoch_detail
                assert it.previous_epoch_detail == serial.previous_epoch_detail
                assert it.is_new_epoch == serial.is_new_epoch

    def test_reads_in_worker_threads(self):
        dataset = ThreadRecordingDataset(8)
        with iterators.MultithreadIterator(dataset, 4, shuffle=False,
                                           n_threads=self.n_threads) as it:
            batch = next(it)
        assert [example[1] for example in batch] == [0, 1, 2, 3]
        assert threading.get_ident() not in dataset.threads

    def test_no_repeat(self):
        with iterators.MultithreadIterator(list(range(5)), 2, repeat=False, shuffle=False,
                                           n_threads=self.n_threads) as it:
            assert list(it) == [[0, 1], [2, 3], [4]]
            assert it.epoch == 1 and it.previous_epoch_detail == 1.0
            it.reset()
            assert next(it) == [0, 1]


class TestMultithreadIteratorErrors(unittest.TestCase):

    def test_exception_reaches_the_caller(self):
        with iterators.MultithreadIterator(FailingDataset(), 3, shuffle=False) as it:
            assert next(it) == [0, 1, 2]
            with pytest.raises(KeyError, match='example 4'):
                next(it)
            assert it.epoch_detail == 0.5
            with pytest.raises(KeyError):
                next(it)

    def test_bad_arguments(self):
        with pytest.raises(ValueError, match='n_threads'):
            iterators.MultithreadIterator([1], 1, n_threads=0)
        with pytest.raises(TypeError, match='n_threads'):
            iterators.MultithreadIterator([1], 1, n_threads=1.5)
        with pytest.raises(ValueError, match='batch_size'):
            iterators.MultithreadIterator([1], 0)
        with pytest.raises(TypeError, match='batch_size'):
            iterators.MultithreadIterator([1], '2')
        with pytest.raises(ValueError, match='order_sampler'):
            iterators.MultithreadIterator(
                [1], 1, shuffle=False, order_sampler=iterators.ShuffleOrderSampler())

    def test_empty_dataset(self):
        with pytest.raises(ValueError, match='empty dataset'):
            next(iterators.MultithreadIterator([], 1))
        with pytest.raises(ZeroDivisionError):  # as v7
            next(iterators.MultithreadIterator([], 1, repeat=False))

    def test_pickle_and_deepcopy(self):
        # as v7: possible before the threads start (and after finalize), not while they run
        it = iterators.MultithreadIterator(list(range(4)), 2, shuffle=False)
        assert next(pickle.loads(pickle.dumps(it))) == [0, 1]
        next(it)
        shallow = copy.copy(it)
        assert shallow.epoch_detail == 0.5
        with pytest.raises(NotImplementedError):
            pickle.dumps(it)
        with pytest.raises(NotImplementedError):
            copy.deepcopy(it)
        it.finalize()
        clone = copy.deepcopy(it)
        assert next(clone) == [2, 3]

    def test_n_threads_none(self):
        # as v7: as many threads as CPUs; the attribute keeps None
        it = iterators.MultithreadIterator(list(range(4)), 2, shuffle=False, n_threads=None)
        assert it.n_threads is None
        assert next(it) == [0, 1]
        it.finalize()

    def test_finalize_and_restart(self):
        it = iterators.MultithreadIterator(list(range(4)), 2, shuffle=False, n_threads=2)
        assert next(it) == [0, 1]
        it.finalize()
        assert next(it) == [2, 3]
        it.finalize()


def test_serialize_uses_the_v7_order_key():
    with iterators.MultithreadIterator(list(range(6)), 2) as it:
        next(it)
        target = {}
        it.serialize(serializers.DictionarySerializer(target))
    assert sorted(target) == [
        '_order', 'current_position', 'epoch', 'is_new_epoch', 'order_sampler_random_gauss',
        'order_sampler_random_has_gauss', 'order_sampler_random_key',
        'order_sampler_random_pos', 'previous_epoch_detail']


@pytest.mark.parametrize('fmt', ['npz', 'hdf5'])
@pytest.mark.parametrize('n, batch_size', [(10, 3), (5, 7)])
def test_resume(check_resume, fmt, n, batch_size):
    check_resume(lambda: iterators.MultithreadIterator(
        list(range(n)), batch_size, n_threads=2), fmt)


def _seeded_iterator(dataset):
    sampler = iterators.ShuffleOrderSampler(numpy.random.RandomState(0))
    return iterators.MultithreadIterator(dataset, 3, order_sampler=sampler, n_threads=2)


@pytest.mark.parametrize('bad_index', [4, 6])  # read within an epoch, or across two
def test_orders_after_an_error_are_those_of_an_uninterrupted_run(
        check_runs, fail_once_dataset, bad_index):
    with _seeded_iterator(list(range(7))) as it:
        expected = check_runs.run(it, 9)
    with _seeded_iterator(fail_once_dataset(7, bad_index)) as it:
        actual = check_runs.run_through_one_error(it, 9)
    check_runs.check(expected, actual, 'an error')


def test_orders_after_finalize_are_those_of_an_uninterrupted_run(check_runs):
    with _seeded_iterator(list(range(7))) as it:
        expected = check_runs.run(it, 9)
    with _seeded_iterator(list(range(7))) as it:
        actual = check_runs.run(it, 2)  # the batch ahead draws the next epoch
        it.finalize()
        actual += check_runs.run(it, 7)
    check_runs.check(expected, actual, 'finalize')


testing.run_module(__name__, __file__)
