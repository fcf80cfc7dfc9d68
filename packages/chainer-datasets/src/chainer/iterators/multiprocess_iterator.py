"""MultiprocessIterator: minibatches read in parallel by worker processes."""
import collections
import itertools
import multiprocessing
import numbers
import warnings
import weakref

from chainer import serializer as serializer_module
from chainer.iterators import _sampler_state
from chainer.iterators import _shared_memory
from chainer.iterators import _state_iterator
from chainer.iterators.order_samplers import ShuffleOrderSampler  # NOQA (v7 name here)
from chainer.iterators import _worker_pool

_TIMEOUT_MESSAGE = (
    'Stalled dataset is detected. See the documentation of MultiprocessIterator for common '
    'causes and workarounds:\n'
    'https://docs.chainer.org/en/stable/reference/generated/'
    'chainer.iterators.MultiprocessIterator.html')


class _Plan:
    """A batch drawn ahead: its indices, the state after it, and the random state of the
    order sampler before the order of a new epoch that it reaches was drawn (or ``None``)."""

    __slots__ = ('indices', 'state', 'sampler_state')

    def __init__(self, indices, state, sampler_state):
        self.indices = indices
        self.state = state
        self.sampler_state = sampler_state


class _Prefetcher:
    """Keeps up to ``n_prefetch`` batches being read by a :class:`WorkerPool`.

    It holds no reference to the iterator, so that a finalizer can close it.
    """

    def __init__(self, iterator):
        self.dataset = iterator.dataset
        self.batch_size = iterator.batch_size
        self.repeat = iterator.repeat
        self.order_sampler = iterator.order_sampler
        self.n_processes = iterator.n_processes
        self.n_prefetch = iterator.n_prefetch
        self.region_size = iterator.shared_mem  # None: measured on the first batch
        self.max_tasks = iterator._maxtasksperchild
        self.pool = None
        self.blocks = []  # shared memory blocks, one per batch in flight (n_prefetch + 1)
        self.free_blocks = []
        self.in_flight = collections.deque()  # (BatchHandle, _Plan)
        self.replay = collections.deque()  # plans drawn but not submitted (after an error)
        self.abandoned = []  # handles of discarded batches whose tasks may still run
        self.state = None  # the state after the last batch drawn

    def restart(self, state):
        """Discards the batches drawn ahead; the next batch follows ``state``."""
        self.abandoned.extend(handle for handle, _ in self.in_flight)
        self.in_flight.clear()
        self.replay.clear()
        self.state = state

    def retry(self):
        """Reads the batches in flight again (the same batches, in the same order)."""
        self.abandoned.extend(handle for handle, _ in self.in_flight)
        self.replay.extendleft(reversed([plan for _, plan in self.in_flight]))
        self.in_flight.clear()

    def sampler_state_to_save(self):
        """The random state of the order sampler before the draws of the batches ahead."""
        for plan in itertools.chain((plan for _, plan in self.in_flight), self.replay):
            if plan.sampler_state is not None:
                return plan.sampler_state
        return None

    def _take_block(self):
        for handle in self.abandoned:
            if handle.done and handle.block is not None:
                self.free_blocks.append(handle.block)
        self.abandoned = [handle for handle in self.abandoned if not handle.done]
        if self.free_blocks:
            return self.free_blocks.pop()
        if self.region_size and len(self.blocks) <= self.n_prefetch:
            block = _shared_memory.create(self.region_size * self.batch_size)
            self.blocks.append(block)
            return block
        return None

    def _draw(self):
        # The plan of the batch after the last one drawn (None at the end of the iteration).
        state, indices, sampler_state = _sampler_state.advance(
            self.state, self.batch_size, self.repeat, self.order_sampler, len(self.dataset))
        if indices is None:
            return None
        self.state = state
        return _Plan(indices.tolist(), state, sampler_state)

    def fill(self, n_batches):
        """Submits batches until ``n_batches`` are in flight or the iteration ends."""
        if self.pool is None or self.pool.closed:
            self.pool = _worker_pool.WorkerPool(self.dataset, self.n_processes, self.max_tasks)
        while len(self.in_flight) < n_batches:
            plan = self.replay.popleft() if self.replay else self._draw()
            if plan is None:
                return
            block = self._take_block()
            n_chunks = min(len(plan.indices), 2 * self.n_processes)
            handle = self.pool.submit(plan.indices, n_chunks, block, self.region_size or 0)
            self.in_flight.append((handle, plan))

    def next_batch(self, timeout, on_timeout):
        """Returns the next batch and the state after it (``None`` at the end).

        While it waits for the batch, the ``n_prefetch`` batches after it are read too (so
        that the workers go on with the next batch when they are done with their part of
        this one); they are read while the caller works on this one.
        """
        self.fill(self.n_prefetch + 1)
        if not self.in_flight:
            return None
        handle, plan = self.in_flight[0]
        try:
            examples = self.pool.wait(handle, timeout, on_timeout)
        except _worker_pool.WorkerDiedError:
            self.close()
            raise
        except BaseException:
            if handle.done:  # the dataset raised: the batch is read again on the next call
                self.retry()
            raise
        self.in_flight.popleft()
        if handle.block is not None:
            buffer = handle.block.buf
            examples = [_shared_memory.unpack(example, buffer) for example in examples]
            self.free_blocks.append(handle.block)
        elif self.region_size is None:
            self.region_size = max(_shared_memory.packed_size(e) for e in examples)
        return examples, plan.state

    def close(self):
        """Stops the workers and removes the shared memory blocks.

        The batches drawn ahead are kept: :meth:`fill` starts new workers to read them.
        """
        if self.pool is not None:
            self.pool.close()
        for block in self.blocks:
            _shared_memory.release(block)
        self.blocks = []
        self.free_blocks = []
        self.retry()  # the batches drawn ahead are read again if the iteration goes on
        self.abandoned = []


