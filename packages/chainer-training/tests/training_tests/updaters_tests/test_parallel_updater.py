"""ParallelUpdater: the batch dealt out to model copies, gradients summed into 'main'."""
import numpy
import pytest

import chainer
from chainer import testing
from chainer import training
from chainer.testing import attr


def _sgd_step_on_shares(task, model, batch_size, n, lr):
    # Reference: one SGD step with the sum of the gradients of the n interleaved shares.
    grads = [numpy.zeros_like(p.array) for p in model.params()]
    x, t = task.x[:batch_size], task.t[:batch_size]
    for i in range(n):
        replica = model.copy(mode='copy')
        replica.cleargrads()
        replica(x[i::n], t[i::n]).backward()
        for g, p in zip(grads, replica.params()):
            g += p.grad
    return [p.array - lr * g for p, g in zip(model.params(), grads)]


def test_update_sums_the_share_gradients(task):
    model = task.model()
    expected = _sgd_step_on_shares(task, model, 6, 2, 0.1)
    updater = training.updaters.ParallelUpdater(
        task.iterator(6), task.optimizer(model, 0.1),
        devices={'main': '@numpy', 'second': -1})
    updater.update()
    for p, e in zip(model.params(), expected):
        numpy.testing.assert_allclose(p.array, e, rtol=1e-6, atol=1e-7)
    second = updater._models['second']
    assert second is not model
    for a, b in zip(model.params(), second.params()):
        numpy.testing.assert_array_equal(a.array, b.array)  # copied back after the update


def test_converter_gets_each_share_and_device_spec(task):
    received = []

    def converter(batch, device):
        received.append(([int(t) for _, t in batch], device))
        return chainer.dataset.concat_examples(batch)

    updater = training.updaters.ParallelUpdater(
        task.iterator(5), task.optimizer(task.model()), converter=converter,
        devices={'main': '@numpy', 'b': -1, 'c': '@numpy'})
    updater.update()
    t = [int(v) for v in task.t[:5]]
    assert received == [(t[0::3], '@numpy'), (t[1::3], -1), (t[2::3], '@numpy')]


def test_given_models_and_reporting(task, tmp_path):
    model = task.model()
    other = model.copy(mode='copy')
    updater = training.updaters.ParallelUpdater(
        task.iterator(6), task.optimizer(model), models={'main': model, 'other': other},
        devices={'main': -1, 'other': -1})
    assert updater._models['other'] is other
    trainer = training.Trainer(updater, (1, 'iteration'), out=str(tmp_path))
    assert 'other' in trainer.reporter._observer_names.values()
    trainer.run()
    assert {'main/loss', 'other/loss'} <= set(trainer.observation)


def test_needs_models_or_devices(task):
    with pytest.raises(ValueError, match='either models or devices must be specified'):
        training.updaters.ParallelUpdater(task.iterator(), task.optimizer(task.model()))


@attr.multi_gpu(2)
def test_two_gpus(task):
    model = task.model()
    expected = _sgd_step_on_shares(task, model, 6, 2, 0.1)
    updater = training.updaters.ParallelUpdater(
        task.iterator(6), task.optimizer(model, 0.1), devices={'main': 0, 'second': 1})
    updater.update()
    for p, e in zip(model.params(), expected):
        numpy.testing.assert_allclose(chainer.backends.cuda.to_cpu(p.array), e, rtol=1e-5)


testing.run_module(__name__, __file__)
