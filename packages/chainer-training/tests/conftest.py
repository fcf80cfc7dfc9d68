"""Fixtures of the chainer-training tests: a tiny classification task (data, model,
optimizer, trainer) that trains in milliseconds."""
import zlib

import numpy
import pytest

import chainer
from chainer import links as L
from chainer import serializers
from chainer import testing
from chainer import training


class ReplayableShuffle:
    """Order sampler whose next order depends only on the current one.

    The iterators' snapshots hold the current order but not the state of a random number
    generator, so a resumed run shuffles its next epochs exactly as an uninterrupted one only
    with such a sampler.
    """

    def __call__(self, current_order, current_position):
        seed = zlib.crc32(numpy.ascontiguousarray(current_order).tobytes())
        return numpy.random.RandomState(seed).permutation(len(current_order))


class TinyTask:
    """24 examples of 5 features in 3 classes, a linear classifier and an SGD optimizer."""

    n_in = 5
    n_out = 3

    def __init__(self, seed=0):
        rng = numpy.random.RandomState(seed)
        self.x = rng.uniform(-1, 1, (24, self.n_in)).astype(numpy.float32)
        self.t = rng.randint(0, self.n_out, 24).astype(numpy.int32)
        self.dataset = chainer.datasets.TupleDataset(self.x, self.t)

    def model(self, seed=1):
        """A classifier with deterministic initial weights."""
        rng = numpy.random.RandomState(seed)
        w = rng.uniform(-0.5, 0.5, (self.n_out, self.n_in)).astype(numpy.float32)
        return L.Classifier(L.Linear(self.n_in, self.n_out, initialW=w))

    def optimizer(self, model, lr=0.1):
        opt = chainer.optimizers.SGD(lr=lr)
        opt.setup(model)
        return opt

    def iterator(self, batch_size=6, repeat=True, shuffle=False):
        """A SerialIterator; ``shuffle=True`` shuffles with :class:`ReplayableShuffle`."""
        if shuffle:
            return chainer.iterators.SerialIterator(
                self.dataset, batch_size, repeat=repeat, order_sampler=ReplayableShuffle())
        return chainer.iterators.SerialIterator(
            self.dataset, batch_size, repeat=repeat, shuffle=False)

    def trainer(self, stop=(2, 'epoch'), out='result', batch_size=6, model=None):
        model = self.model() if model is None else model
        updater = training.updaters.StandardUpdater(
            self.iterator(batch_size), self.optimizer(model))
        return training.Trainer(updater, stop, out=out)


class ShiftRunner:
    """Runs a hyperparameter-shift extension on a mock trainer and records the value."""

    def __init__(self, task):
        self.task = task

    def optimizer(self, lr=0.5):
        opt = chainer.optimizers.MomentumSGD(lr=lr)
        opt.setup(self.task.model())
        return opt

    def values(self, make_extension, n, lr=0.5, resume_at=None):
        """The ``lr`` after each of ``n`` calls (the first item: after ``initialize``).

        With ``resume_at``, the extension is serialized after that many calls and a new one
        (on a fresh optimizer) continues from the snapshot, as a resumed trainer would.
        """
        optimizer = self.optimizer(lr)
        trainer = testing.get_trainer_with_mock_updater()
        trainer.updater.get_optimizer.return_value = optimizer
        extension = make_extension()
        extension.initialize(trainer)
        values = [optimizer.lr]
        for i in range(n):
            if i == resume_at:
                saved = serializers.npz.serialize(extension)
                optimizer = self.optimizer(lr)
                trainer.updater.get_optimizer.return_value = optimizer
                extension = make_extension()
                extension.serialize(serializers.NpzDeserializer(saved))
                extension.initialize(trainer)
                assert optimizer.lr == values[-1]  # the resumed value is set first
            trainer.updater.update()
            extension(trainer)
            values.append(optimizer.lr)
        return values


@pytest.fixture
def shift_runner(task):
    return ShiftRunner(task)


@pytest.fixture
def task():
    return TinyTask()


@pytest.fixture
def recording_converters():
    """``(devices, (legacy, modern))``: a plain converter ``f(batch, device)`` (v7's legacy
    form) and a ``@converter()`` one, both concatenating the examples after appending the
    device they are given to ``devices``."""
    from chainer.dataset import convert
    devices = []

    def legacy(batch, device):
        devices.append(device)
        return convert.concat_examples(batch, device)

    @convert.converter()
    def modern(batch, device):
        devices.append(device)
        return convert.concat_examples(batch, device)

    return devices, (legacy, modern)


@pytest.fixture(autouse=True)
def _in_a_temporary_directory(tmp_path, monkeypatch):
    # Trainers write to ``out='result'`` (relative) by default: keep it out of the checkout.
    monkeypatch.chdir(tmp_path)
