"""Evaluator: the evaluation loop, its results and reporting, hooks, iterators, devices."""
import copy

import numpy
import pytest

import chainer
from chainer import backend
from chainer import testing
from chainer import training
from chainer.training import extensions


def _reference(model, x, t, batch_size):
    # Mean over batches of the per-batch mean loss and accuracy (NumPy).
    w = model.predictor.W.array.astype(numpy.float64)
    b = model.predictor.b.array.astype(numpy.float64)
    losses, accuracies = [], []
    for i in range(0, len(x), batch_size):
        y = x[i:i + batch_size] @ w.T + b
        log_p = y - y.max(axis=1, keepdims=True)
        log_p -= numpy.log(numpy.exp(log_p).sum(axis=1, keepdims=True))
        tt = t[i:i + batch_size]
        losses.append(-log_p[numpy.arange(len(tt)), tt].mean())
        accuracies.append((y.argmax(axis=1) == tt).mean())
    return numpy.mean(losses), numpy.mean(accuracies)


def test_results_are_batch_means(task):
    model = task.model()
    evaluator = extensions.Evaluator(task.iterator(5, repeat=False), model)
    result = evaluator()
    loss, accuracy = _reference(model, task.x, task.t, 5)
    assert set(result) == {'main/loss', 'main/accuracy'}
    numpy.testing.assert_allclose(result['main/loss'], loss, rtol=1e-6)
    numpy.testing.assert_allclose(result['main/accuracy'], accuracy, rtol=1e-6)
    assert type(result['main/loss']) is numpy.float64
    # the iterator is reset: a second evaluation sees the same data
    assert evaluator() == result


def test_in_a_trainer_reports_under_its_name(task):
    trainer = task.trainer(stop=(1, 'epoch'))
    evaluator = extensions.Evaluator(task.iterator(6, repeat=False), task.model())
    assert (evaluator.trigger, evaluator.priority, evaluator.default_name) == (
        (1, 'epoch'), training.PRIORITY_WRITER, 'validation')
    trainer.extend(evaluator)
    trainer.extend(extensions.Evaluator(task.iterator(6, repeat=False), task.model()),
                   name='test')
    trainer.run()
    assert {'validation/main/loss', 'validation/main/accuracy', 'test/main/loss',
            'test/main/accuracy'} <= set(trainer.observation)


def test_eval_func_runs_in_test_mode_without_backprop(task):
    seen = []

    def eval_func(x, t):
        seen.append((x.shape[0], chainer.config.train, chainer.config.enable_backprop))
        chainer.report({'n': float(len(x))})

    hooks = []
    evaluator = extensions.Evaluator(task.iterator(10, repeat=False), task.model(),
                                     eval_hook=hooks.append, eval_func=eval_func)
    assert evaluator() == {'n': pytest.approx(8.0)}  # batches of 10, 10, 4
    assert seen == [(10, False, False), (10, False, False), (4, False, False)]
    assert hooks == [evaluator]


def test_dict_targets_and_observer_names(task):
    model = task.model()
    evaluator = extensions.Evaluator({'main': task.iterator(8, repeat=False)},
                                     {'main': model, 'pred': model.predictor})

    def eval_func(x, t):
        chainer.report({'loss': 1.0}, model)
        chainer.report({'norm': 2.0}, model.predictor)

    evaluator.eval_func = eval_func
    evaluator.name = 'val'
    # the link registered again as the target 'pred' reports under that name
    assert evaluator() == {'val/main/loss': 1.0, 'val/pred/norm': 2.0}
    assert evaluator.get_target('pred') is model.predictor
    assert set(evaluator.get_all_targets()) == {'main', 'pred'}
    assert set(evaluator.get_all_iterators()) == {'main'}


def test_results_are_reported_to_the_current_reporter(task):
    evaluator = extensions.Evaluator(task.iterator(8, repeat=False), task.model())
    reporter = chainer.Reporter()
    observation = {}
    with reporter.scope(observation):
        result = evaluator()
    assert observation == result


def test_iterator_without_reset_is_copied(task):
    class NoReset(chainer.dataset.Iterator):
        def __init__(self, batches):
            self.batches = batches
            self.position = 0

        def __next__(self):
            if self.position == len(self.batches):
                raise StopIteration
            self.position += 1
            return self.batches[self.position - 1]

        def __copy__(self):
            clone = NoReset(self.batches)
            clone.position = self.position
            return clone

    data = list(task.dataset)
    iterator = NoReset([data[:4], data[4:8]])
    evaluator = extensions.Evaluator(iterator, task.model())
    with pytest.warns(DeprecationWarning, match='does not have the reset method'):  # as v7
        first = evaluator()
    assert iterator.position == 0  # the copy was consumed
    with pytest.warns(DeprecationWarning):
        assert evaluator() == first
    assert copy.copy(iterator).position == 0


@pytest.mark.parametrize('device', [-1, '@numpy', chainer.get_device('@numpy')])
def test_device_is_a_device_object(task, device):
    # v7 keeps a Device in ``device`` (subclasses use it) and hands an old-style converter
    # the legacy -1 for the CPU
    seen = []

    def converter(batch, device=None):
        seen.append(device)
        return chainer.dataset.concat_examples(batch, device)

    evaluator = extensions.Evaluator(task.iterator(repeat=False), task.model(),
                                     converter=converter, device=device)
    assert evaluator.device == chainer.get_device('@numpy')
    evaluator()
    assert set(seen) == {-1}


def test_repeating_iterator_warns(task):
    with pytest.warns(UserWarning, match='`repeat` property of the iterator'):
        extensions.Evaluator(task.iterator(8, repeat=True), task.model())


@pytest.mark.parametrize('device,legacy', [(None, None), (-1, -1), ('@numpy', -1)])
def test_device_given_to_the_converter(task, device, legacy, recording_converters):
    specs, converters = recording_converters
    for converter in converters:
        extensions.Evaluator(task.iterator(24, repeat=False), task.model(),
                             converter=converter, device=device)()
    expected_device = None if device is None else backend.CpuDevice()
    assert specs == [legacy, expected_device]


def test_progress_bar(task, capsys):
    evaluator = extensions.Evaluator(task.iterator(10, repeat=False), task.model(),
                                     progress_bar=True)
    evaluator()
    out = capsys.readouterr().out
    assert out.startswith('\033[Jvalidation [####################')
    assert '        10 / 24 iterations\n' in out
    assert '        24 / 24 iterations\n' in out
    assert 'validation [' + '#' * 50 + '] 100.00%' in out
    assert out.endswith('\033[3A\033[J')


def test_finalize_and_arguments(task):
    finalized = []

    class Tracked(chainer.iterators.SerialIterator):
        def finalize(self):
            finalized.append(self)

    iterator = Tracked(task.dataset, 8, repeat=False)
    evaluator = extensions.Evaluator(iterator, task.model())
    evaluator.finalize()
    assert finalized == [iterator]
    with pytest.raises(TypeError, match="unexpected keyword argument.*'foo'"):
        extensions.Evaluator(iterator, task.model(), foo=1)


testing.run_module(__name__, __file__)