class MultiprocessIterator(_state_iterator.StateIterator):
    """Iterator that reads the examples of the minibatches in worker processes.

    The workers (``n_processes`` processes started on the first batch) read the examples
    of up to ``n_prefetch`` batches ahead while the main process works; the NumPy arrays
    of the examples come back through shared memory. The dataset is inherited by the
    workers (pickled to them under the ``spawn`` start method), so the examples must be
    picklable. An exception raised by the dataset in a worker is raised by ``next()``
    with the worker's traceback as its cause; a worker killed by a signal raises an error
    instead of hanging. Call :meth:`finalize` (or use the iterator as a context manager)
    to stop the workers; they are also stopped when the iterator is garbage-collected or
    the program exits, and they exit on their own if the main process disappears.

    Args:
        dataset: The dataset.
        batch_size (int): The number of examples of a batch.
        repeat (bool): Iterate over the dataset repeatedly.
        shuffle (bool): Shuffle the order every epoch (``None``: shuffle unless
            ``order_sampler`` is given).
        n_processes (int): The number of worker processes (``None`` or ``0``: the number of
            CPUs).
        n_prefetch (int): The number of batches read ahead (at least 1).
        shared_mem (int): Bytes of shared memory per example (``None``: measured on the
            first batch; ``0``: no shared memory). Examples whose arrays need more are
            pickled.
        order_sampler (callable): Gives the order of every epoch; requires
            ``shuffle=None``.
        dataset_timeout (float): Seconds after which a batch still being read makes a
            :class:`MultiprocessIterator.TimeoutWarning` (``None``: never; ``0`` or less: as
            soon as a batch is not ready).
        maxtasksperchild (int): Tasks a worker runs before it is replaced by a fresh
            process (``None``: no limit).
    """

    class TimeoutWarning(RuntimeWarning):
        """Warning that reading a batch takes longer than ``dataset_timeout``."""

    _prefetcher = None
    _finalizer = None

    def __init__(self, dataset, batch_size, repeat=True, shuffle=None, n_processes=None,
                 n_prefetch=1, shared_mem=None, order_sampler=None, dataset_timeout=30.0,
                 maxtasksperchild=None):
        _state_iterator.check_batch_size('MultiprocessIterator', batch_size)
        # as v7: 0 processes means the default, a prefetch below 1 means 1, and a timeout
        # that is not positive warns as soon as a batch is not ready
        if n_processes is None or (
                isinstance(n_processes, numbers.Integral) and n_processes == 0):
            n_processes = multiprocessing.cpu_count()
        _check_positive('n_processes', n_processes)
        if isinstance(n_prefetch, numbers.Integral):
            n_prefetch = max(n_prefetch, 1)
        _check_positive('n_prefetch', n_prefetch)
        if shared_mem is not None and (
                not isinstance(shared_mem, numbers.Integral) or shared_mem < 0):
            raise ValueError('MultiprocessIterator: shared_mem must be None or a non-negative '
                             'integer, got {!r}'.format(shared_mem))
        if maxtasksperchild is not None:
            _check_positive('maxtasksperchild', maxtasksperchild)
        self.shuffle = shuffle
        self.n_processes = n_processes
        self.n_prefetch = n_prefetch
        self.shared_mem = shared_mem
        self.dataset_timeout = dataset_timeout
        self._maxtasksperchild = maxtasksperchild
        self._start(dataset, batch_size, repeat, shuffle, order_sampler)

    def __next__(self):
        """Returns the next minibatch, a list of examples."""
        self._check_not_empty()
        prefetcher = self._get_prefetcher()
        result = prefetcher.next_batch(self.dataset_timeout, self._warn_timeout)
        self._previous_epoch_detail = self.epoch_detail
        if result is None:
            raise StopIteration
        examples, self._state = result
        return examples

    next = __next__

    def _warn_timeout(self):
        warnings.warn(_TIMEOUT_MESSAGE, MultiprocessIterator.TimeoutWarning)

    def _get_prefetcher(self):
        prefetcher = self._prefetcher
        if prefetcher is None:
            prefetcher = self._prefetcher = _Prefetcher(self)
            prefetcher.restart(self._state)
        if self._finalizer is None or not self._finalizer.alive:
            self._finalizer = weakref.finalize(self, prefetcher.close)
        return prefetcher

    @property
    def worker_pids(self):
        """The process IDs of the running workers (empty before the first batch)."""
        prefetcher = self._prefetcher
        if prefetcher is None or prefetcher.pool is None or prefetcher.pool.closed:
            return []
        return prefetcher.pool.pids

    def reset(self):
        """Rewinds the iterator to the start of the first epoch (with a new order)."""
        super().reset()
        if self._prefetcher is not None:
            self._prefetcher.restart(self._state)

    def _sampler_state_to_save(self):
        prefetcher = self._prefetcher
        return None if prefetcher is None else prefetcher.sampler_state_to_save()

    def serialize(self, serializer):
        super().serialize(serializer)
        if self._prefetcher is not None and isinstance(
                serializer, serializer_module.Deserializer):
            self._prefetcher.restart(self._state)

    def finalize(self):
        """Stops the worker processes and frees the shared memory.

        The iterator stays usable: the next batch starts new workers (and reads the
        batches that were drawn ahead).
        """
        if self._finalizer is not None and self._finalizer.alive:
            self._finalizer.detach()
            self._prefetcher.close()

    def __copy__(self):
        other = object.__new__(type(self))
        other.__dict__.update(self.__getstate__())
        return other

    def __getstate__(self):
        state = dict(self.__dict__)
        state.pop('_prefetcher', None)
        state.pop('_finalizer', None)
        order = self._state.order
        if order is not None:
            state['_state'] = self._state._replace(order=order.copy())
        return state

    def __setstate__(self, state):
        self.__dict__.update(state)


def _check_positive(name, value):
    _state_iterator.check_positive('MultiprocessIterator', name, value)
