"""multi_node_snapshot: one snapshot per replica set, loaded back into every member."""
import os

import numpy
import pytest

import chainer
import chainer.links as L
from chainer import training
from chainer.training import extensions
import chainermn
from chainermn.extensions import _multi_node_snapshot


@pytest.mark.parametrize('replica_sets,size,expected', [
    ([0], 4, [{0}, {1, 2, 3}]),
    ([0, 1], 4, [{0}, {1}, {2, 3}]),
    ([[0, 1], [2, 3]], 4, [{0, 1}, {2, 3}]),
    ([], 4, [{0, 1, 2, 3}]),
    ([range(0, 8, 2)], 8, [set(range(0, 8, 2)), set(range(1, 8, 2))]),
])
def test_replica_sets(replica_sets, size, expected):
    assert _multi_node_snapshot._replica_sets(replica_sets, size) == expected


def test_bad_replica_sets():
    with pytest.raises(ValueError, match='rank 1 is in two replica sets'):
        _multi_node_snapshot._replica_sets([[0, 1], [1]], 3)
    with pytest.raises(ValueError, match='rank 5 of replica set'):
        _multi_node_snapshot._replica_sets([5], 3)


@pytest.mark.parametrize('filename', ['snap', lambda trainer: 'snap'])
def test_every_process_suffixes_the_filename_with_its_rank(comm, filename):
    # as v7: the suffix is the process's own rank (only the first of each set writes)
    snapshot = extensions.snapshot(filename=filename)
    extension = chainermn.extensions.multi_node_snapshot(comm, snapshot, [])
    name = snapshot.filename if isinstance(snapshot.filename, str) else snapshot.filename(None)
    assert name == 'snap.{}'.format(comm.rank)
    assert extension.master == 0
    assert extension.is_master == (comm.rank == 0)


def _trainer(comm, out, stop):
    model = L.Classifier(L.Linear(2, 2))
    optimizer = chainermn.create_multi_node_optimizer(chainer.optimizers.SGD(), comm)
    optimizer.setup(model)
    dataset = chainer.datasets.TupleDataset(numpy.ones((8, 2), numpy.float32),
                                            numpy.zeros(8, numpy.int32))
    updater = training.StandardUpdater(chainer.iterators.SerialIterator(dataset, 2), optimizer)
    return training.Trainer(updater, (stop, 'iteration'), out=out)


@pytest.mark.filterwarnings('ignore:The previous value of')  # the new 'start' extension
def test_save_and_resume(comm, shared_tmp):
    size = comm.size
    trainer = _trainer(comm, shared_tmp, 5)
    snapshot = chainermn.extensions.multi_node_snapshot(
        comm, extensions.snapshot(autoload=True), [0])
    assert snapshot.master == (0 if comm.rank == 0 else 1)
    assert snapshot.is_master == (comm.rank in (0, 1))
    trainer.extend(snapshot, trigger=(2, 'iteration'))
    trainer.run()
    comm.mpi_comm.Barrier()
    masters = [0] if size == 1 else [0, 1]
    expected = sorted('snapshot_iter_{}.{}'.format(i, m) for i in (2, 4) for m in masters)
    assert sorted(os.listdir(shared_tmp)) == expected
    comm.mpi_comm.Barrier()

    resumed = _trainer(comm, shared_tmp, 5)
    snapshot = chainermn.extensions.multi_node_snapshot(
        comm, extensions.snapshot(autoload=True), [0])
    resumed.extend(snapshot, trigger=(2, 'iteration'))
    start = []
    resumed.extend(lambda t: start.append(t.updater.iteration) if not start else None,
                   trigger=(1, 'iteration'), name='start')
    resumed.run()
    assert start == [5]  # iteration 4 was loaded: one more update


def test_without_autoload_nothing_is_loaded(comm, shared_tmp):
    trainer = _trainer(comm, shared_tmp, 2)
    trainer.extend(chainermn.extensions.multi_node_snapshot(comm, extensions.snapshot(), []),
                   trigger=(2, 'iteration'))
    trainer.run()
    comm.mpi_comm.Barrier()
    assert os.listdir(shared_tmp) == ['snapshot_iter_2.0']
    again = _trainer(comm, shared_tmp, 1)
    again.extend(chainermn.extensions.multi_node_snapshot(comm, extensions.snapshot(), []))
    again.run()
    assert again.updater.iteration == 1
