"""The multi-node checkpointer: generations of snapshots and the resume where all agree."""
import os

import numpy
import pytest

import chainer
import chainer.links as L
from chainer import training
import chainermn


def _trainer(comm, out, stop=7):
    model = L.Classifier(L.Linear(2, 2))
    optimizer = chainermn.create_multi_node_optimizer(chainer.optimizers.SGD(), comm)
    optimizer.setup(model)
    dataset = chainer.datasets.TupleDataset(numpy.ones((8, 2), numpy.float32),
                                            numpy.zeros(8, numpy.int32))
    updater = training.StandardUpdater(chainer.iterators.SerialIterator(dataset, 2), optimizer)
    return training.Trainer(updater, (stop, 'iteration'), out=out), optimizer


def _files(path, comm):
    prefix = 'run.{}.'.format(comm.rank)
    return sorted((int(f[len(prefix):]) for f in os.listdir(path) if f.startswith(prefix)))


def test_generations_are_collected_and_removed_at_the_end(comm, shared_tmp):
    trainer, optimizer = _trainer(comm, os.path.join(shared_tmp, 'out'))
    checkpointer = chainermn.create_multi_node_checkpointer(
        'run', comm, cp_interval=2, gc_interval=2, path=shared_tmp)
    assert checkpointer.trigger == (1, 'iteration')
    assert checkpointer.get_stats() == 'No stats available'
    trainer.extend(checkpointer, trigger=(1, 'iteration'))
    seen = []
    trainer.extend(lambda t: seen.append(_files(shared_tmp, comm)), trigger=(1, 'iteration'),
                   priority=-1000, name='record')
    trainer.run()
    assert seen[:4] == [[1], [1, 2], [1, 2, 3], [3, 4]]
    assert seen[-1] == [5, 6, 7]
    assert _files(shared_tmp, comm) == []  # finished without error: removed
    assert checkpointer.get_stats().startswith('Snapshot duration stats (sec): avg=')


def test_resume_from_the_newest_common_checkpoint(comm, shared_tmp):
    _, optimizer = _trainer(comm, os.path.join(shared_tmp, 'out'))
    model = optimizer.target
    checkpointer = chainermn.create_multi_node_checkpointer('run', comm, path=shared_tmp)
    for iteration in (2, 4, 6):
        model.predictor.b.array[...] = iteration
        if comm.rank == 0 and iteration == 6:
            continue  # process 0 died before saving iteration 6
        checkpointer.save(model, iteration)
    _, optimizer2 = _trainer(comm, os.path.join(shared_tmp, 'out'))
    model2 = optimizer2.target
    checkpointer2 = chainermn.create_multi_node_checkpointer('run', comm, path=shared_tmp)
    checkpointer2.maybe_load(model2, optimizer2)
    numpy.testing.assert_array_equal(model2.predictor.b.array, [4, 4])
    # the loaded parameters are the same everywhere: the first update does not broadcast
    assert not optimizer2.is_changed(optimizer2.target)


def test_resume_a_trainer(comm, shared_tmp):
    out = os.path.join(shared_tmp, 'out')
    trainer, _ = _trainer(comm, out, stop=5)
    checkpointer = chainermn.create_multi_node_checkpointer('run', comm, path=shared_tmp)
    trainer.extend(checkpointer, trigger=(2, 'iteration'))
    trainer.extend(_fail_at(5), trigger=(1, 'iteration'), name='fail')
    try:
        trainer.run()
    except RuntimeError:
        pass
    resumed, optimizer = _trainer(comm, out, stop=5)
    checkpointer = chainermn.create_multi_node_checkpointer('run', comm, path=shared_tmp)
    checkpointer.maybe_load(resumed, optimizer)
    assert resumed.updater.iteration == 4


def test_nothing_to_resume(comm, shared_tmp):
    trainer, optimizer = _trainer(comm, os.path.join(shared_tmp, 'out'))
    checkpointer = chainermn.create_multi_node_checkpointer('run', comm, path=shared_tmp)
    checkpointer.maybe_load(trainer, optimizer)
    assert trainer.updater.iteration == 0


def _fail_at(iteration):
    def fail(trainer):
        if trainer.updater.iteration == iteration:
            raise RuntimeError('failure at iteration {}'.format(iteration))
    return fail


def test_checkpoints_are_kept_after_an_error(comm, shared_tmp):
    trainer, _ = _trainer(comm, os.path.join(shared_tmp, 'out'))
    checkpointer = chainermn.create_multi_node_checkpointer('run', comm, path=shared_tmp)
    trainer.extend(checkpointer, trigger=(2, 'iteration'))
    trainer.extend(_fail_at(5), trigger=(1, 'iteration'), name='fail')
    with pytest.raises(RuntimeError, match='failure at iteration 5'):
        trainer.run()
    assert _files(shared_tmp, comm) == [2, 4]
