"""ObservationAggregator and MultiNodeEarlyStoppingTrigger in a trainer."""
import numpy

import chainer
import chainer.functions as F
import chainer.links as L
from chainer import training
import chainermn


class Model(chainer.Chain):
    """Reports ``step + 100 * rank`` as its loss (or what ``losses`` says)."""

    def __init__(self, rank, losses=None):
        super().__init__()
        with self.init_scope():
            self.l = L.Linear(2, 1)
        self.rank = rank
        self.step = 0
        self.losses = losses

    def forward(self, x):
        self.step += 1
        value = self.step + 100 * self.rank if self.losses is None else \
            self.losses[self.step - 1]
        loss = F.sum(self.l(x)) * 0 + value
        chainer.report({'loss': loss}, self)
        return loss


def _trainer(comm, model, stop_trigger, tmp_path):
    optimizer = chainermn.create_multi_node_optimizer(chainer.optimizers.SGD(), comm)
    optimizer.setup(model)
    it = chainer.iterators.SerialIterator(numpy.ones((4, 2), numpy.float32), 1)
    updater = training.StandardUpdater(it, optimizer)
    return training.Trainer(updater, stop_trigger, out=str(tmp_path / str(comm.rank)))


def test_aggregation(comm, tmp_path):
    size = comm.size
    trainer = _trainer(comm, Model(comm.rank), (4, 'iteration'), tmp_path)
    trainer.extend(chainermn.extensions.ObservationAggregator(
        comm, 'main/loss', 'mean', comm_trigger=(2, 'iteration')))
    trainer.extend(chainermn.extensions.ObservationAggregator(
        comm, 'main/loss', 'all', comm_trigger=(2, 'iteration'),
        aggregator=lambda values: values))
    trainer.extend(chainermn.extensions.ObservationAggregator(comm, 'main/loss'))
    seen = []

    @training.make_extension(trigger=(1, 'iteration'), priority=0)
    def record(trainer):
        observation = trainer.observation
        loss = observation['main/loss']
        seen.append((float(getattr(loss, 'array', loss)), observation.get('mean'),
                     observation.get('all')))

    trainer.extend(record)
    trainer.run()
    ranks = range(size)
    for i, (loss, mean, everything) in enumerate(seen):
        step = i + 1
        # the last aggregator overwrote main/loss with its mean over the processes
        numpy.testing.assert_allclose(loss, step + 100 * (size - 1) / 2)
        if step % 2:
            assert mean is None and everything is None
        else:
            values = [[float(step - 1 + 100 * r), float(step + 100 * r)] for r in ranks]
            assert [[float(v) for v in vs] for vs in everything] == values
            numpy.testing.assert_allclose(mean, numpy.mean(values))


def test_extension_attributes(comm):
    extension = chainermn.extensions.ObservationAggregator(comm, 'main/loss')
    assert extension.trigger == (1, 'iteration')
    assert extension.priority == 200
    assert extension.aggregated_key == 'main/loss'
    assert extension.default_name == 'ObservationAggregator'


def test_early_stopping_on_the_mean_of_the_processes(comm, tmp_path):
    # process 0's loss stops improving after 2 iterations, the others' keep improving a
    # little; with them the mean stops improving after 4: all stop together at 6
    rank = comm.rank
    losses = [10, 9, 9, 9, 9, 9, 9, 9, 9, 9] if rank == 0 else [10, 9, 8.9, 8.8, 8.8, 8.8,
                                                                 8.8, 8.8, 8.8, 8.8]
    trigger = chainermn.extensions.MultiNodeEarlyStoppingTrigger(
        comm, check_trigger=(1, 'iteration'), monitor='main/loss', patience=2,
        max_trigger=(10, 'iteration'))
    trainer = _trainer(comm, Model(rank, losses), trigger, tmp_path)
    trainer.run()
    iterations = comm.allreduce_obj([trainer.updater.iteration])
    assert len(set(iterations)) == 1
    expected = 4 if comm.size == 1 else 6
    assert iterations[0] == expected
    assert trigger.get_training_length() == (10, 'iteration')
