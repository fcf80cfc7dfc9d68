"""A generational checkpointer: every process keeps its own recent snapshots."""
import os
import re
import time

from chainer.serializers import npz
from chainer.training import extension


class _MultiNodeCheckpointer(extension.Extension):
    """The extension :func:`create_multi_node_checkpointer` returns."""

    def __init__(self, name, comm, cp_interval=5, gc_interval=5, path=None):
        self.name = name
        self.cp_interval = cp_interval
        self.gc_interval = gc_interval
        self.comm = comm
        self.files = []
        self.stats = []
        self.path = path
        self._failed = False
        self._pattern = re.compile(r'{}\.{}\.(\d+)\Z'.format(re.escape(name), comm.rank))

    def _filename(self, directory, iteration):
        return os.path.join(directory, '{}.{}.{}'.format(self.name, self.comm.rank, iteration))

    def _directory(self, trainer=None):
        if self.path is not None:
            return self.path
        return trainer.out if trainer is not None else os.getcwd()

    def __call__(self, trainer):
        """Saves a checkpoint of ``trainer`` at its current iteration."""
        self.save(trainer, trainer.updater.iteration, trainer)

    def save(self, target, iteration, trainer=None):
        """Saves ``target`` as ``<name>.<rank>.<iteration>`` and removes old checkpoints.

        The newest ``cp_interval`` checkpoints are kept; older ones are removed once
        ``gc_interval`` more have accumulated.
        """
        directory = self._directory(trainer)
        os.makedirs(directory, exist_ok=True)
        filename = self._filename(directory, iteration)
        start = time.perf_counter()
        npz.save_npz(filename, target)
        self.stats.append(time.perf_counter() - start)
        if filename not in self.files:
            self.files.append(filename)
        if len(self.files) >= self.cp_interval + self.gc_interval:
            stale = self.files[:-self.cp_interval]
            self.files = self.files[-self.cp_interval:]
            for path in stale:
                _remove(path)

    def _own_iterations(self, directory):
        if not os.path.isdir(directory):
            return set()
        found = set()
        for entry in os.listdir(directory):
            match = self._pattern.match(entry)
            if match:
                found.add(int(match.group(1)))
        return found

    def maybe_load(self, trainer, optimizer=None, path=None):
        """Loads the newest checkpoint that every process has, if any.

        Every process must call it (it communicates). If no iteration is checkpointed by all
        processes, nothing is loaded and ``trainer.updater.iteration`` stays 0.

        Args:
            trainer: The trainer (or any object) to load into.
            optimizer: The multi-node optimizer; when given, its first update does not
                broadcast the parameters (every process loaded the same state).
            path (str): Directory of the checkpoints (the ``path`` of the checkpointer, or
                the trainer's output directory).
        """
        directory = path if path is not None else self._directory(
            trainer if hasattr(trainer, 'out') else None)
        mine = self._own_iterations(directory)
        common = set.intersection(*self.comm.allreduce_obj([mine]))
        if not common:
            return
        iteration = max(common)
        filename = self._filename(directory, iteration)
        npz.load_npz(filename, trainer)
        self.files = [self._filename(directory, i) for i in sorted(mine) if i <= iteration]
        if optimizer is not None and hasattr(optimizer, 'is_changed'):
            optimizer.is_changed(optimizer.target)  # records the loaded parameters

    def on_error(self, trainer, exc, tb):
        """Keeps the checkpoints (the run can be resumed from them)."""
        self._failed = True

    def finalize(self):
        """Removes the checkpoints of this process when training ended without an error."""
        if self._failed:
            return
        for path in self.files:
            _remove(path)
        self.files = []

    def get_stats(self):
        """A line with the mean, minimum and maximum duration of the saves."""
        if not self.stats:
            return 'No stats available'
        return 'Snapshot duration stats (sec): avg={:f}, min={:f}, max={:f}'.format(
            sum(self.stats) / len(self.stats), min(self.stats), max(self.stats))


def _remove(path):
    try:
        os.remove(path)
    except FileNotFoundError:
        pass


def create_multi_node_checkpointer(name, comm, cp_interval=5, gc_interval=5, path=None):
    """Creates a checkpointer: generational snapshots that let a multi-node run resume.

    Each process saves its own state as ``<name>.<rank>.<iteration>`` (``name`` identifies
    the run) whenever the extension is triggered, keeping the newest ones. At startup,
    ``checkpointer.maybe_load(trainer, optimizer)`` (before ``trainer.run()``, after every
    extension with a state is registered) loads the newest iteration that every process has
    saved, so the job resumes where all processes agree. When training ends without an
    error, the checkpoints are removed::

        checkpointer = create_multi_node_checkpointer(name=run_id, comm=comm)
        checkpointer.maybe_load(trainer, optimizer)
        trainer.extend(checkpointer, trigger=(25, 'iteration'))
        trainer.run()

    Without a trainer, call ``checkpointer.save(obj, iteration)`` in the loop.

    .. note:: Prefer :func:`chainermn.extensions.multi_node_snapshot`.

    Args:
        name (str): Identifier of the run.
        comm: ChainerMN communicator.
        cp_interval (int): Number of the newest checkpoints always kept.
        gc_interval (int): Number of further checkpoints accumulated before old ones are
            removed.
        path (str): Directory of the checkpoints (the trainer's output directory by
            default).

    Returns:
        The checkpointer extension.
    """
    return _MultiNodeCheckpointer(name, comm, cp_interval, gc_interval, path)
