"""Snapshot writers: how :func:`~chainer.training.extensions.snapshot` writes its files
(in the training thread, another thread, another process, or through a queue).

Every writer saves into a temporary directory inside the output directory and then renames
the file into place, so a crash (even ``kill -9``) never leaves a half-written snapshot under
the final name.
"""
import multiprocessing
import os
import queue
import shutil
import tempfile
import threading

from chainer.serializers import npz


def _save(savefun, filename, outdir, target, kwds):
    # Writes ``target`` with ``savefun`` into a fresh temporary directory in ``outdir``, then
    # renames the result to ``outdir/filename`` (atomic on one file system).
    os.makedirs(outdir, exist_ok=True)
    tmpdir = tempfile.mkdtemp(prefix='tmp' + filename, dir=outdir)
    try:
        tmppath = os.path.join(tmpdir, filename)
        savefun(tmppath, target, **kwds)
        os.replace(tmppath, os.path.join(outdir, filename))
    finally:
        shutil.rmtree(tmpdir, ignore_errors=True)


class Writer:
    """Base class of snapshot writers.

    A writer is called as ``writer(filename, outdir, target)`` with the dict of serialized
    arrays (``target``); :meth:`finalize` is called at the end of training.
    """

    def __init__(self):
        self._post_save_hooks = []

    def __call__(self, filename, outdir, target):
        """Writes ``target`` (a dict of arrays) to ``outdir/filename``.

        Args:
            filename (str): File name (already formatted).
            outdir (str): Output directory (the trainer's ``out``).
            target (dict): The serialized object.
        """
        raise NotImplementedError

    def save(self, filename, outdir, target, savefun, **kwds):
        """Writes ``target`` with ``savefun(path, target, **kwds)`` atomically, then runs the
        post-save hooks."""
        _save(savefun, filename, outdir, target, kwds)
        self._post_save()

    def finalize(self):
        """Waits for pending writes to end (nothing to wait for by default)."""
        pass

    def _add_cleanup_hook(self, hook_fun):
        # ``hook_fun()`` runs after each snapshot was written (e.g. to remove old ones).
        self._post_save_hooks.append(hook_fun)

    def _post_save(self):
        for hook in self._post_save_hooks:
            hook()

    def __del__(self):
        try:
            self.finalize()
        except Exception:
            pass


class SimpleWriter(Writer):
    """Writer saving in the training loop itself (the default).

    Args:
        savefun: ``savefun(path, target, **kwds)``; :func:`chainer.serializers.save_npz` by
            default.
        kwds: Keyword arguments of ``savefun``.
    """

    def __init__(self, savefun=npz.save_npz, **kwds):
        super().__init__()
        self._savefun = savefun
        self._kwds = kwds

    def __call__(self, filename, outdir, target):
        self.save(filename, outdir, target, self._savefun, **self._kwds)


class StandardWriter(Writer):
    """Base class of writers saving in a worker (thread or process) per snapshot.

    A new snapshot first waits for the worker of the previous one.

    Args:
        savefun: ``savefun(path, target, **kwds)``; :func:`chainer.serializers.save_npz` by
            default.
        kwds: Keyword arguments of ``savefun``.
    """

    _started = False
    _finalized = False
    _worker = None

    def __init__(self, savefun=npz.save_npz, **kwds):
        super().__init__()
        self._savefun = savefun
        self._kwds = kwds
        self._started = False
        self._finalized = False

    def __call__(self, filename, outdir, target):
        self._join()
        self._worker = self.create_worker(filename, outdir, target, **self._kwds)
        self._worker.start()
        self._started = True

    def create_worker(self, filename, outdir, target, **kwds):
        """Returns an unstarted worker (with ``start`` and ``join``) saving ``target``.

        Args:
            filename (str): File name (already formatted).
            outdir (str): Output directory.
            target (dict): The serialized object.
            kwds: Keyword arguments of ``savefun``.
        """
        raise NotImplementedError

    def _join(self):
        if self._started:
            self._worker.join()
            self._started = False
            self._after_join()

    def _after_join(self):
        pass

    def finalize(self):
        """Waits for the last snapshot to be written."""
        self._join()
        self._finalized = True


