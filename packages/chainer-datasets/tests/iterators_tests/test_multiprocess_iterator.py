import copy
import gc
import glob
import os
import pickle
import signal
import subprocess
import sys
import time
import unittest

import numpy
import pytest

from chainer import iterators
from chainer import serializers
from chainer import testing


def _alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie is dead too
    try:
        with open('/proc/{}/stat'.format(pid)) as f:
            return f.read().split(')')[-1].split()[0] != 'Z'
    except OSError:
        return False


def _wait_until(condition, timeout=10.):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


def _segments(pid=None):
    return glob.glob('/dev/shm/chainer_mpi_{}_*'.format(os.getpid() if pid is None else pid))


class ArrayDataset:
    """Examples (image, label, dict) with arrays, so that shared memory is used."""

    def __init__(self, n=12):
        self.n = n

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        return (numpy.full((2, 3), i, numpy.float32), numpy.int32(i),
                {'mask': numpy.arange(i + 1, dtype=numpy.int64), 'name': 'ex%d' % i})


class FailingDataset:

    def __init__(self, bad_index, n=8):
        self.bad_index = bad_index
        self.n = n

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        if i == self.bad_index:
            raise KeyError('cannot read example {}'.format(i))
        return i


class SuicidalDataset:

    def __len__(self):
        return 8

    def __getitem__(self, i):
        if i == 5:
            os.kill(os.getpid(), signal.SIGKILL)
        return i


class SlowDataset:

    def __init__(self, delay, n=4):
        self.delay = delay
        self.n = n

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        time.sleep(self.delay)
        return i


class RecordingDataset:
    """``range(n)`` that appends the index of every example read to a file."""

    def __init__(self, n, path):
        self.n = n
        self.path = path

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        with open(self.path, 'a') as f:
            f.write('{}\n'.format(i))
        return i

    def read(self):
        with open(self.path) as f:
            return sorted(int(line) for line in f)


class LambdaDataset:

    def __len__(self):
        return 2

    def __getitem__(self, i):
        return lambda: i


class PidDataset:

    def __len__(self):
        return 6

    def __getitem__(self, i):
        return os.getpid()


def _check_example(example, i):
    x, t, extra = example
    assert x.dtype == numpy.float32 and x.shape == (2, 3) and (x == i).all()
    assert t.dtype == numpy.int32 and t == i
    numpy.testing.assert_array_equal(extra['mask'], numpy.arange(i + 1))
    assert extra['name'] == 'ex%d' % i


@testing.parameterize(*testing.product({
    'n_processes': [1, 2],
    'n_prefetch': [1, 3],
    'shared_mem': [None, 0, 40],
}))
class TestMultiprocessIteratorExamples(unittest.TestCase):

    def test_examples_and_order(self):
        with iterators.MultiprocessIterator(
                ArrayDataset(), 5, shuffle=False, n_processes=self.n_processes,
                n_prefetch=self.n_prefetch, shared_mem=self.shared_mem) as it:
            indices = []
            for _ in range(6):
                batch = next(it)
                for example in batch:
                    indices.append(int(example[1]))
                    _check_example(example, indices[-1])
        assert indices == [i % 12 for i in range(30)]
        assert _segments() == []

    def test_same_batches_as_serial_iterator(self):
        sampler = iterators.ShuffleOrderSampler(numpy.random.RandomState(3))
        serial = iterators.SerialIterator(
            list(range(11)), 4, order_sampler=iterators.ShuffleOrderSampler(
                numpy.random.RandomState(3)))
        with iterators.MultiprocessIterator(
                list(range(11)), 4, order_sampler=sampler, n_processes=self.n_processes,
                n_prefetch=self.n_prefetch, shared_mem=self.shared_mem) as it:
            for _ in range(10):
                assert next(it) == next(serial)
                assert it.epoch_detail == serial.epoch_detail
                assert it.previous_epoch_detail == serial.previous_epoch_detail
                assert it.is_new_epoch == serial.is_new_epoch


