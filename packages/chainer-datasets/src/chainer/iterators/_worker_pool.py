"""Worker processes that read examples of a dataset for :class:`MultiprocessIterator`.

Each worker gets the dataset once (inherited when forked, pickled when spawned) and then
reads tasks (lists of indices) from its own pipe, sending back the examples, their arrays
moved through shared memory when a block is given. The main process sends each task at
once to the worker with the fewest tasks queued (so that the workers go on while the caller
works between two batches) and waits for the results on the pipes and the process
sentinels, so that an exception in a worker reaches the caller with its traceback, and a
worker killed by a signal is reported (by the batches it was reading) instead of waited
for. Workers ignore SIGINT (the main
process handles Ctrl-C) and exit when their parent disappears.
"""
import itertools
import multiprocessing
import multiprocessing.connection
import multiprocessing.resource_tracker
import os
import pickle
import signal
import threading
import time
import traceback
from multiprocessing import reduction

from chainer.dataset import dataset_mixin
from chainer.iterators import _shared_memory

_PARENT_POLL_INTERVAL = 0.5
_pickler = reduction.ForkingPickler


class RemoteTraceback(Exception):
    """The formatted traceback of an exception raised in a worker process."""

    def __init__(self, text):
        super().__init__(text)
        self.text = text

    def __str__(self):
        return self.text


class WorkerDiedError(RuntimeError):
    """A worker process ended while it was reading examples."""


def _exit_with_parent(parent_pid):
    while True:
        time.sleep(_PARENT_POLL_INTERVAL)
        if os.getppid() != parent_pid:
            os._exit(1)


def _transportable(error):
    # The exception itself when it pickles, else a RuntimeError that describes it.
    try:
        pickle.loads(pickle.dumps(error))
        return error
    except Exception:
        return RuntimeError('{}: {}'.format(type(error).__name__, error))


def _run_task(dataset, attachments, task):
    indices, positions, block_name, region_size = task
    examples = dataset_mixin.getitem_many(dataset, indices)
    if block_name is None:
        return examples
    buffer = attachments.buffer(block_name)
    packed = []
    for example, position in zip(examples, positions):
        start = position * region_size
        packed.append(_shared_memory.pack(example, buffer, start, start + region_size)[0])
    return packed


def _worker_main(conn, dataset, max_tasks, parent_pid):
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_exit_with_parent, args=(parent_pid,), daemon=True).start()
    attachments = _shared_memory.Attachments()
    done = 0
    try:
        while max_tasks is None or done < max_tasks:
            try:
                message = conn.recv()
            except EOFError:
                break
            if message is None:
                break
            task_id, task = message
            try:
                examples = _run_task(dataset, attachments, task)
                try:
                    reply = _pickler.dumps((task_id, examples, None))
                except Exception as e:
                    raise TypeError(
                        'MultiprocessIterator: the examples {} of the dataset cannot be sent '
                        'to the main process: they must be picklable ({}: {})'.format(
                            task[0], type(e).__name__, e)) from e
            except Exception as e:
                text = ''.join(traceback.format_exception(type(e), e, e.__traceback__))
                reply = _pickler.dumps((task_id, None, (_transportable(e), text)))
            conn.send_bytes(reply)
            done += 1
    finally:
        attachments.close()
        conn.close()


class BatchHandle:
    """The examples of one batch, filled in as the tasks of its chunks complete."""

    def __init__(self, size, block):
        self.examples = [None] * size
        self.block = block
        self.remaining = 0
        self.error = None

    @property
    def done(self):
        return self.remaining == 0


class _Worker:
    __slots__ = ('process', 'conn', 'tasks', 'n_sent', 'broken')

    def __init__(self, process, conn):
        self.process = process
        self.conn = conn
        self.tasks = []
        self.n_sent = 0
        self.broken = False  # its pipe failed: it is dying, its sentinel will tell


def _signal_description(exitcode):
    if exitcode is not None and exitcode < 0:
        try:
            return 'killed by signal {}'.format(signal.Signals(-exitcode).name)
        except ValueError:
            return 'killed by signal {}'.format(-exitcode)
    return 'exit code {}'.format(exitcode)


