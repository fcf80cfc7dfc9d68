"""Snapshots in a multi-node job: one per set of processes holding the same state."""
import io
import os

from chainer.serializers import npz
from chainer.training import extension
from chainer.training.extensions import _snapshot


def _replica_sets(replica_sets, size):
    """The list of sets of ranks; the ranks no set names form one more set."""
    sets = []
    for replica_set in replica_sets:
        ranks = {replica_set} if isinstance(replica_set, int) else set(replica_set)
        if not ranks:
            raise ValueError('multi_node_snapshot: empty replica set')
        bad = [r for r in ranks if not 0 <= r < size]
        if bad:
            raise ValueError('multi_node_snapshot: rank {} of replica set {} is not in the '
                             'communicator (size {})'.format(bad[0], sorted(ranks), size))
        for other in sets:
            if ranks & other:
                raise ValueError('multi_node_snapshot: rank {} is in two replica sets'.format(
                    min(ranks & other)))
        sets.append(ranks)
    rest = set(range(size)).difference(*sets)
    if rest:
        sets.append(rest)
    return sets


def _suffixed(filename, rank):
    if callable(filename):
        return lambda trainer: '{}.{}'.format(filename(trainer), rank)
    return '{}.{}'.format(filename, rank)


class _MultiNodeSnapshot(extension.Extension):
    """The extension :func:`multi_node_snapshot` returns."""

    def __init__(self, comm, snapshot, replica_sets):
        self.comm = comm
        self.snapshot = snapshot
        sets = _replica_sets(replica_sets, comm.size)
        self.replica_set = next(s for s in sets if comm.rank in s)
        self.master = min(self.replica_set)
        self.is_master = comm.rank == self.master
        self._set_comm = comm.split(self.master, comm.rank)
        # every process names its file after its own rank, as v7 (only the masters write)
        snapshot.filename = _suffixed(snapshot.filename, comm.rank)
        self._autoload = snapshot.autoload
        snapshot.autoload = False  # loaded here, at every process of the set

    def initialize(self, trainer):
        """Loads the newest snapshot of the replica set when the snapshot has ``autoload``."""
        if self.is_master:
            self.snapshot.initialize(trainer)
        if not self._autoload:
            return
        data = self._newest_snapshot(trainer) if self.is_master else None
        data = self._set_comm.bcast_obj(data, root=0)
        if data is not None:
            target = getattr(self.snapshot, '_target', None)
            npz.load_npz(io.BytesIO(data), trainer if target is None else target)

    def _newest_snapshot(self, trainer):
        filename = self.snapshot.filename
        if not isinstance(filename, str):
            return None
        for _, name in reversed(_snapshot._find_snapshot_files(filename, trainer.out)):
            path = os.path.join(trainer.out, name)
            if _snapshot._incomplete_reason(path) is None:
                with open(path, 'rb') as f:
                    return f.read()
        return None

    def __call__(self, trainer):
        """Takes the snapshot (at the first process of each replica set)."""
        if self.is_master:
            self.snapshot(trainer)

    def on_error(self, trainer, exc, tb):
        """Lets the snapshot handle the error (at the first process of each replica set)."""
        if self.is_master:
            self.snapshot.on_error(trainer, exc, tb)

    def finalize(self):
        """Finalizes the snapshot (waits for its writer)."""
        if self.is_master:
            self.snapshot.finalize()


def multi_node_snapshot(comm, snapshot, replica_sets):
    """Wraps a snapshot extension for multi-node training.

    The processes are grouped in *replica sets*: processes whose snapshot target holds the
    same state (e.g. rank 0, which alone has the reporting extensions, and all the others).
    Only the first process of each set saves, to ``<filename>.<its rank>``; with the
    snapshot's ``autoload``, that process loads the newest snapshot of its set at startup
    and sends it to the other processes of the set, so a job restarts cleanly even with
    another number of processes.

    A replica set is a rank or an iterable of ranks; the ranks not named form one last set::

        replica_sets = [0]      # 4 processes: {0}, {1, 2, 3}
        replica_sets = [0, 1]   # 4 processes: {0}, {1}, {2, 3}
        replica_sets = []       # 4 processes: {0, 1, 2, 3}

        snapshot = multi_node_snapshot(comm, extensions.snapshot(autoload=True), [0])
        trainer.extend(snapshot, trigger=(1, 'epoch'))

    Every process must create it (it splits the communicator).

    Args:
        comm: ChainerMN communicator.
        snapshot: A snapshot extension (:func:`chainer.training.extensions.snapshot` or
            :func:`~chainer.training.extensions.snapshot_object`).
        replica_sets: List of replica sets.

    Returns:
        The multi-node snapshot extension.
    """
    return _MultiNodeSnapshot(comm, snapshot, replica_sets)