class TestMultiprocessIterator(unittest.TestCase):

    @pytest.fixture(autouse=True)
    def _tmp_path(self, tmp_path):
        self.tmp_path = str(tmp_path)

    def test_no_repeat(self):
        with iterators.MultiprocessIterator(
                list(range(7)), 3, repeat=False, shuffle=False, n_processes=2) as it:
            assert list(it) == [[0, 1, 2], [3, 4, 5], [6]]
            assert it.epoch == 1 and it.previous_epoch_detail == 1.0
            assert list(it) == []
            it.reset()
            assert list(it) == [[0, 1, 2], [3, 4, 5], [6]]

    def test_shuffle_permutes_each_epoch(self):
        with iterators.MultiprocessIterator(list(range(10)), 5, n_processes=2) as it:
            for _ in range(3):
                assert sorted(next(it) + next(it)) == list(range(10))
                assert it.is_new_epoch

    def test_arrays_are_copies(self):
        with iterators.MultiprocessIterator(ArrayDataset(), 4, shuffle=False,
                                            n_processes=1) as it:
            first = next(it)
            for _ in range(5):
                next(it)
            _check_example(first[0], 0)
            assert first[0][0].flags.writeable and first[0][0].flags.owndata

    def test_reset_while_prefetching(self):
        with iterators.MultiprocessIterator(list(range(10)), 3, shuffle=False,
                                            n_processes=2, n_prefetch=3) as it:
            assert next(it) == [0, 1, 2]
            it.reset()
            assert it.epoch_detail == 0 and it.previous_epoch_detail is None
            assert next(it) == [0, 1, 2]
            assert next(it) == [3, 4, 5]

    def test_batches_ahead_are_read_while_the_caller_works(self):
        dataset = RecordingDataset(40, os.path.join(self.tmp_path, 'reads'))
        with iterators.MultiprocessIterator(dataset, 4, shuffle=False, n_processes=2,
                                            n_prefetch=2) as it:
            assert next(it) == [0, 1, 2, 3]
            # the next n_prefetch batches, without the main process waiting for them
            assert _wait_until(lambda: dataset.read() == list(range(12))), dataset.read()
            time.sleep(0.2)
            assert dataset.read() == list(range(12))
            assert next(it) == [4, 5, 6, 7]
            assert _wait_until(lambda: dataset.read() == list(range(16))), dataset.read()

    def test_default_arguments(self):
        it = iterators.MultiprocessIterator([1, 2], 1)
        assert it.n_processes == os.cpu_count()
        assert it.n_prefetch == 1 and it.shared_mem is None
        assert it.dataset_timeout == 30.0
        assert isinstance(it.order_sampler, iterators.ShuffleOrderSampler)
        assert it.worker_pids == []  # the workers start with the first batch

    def test_bad_arguments(self):
        for kwargs in ({'n_processes': -1}, {'shared_mem': -1}, {'maxtasksperchild': 0}):
            with pytest.raises(ValueError, match=list(kwargs)[0]):
                iterators.MultiprocessIterator([1, 2], 1, **kwargs)
        with pytest.raises(TypeError, match='n_processes'):
            iterators.MultiprocessIterator([1, 2], 1, n_processes=1.5)
        with pytest.raises(ValueError, match='batch_size'):
            iterators.MultiprocessIterator([1, 2], 0)
        with pytest.raises(TypeError, match='batch_size'):
            iterators.MultiprocessIterator([1, 2], None)
        with pytest.raises(ValueError, match='order_sampler'):
            iterators.MultiprocessIterator(
                [1], 1, shuffle=True, order_sampler=iterators.ShuffleOrderSampler())

    def test_empty_dataset(self):
        with pytest.raises(ValueError, match='empty dataset'):
            next(iterators.MultiprocessIterator([], 2))

    def test_lenient_arguments(self):
        # as v7: 0 processes is the default number, a prefetch below 1 is 1
        it = iterators.MultiprocessIterator([1, 2], 1, n_processes=0, n_prefetch=0)
        assert it.n_processes == os.cpu_count() and it.n_prefetch == 1
        it = iterators.MultiprocessIterator([1, 2], 1, n_prefetch=-1)
        assert it.n_prefetch == 1

    def test_non_positive_dataset_timeout_warns_at_once(self):
        # as v7: a batch that is not ready at once makes the warning
        for timeout in (0, -1):
            with iterators.MultiprocessIterator(SlowDataset(0.2), 2, n_processes=1,
                                                shuffle=False, dataset_timeout=timeout) as it:
                with pytest.warns(iterators.MultiprocessIterator.TimeoutWarning):
                    assert next(it) == [0, 1]

    def test_maxtasksperchild(self):
        with iterators.MultiprocessIterator(PidDataset(), 2, shuffle=False, n_processes=1,
                                            maxtasksperchild=1) as it:
            pids = [pid for _ in range(6) for pid in next(it)]
        assert len(set(pids)) >= 5  # one task per batch here: a new worker for each

    def test_dataset_timeout(self):
        with iterators.MultiprocessIterator(SlowDataset(0.2), 2, n_processes=1,
                                            dataset_timeout=0.05) as it:
            with pytest.warns(iterators.MultiprocessIterator.TimeoutWarning,
                              match='Stalled dataset'):
                next(it)

    def test_copy(self):
        with iterators.MultiprocessIterator(list(range(10)), 3, shuffle=False,
                                            n_processes=1) as it:
            next(it)
            clone = copy.copy(it)
            try:
                assert clone.epoch_detail == it.epoch_detail
                assert next(clone) == [3, 4, 5]
                assert next(clone) == [6, 7, 8]
                assert next(it) == [3, 4, 5]
            finally:
                clone.finalize()

    def test_pickle(self):
        it = iterators.MultiprocessIterator(list(range(10)), 3, n_processes=1)
        with it:
            next(it)
            next(it)
        restored = pickle.loads(pickle.dumps(it))
        with restored:
            assert restored.epoch_detail == it.epoch_detail
            assert next(restored) == next(it)
        it.finalize()