class WorkerPool:
    """``n_processes`` worker processes reading examples of ``dataset``.

    Args:
        dataset: The dataset the workers read.
        n_processes (int): The number of workers.
        max_tasks (int): Tasks a worker runs before it is replaced by a fresh one (``None``:
            no limit).
    """

    def __init__(self, dataset, n_processes, max_tasks=None):
        self._dataset = dataset
        self._max_tasks = max_tasks
        self._context = multiprocessing.get_context()
        self._task_ids = itertools.count()
        self._pending = []  # (task_id, task) not sent yet
        self._handles = {}  # task_id -> (BatchHandle, positions)
        self._workers = []
        self.closed = False
        # Workers attach to shared memory blocks: they must share the resource tracker of
        # this process (one of their own would remove the blocks when they exit).
        multiprocessing.resource_tracker.ensure_running()
        for _ in range(n_processes):
            self._workers.append(self._spawn())

    def _spawn(self):
        conn, child_conn = self._context.Pipe()
        process = self._context.Process(
            target=_worker_main, args=(child_conn, self._dataset, self._max_tasks, os.getpid()),
            daemon=True, name='chainer-MultiprocessIterator-worker')
        process.start()
        child_conn.close()
        return _Worker(process, conn)

    @property
    def pids(self):
        """The process IDs of the current workers."""
        return [worker.process.pid for worker in self._workers]

    def submit(self, indices, n_chunks, block, region_size):
        """Starts reading the examples ``indices``, split in ``n_chunks`` tasks.

        Args:
            indices (list of int): The indices of the examples of the batch.
            n_chunks (int): The number of tasks to split the batch into.
            block: The shared memory block of the batch, or ``None``.
            region_size (int): The bytes of the block reserved for each example.

        Returns:
            BatchHandle: The batch, to pass to :meth:`wait`.
        """
        handle = BatchHandle(len(indices), block)
        block_name = None if block is None else block.name
        chunk = -(-len(indices) // n_chunks)
        for start in range(0, len(indices), chunk):
            positions = list(range(start, min(start + chunk, len(indices))))
            task_id = next(self._task_ids)
            task = ([indices[p] for p in positions], positions, block_name, region_size)
            self._pending.append((task_id, task))
            self._handles[task_id] = (handle, positions)
            handle.remaining += 1
        self._dispatch()
        return handle

    def _can_take(self, worker):
        return not worker.broken and (
            self._max_tasks is None or worker.n_sent < self._max_tasks)

    def _dispatch(self):
        while self._pending:
            workers = [worker for worker in self._workers if self._can_take(worker)]
            if not workers:
                return  # workers that reached max_tasks are replaced when they end
            worker = min(workers, key=lambda worker: len(worker.tasks))
            task_id, task = self._pending.pop(0)
            try:
                worker.conn.send((task_id, task))
            except OSError:
                self._pending.insert(0, (task_id, task))
                worker.broken = True
                continue
            worker.tasks.append(task_id)
            worker.n_sent += 1

    def _receive(self, worker):
        task_id, examples, error = worker.conn.recv()
        worker.tasks.remove(task_id)
        handle, positions = self._handles.pop(task_id)
        handle.remaining -= 1
        if error is not None:
            if handle.error is None:
                handle.error = error
        else:
            for position, example in zip(positions, examples):
                handle.examples[position] = example

    def _check_ended(self, worker):
        # A worker process has ended: collect its last results; the batches of the tasks
        # it did not finish (when it died) fail with WorkerDiedError. It is replaced.
        while worker.tasks and worker.conn.poll():
            try:
                self._receive(worker)
            except (EOFError, OSError):
                break
        worker.process.join()
        if worker.tasks:
            message = (
                'MultiprocessIterator: worker process {} died unexpectedly ({}) while '
                'reading examples'.format(worker.process.pid,
                                          _signal_description(worker.process.exitcode)))
            for task_id in worker.tasks:
                handle, _ = self._handles.pop(task_id)
                handle.remaining -= 1
                if handle.error is None:
                    handle.error = (WorkerDiedError(message), None)
        worker.conn.close()
        self._workers[self._workers.index(worker)] = self._spawn()

    def wait(self, handle, timeout=None, on_timeout=None):
        """Waits until the batch ``handle`` is complete.

        Args:
            handle (BatchHandle): The batch.
            timeout (float): Seconds after which ``on_timeout()`` is called (once).
            on_timeout (callable): Called when the batch takes longer than ``timeout``.

        Raises:
            Exception: The exception raised by the dataset in a worker (its traceback as
                the cause).
            WorkerDiedError: When a worker died while reading examples.
        """
        deadline = None if timeout is None else time.monotonic() + timeout
        while not handle.done:
            self._dispatch()
            by_object = {}
            for worker in self._workers:
                by_object[worker.conn] = worker
                by_object[worker.process.sentinel] = worker
            wait_for = None if deadline is None else max(0., deadline - time.monotonic())
            ready = multiprocessing.connection.wait(list(by_object), wait_for)
            if not ready and deadline is not None:
                deadline = None
                on_timeout()
            for obj in ready:
                worker = by_object[obj]
                if obj is worker.conn:
                    try:
                        self._receive(worker)
                    except (EOFError, OSError):
                        pass  # the process sentinel reports it
            for obj in ready:
                worker = by_object[obj]
                if obj is not worker.conn and worker in self._workers:
                    self._check_ended(worker)
        if handle.error is not None:
            error, text = handle.error
            if text is None:
                raise error
            raise error from RemoteTraceback(text)
        return handle.examples

    def close(self):
        """Stops the workers (terminating those that do not stop at once)."""
        if self.closed:
            return
        self.closed = True
        for worker in self._workers:
            try:
                worker.conn.send(None)
            except (OSError, ValueError):
                pass
        deadline = time.monotonic() + 1.0
        for worker in self._workers:
            worker.process.join(max(0., deadline - time.monotonic()))
            if worker.process.is_alive():
                worker.process.terminate()
                worker.process.join()
            worker.conn.close()
        self._workers = []
        self._pending = []
        self._handles = {}