class ThreadWriter(StandardWriter):
    """Writer saving each snapshot in a new thread.

    Args:
        savefun: ``savefun(path, target, **kwds)``; :func:`chainer.serializers.save_npz` by
            default.
        kwds: Keyword arguments of ``savefun``.
    """

    def create_worker(self, filename, outdir, target, **kwds):
        """Returns a thread saving ``target``."""
        return threading.Thread(target=self.save, args=(filename, outdir, target,
                                                        self._savefun), kwargs=kwds)


class ProcessWriter(StandardWriter):
    """Writer saving each snapshot in a new process.

    The post-save hooks (e.g. removing old snapshots) run in the training process once the
    worker ended. Avoid it in MPI processes (forking them is unsafe); use
    :class:`ThreadWriter` there.

    Args:
        savefun: ``savefun(path, target, **kwds)``; :func:`chainer.serializers.save_npz` by
            default (it must be picklable).
        kwds: Keyword arguments of ``savefun``.
    """

    def create_worker(self, filename, outdir, target, **kwds):
        """Returns a process saving ``target``."""
        return multiprocessing.Process(
            target=_save, args=(self._savefun, filename, outdir, target, kwds))

    def _after_join(self):
        self._post_save()


class QueueWriter(Writer):
    """Base class of writers handing the snapshots to one consumer through a queue.

    The consumer (a thread or a process) is started at construction and runs the tasks in
    order; :meth:`finalize` waits for the queue to drain.

    Args:
        savefun: Passed to :meth:`create_task` when ``task`` is None.
        task: Callable ``task(filename, outdir, target)`` run for each snapshot (a
            :class:`SimpleWriter` of ``savefun`` by default).
    """

    _started = False
    _finalized = False
    _queue = None
    _consumer = None

    def __init__(self, savefun=npz.save_npz, task=None):
        super().__init__()
        self._task = self.create_task(savefun) if task is None else task
        self._queue = self.create_queue()
        self._consumer = self.create_consumer(self._queue)
        self._consumer.start()
        self._started = True
        self._finalized = False

    def __call__(self, filename, outdir, target):
        self._queue.put([self._task, filename, outdir, target])

    def create_task(self, savefun):
        """Returns the task run for each snapshot: a :class:`SimpleWriter` of ``savefun``."""
        return SimpleWriter(savefun=savefun)

    def create_queue(self):
        """Returns the queue of the tasks."""
        raise NotImplementedError

    def create_consumer(self, q):
        """Returns an unstarted consumer (thread or process) running :meth:`consume`."""
        raise NotImplementedError

    def consume(self, q):
        """Runs the tasks of ``q`` until it receives None."""
        while True:
            task = q.get()
            if task is None:
                q.task_done()
                return
            task[0](task[1], task[2], task[3])
            q.task_done()

    def _add_cleanup_hook(self, hook_fun):
        add = getattr(self._task, '_add_cleanup_hook', None)
        if add is not None:
            add(hook_fun)  # the hooks run after the task wrote its file
        else:
            super()._add_cleanup_hook(hook_fun)

    def finalize(self):
        """Waits for the queued snapshots to be written and stops the consumer."""
        if self._started and not self._finalized:
            self._queue.put(None)
            self._queue.join()
            self._consumer.join()
        self._started = False
        self._finalized = True


class ThreadQueueWriter(QueueWriter):
    """Writer handing the snapshots to one consumer thread through a queue.

    Args:
        savefun: ``savefun(path, target)``; :func:`chainer.serializers.save_npz` by default.
        task: Callable ``task(filename, outdir, target)`` run for each snapshot.
    """

    def create_queue(self):
        """Returns a :class:`queue.Queue`."""
        return queue.Queue()

    def create_consumer(self, q):
        """Returns the consumer thread."""
        return threading.Thread(target=self.consume, args=(q,))


class ProcessQueueWriter(QueueWriter):
    """Writer handing the snapshots to one consumer process through a queue.

    Avoid it in MPI processes (forking them is unsafe); use :class:`ThreadQueueWriter` there.

    Args:
        savefun: ``savefun(path, target)``; :func:`chainer.serializers.save_npz` by default.
        task: Callable ``task(filename, outdir, target)`` run for each snapshot.
    """

    def create_queue(self):
        """Returns a :class:`multiprocessing.JoinableQueue`."""
        return multiprocessing.JoinableQueue()

    def create_consumer(self, q):
        """Returns the consumer process."""
        return multiprocessing.Process(target=self.consume, args=(q,))