class TestMultiprocessIteratorLifetime(unittest.TestCase):

    def test_finalize_stops_workers_and_frees_memory(self):
        it = iterators.MultiprocessIterator(ArrayDataset(), 4, n_processes=2)
        next(it)
        next(it)
        pids = it.worker_pids
        assert len(pids) == 2 and all(_alive(pid) for pid in pids)
        assert _segments() != []
        it.finalize()
        assert not any(_alive(pid) for pid in pids)
        assert _segments() == []
        it.finalize()  # twice is fine
        example = next(it)[0]  # and the iterator restarts
        _check_example(example, int(example[1]))
        it.finalize()
        assert _segments() == []

    def test_garbage_collection_stops_workers(self):
        it = iterators.MultiprocessIterator(ArrayDataset(), 4, n_processes=2)
        next(it)
        next(it)
        pids = it.worker_pids
        del it
        gc.collect()
        assert _wait_until(lambda: not any(_alive(pid) for pid in pids))
        assert _segments() == []


class TestMultiprocessIteratorErrors(unittest.TestCase):

    def test_exception_in_worker(self):
        with iterators.MultiprocessIterator(FailingDataset(5), 4, shuffle=False,
                                            n_processes=2) as it:
            assert next(it) == [0, 1, 2, 3]
            with pytest.raises(KeyError, match='cannot read example 5') as info:
                next(it)
            cause = str(info.value.__cause__)
            assert '__getitem__' in cause and 'cannot read example 5' in cause
            assert it.epoch_detail == 0.5
            with pytest.raises(KeyError):  # the same batch is read again
                next(it)

    def test_worker_killed(self):
        with iterators.MultiprocessIterator(SuicidalDataset(), 4, shuffle=False,
                                            n_processes=2) as it:
            assert next(it) == [0, 1, 2, 3]
            with pytest.raises(RuntimeError, match='died unexpectedly.*SIGKILL'):
                next(it)
        assert _segments() == []

    def test_unpicklable_examples(self):
        with iterators.MultiprocessIterator(LambdaDataset(), 2, n_processes=1) as it:
            with pytest.raises(TypeError, match='picklable'):
                next(it)


