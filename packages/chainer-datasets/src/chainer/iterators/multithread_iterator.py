"""MultithreadIterator: minibatches read by a pool of threads."""
import concurrent.futures
import os

from chainer import serializer as serializer_module
from chainer.iterators import _sampler_state
from chainer.iterators import _state_iterator
from chainer.iterators.order_samplers import ShuffleOrderSampler  # NOQA (v7 name here)


class MultithreadIterator(_state_iterator.StateIterator):
    """Iterator that reads the examples of the minibatches with threads.

    ``n_threads`` threads read the examples of a batch in parallel, and the next batch is
    read while the current one is used. It suits datasets whose reads release the GIL
    (file I/O, image decoding, NumPy). An exception raised by the dataset is raised by
    ``next()``; calling it again reads the same batch again.

    Args:
        dataset: The dataset.
        batch_size (int): The number of examples of a batch.
        repeat (bool): Iterate over the dataset repeatedly.
        shuffle (bool): Shuffle the order every epoch (``None``: shuffle unless
            ``order_sampler`` is given).
        n_threads (int): The number of threads (``None``: the number of CPUs).
        order_sampler (callable): Gives the order of every epoch; requires
            ``shuffle=None``.
    """

    _order_key = '_order'  # the key Chainer v7 saves the order of this iterator under
    _pool = None
    _plan = None  # (indices or None at the end, state after, sampler state before): read ahead
    _futures = None  # the reads of the examples of ``_plan``

    def __init__(self, dataset, batch_size, repeat=True, shuffle=None, n_threads=1,
                 order_sampler=None):
        _state_iterator.check_batch_size('MultithreadIterator', batch_size)
        if n_threads is not None:  # None: as many threads as CPUs, as v7
            _state_iterator.check_positive('MultithreadIterator', 'n_threads', n_threads)
        self._shuffle = shuffle
        self.n_threads = n_threads
        self._start(dataset, batch_size, repeat, shuffle, order_sampler)

    def reset(self):
        """Rewinds the iterator to the start of the first epoch (with a new order)."""
        super().reset()
        self._plan = self._futures = None

    def _plan_next(self):
        # Draws the next batch (and the order of a new epoch it reaches) and starts reading.
        state, indices, sampler_state = _sampler_state.advance(
            self._state, self.batch_size, self._repeat, self.order_sampler, len(self.dataset))
        self._plan = (indices, state, sampler_state)
        self._submit()

    def _submit(self):
        indices = self._plan[0]
        if indices is None:
            return
        if self._pool is None:
            self._pool = concurrent.futures.ThreadPoolExecutor(
                self.n_threads or os.cpu_count() or 1,
                thread_name_prefix='chainer-MultithreadIterator')
        getitem = self.dataset.__getitem__
        self._futures = [self._pool.submit(getitem, index) for index in indices.tolist()]

    def __next__(self):
        """Returns the next minibatch, a list of examples."""
        self._check_not_empty()
        if self._plan is None:
            self._plan_next()
        elif self._futures is None:
            self._submit()  # after an error or finalize(): the same batch read again
        indices, state, _ = self._plan
        if indices is None:
            self._previous_epoch_detail = self.epoch_detail
            raise StopIteration
        futures, self._futures = self._futures, None
        batch = [future.result() for future in futures]
        self._previous_epoch_detail = self.epoch_detail
        self._state = state
        self._plan_next()
        return batch

    next = __next__

    def _sampler_state_to_save(self):
        return None if self._plan is None else self._plan[2]

    def serialize(self, serializer):
        super().serialize(serializer)
        if isinstance(serializer, serializer_module.Deserializer):
            self._plan = self._futures = None  # read ahead from the loaded state

    def __copy__(self):
        # shallow, as v7: the copy shares the threads (and the batch being read)
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        return other

    def __getstate__(self):
        if self._pool is not None:
            # as v7, whose thread pool cannot be pickled either
            raise NotImplementedError(
                'MultithreadIterator: an iterator whose threads have started cannot be '
                'pickled or deep-copied; call finalize() first')
        return self.__dict__

    def finalize(self):
        """Stops the threads (the iterator stays usable: the next batch starts new ones)."""
        pool, self._pool = self._pool, None
        self._futures = None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