_INTERRUPTED_SCRIPT = '''
import signal, sys, time
import numpy
from chainer import iterators

# Ctrl-C raises KeyboardInterrupt even when pytest runs in the background (where the shell
# started it with SIGINT ignored, which Python then leaves ignored)
signal.signal(signal.SIGINT, signal.default_int_handler)

class Dataset:
    def __len__(self):
        return 64
    def __getitem__(self, i):
        time.sleep(0.01)
        return numpy.full(1000, i, numpy.float32)

it = iterators.MultiprocessIterator(Dataset(), 8, n_processes=2, n_prefetch=2)
for _ in range(3):  # the batches after the first ones go through shared memory
    next(it)
print(' '.join(str(pid) for pid in it.worker_pids), flush=True)
while True:
    next(it)
'''


@pytest.mark.parametrize('sig', [signal.SIGINT, signal.SIGKILL])
def test_main_process_interrupted(sig):
    proc = subprocess.Popen([sys.executable, '-c', _INTERRUPTED_SCRIPT],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        pids = [int(pid) for pid in proc.stdout.readline().split()]
        assert len(pids) == 2, proc.stderr.read()
        assert _segments(proc.pid) != []
        time.sleep(0.1)
        proc.send_signal(sig)
        _, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    if sig == signal.SIGINT:
        assert 'KeyboardInterrupt' in err
    assert _wait_until(lambda: not any(_alive(pid) for pid in pids)), 'orphan workers'
    assert _wait_until(lambda: _segments(proc.pid) == []), 'leaked shared memory'


@pytest.mark.parametrize('fmt', ['npz', 'hdf5'])
@pytest.mark.parametrize('n, batch_size', [(10, 3), (6, 4)])
def test_resume(check_resume, fmt, n, batch_size):
    check_resume(lambda: iterators.MultiprocessIterator(
        list(range(n)), batch_size, n_processes=2, n_prefetch=2), fmt)


def test_resume_arrays_without_repeat(check_resume):
    check_resume(lambda: iterators.MultiprocessIterator(
        ArrayDataset(7), 3, repeat=False, n_processes=1), 'npz')


def _seeded_iterator(dataset, **kwargs):
    sampler = iterators.ShuffleOrderSampler(numpy.random.RandomState(0))
    return iterators.MultiprocessIterator(
        dataset, 3, order_sampler=sampler, n_processes=2, n_prefetch=3, **kwargs)


def test_orders_after_an_error_are_those_of_an_uninterrupted_run(
        check_runs, fail_once_dataset):
    with _seeded_iterator(list(range(7))) as it:
        expected = check_runs.run(it, 9)
    with _seeded_iterator(fail_once_dataset(7, 4)) as it:
        actual = check_runs.run_through_one_error(it, 9)
    check_runs.check(expected, actual, 'an error')


def test_orders_after_finalize_are_those_of_an_uninterrupted_run(check_runs):
    with _seeded_iterator(list(range(7))) as it:
        expected = check_runs.run(it, 9)
    with _seeded_iterator(list(range(7))) as it:
        actual = check_runs.run(it, 1)  # three batches ahead: the next epoch is drawn
        it.finalize()
        actual += check_runs.run(it, 8)
    check_runs.check(expected, actual, 'finalize')


def test_serialize_keys():
    with iterators.MultiprocessIterator(list(range(10)), 3, n_processes=1) as it:
        next(it)
        target = {}
        it.serialize(serializers.DictionarySerializer(target))
    assert sorted(target) == [
        'current_position', 'epoch', 'is_new_epoch', 'order', 'order_sampler_random_gauss',
        'order_sampler_random_has_gauss', 'order_sampler_random_key',
        'order_sampler_random_pos', 'previous_epoch_detail']
    assert target['current_position'] == 3 and target['previous_epoch_detail'] == 0.0


testing.run_module(__name__, __file__)
