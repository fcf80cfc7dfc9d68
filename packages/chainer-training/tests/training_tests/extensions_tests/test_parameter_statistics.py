"""ParameterStatistics: the reported keys and values."""
import numpy
import pytest

import chainer
from chainer import testing
from chainer.training import extensions

SIGMAS = (0.13, 2.28, 15.87, 50, 84.13, 97.72, 99.87)


def _report(extension, iterations=10, iter_per_epoch=10):
    trainer = testing.get_trainer_with_mock_updater(iter_per_epoch=iter_per_epoch)
    observation = {}
    for _ in range(iterations):
        trainer.updater.update()
        with chainer.Reporter().scope(observation):
            extension(trainer)
    return observation


@pytest.fixture
def model(task):
    model = task.model()
    model.predictor.W.grad = numpy.random.RandomState(2).rand(3, 5).astype(numpy.float32)
    return model


def test_default_statistics(model):
    extension = extensions.ParameterStatistics(model)
    assert (extension.trigger, extension.priority, extension.default_name) == (
        (1, 'iteration'), 300, 'parameter_statistics')
    observation = _report(extension)
    w = model.predictor.W
    for attr, array in (('data', w.array), ('grad', w.grad)):
        prefix = 'None/predictor/W/{}/'.format(attr)  # the root link has no name: "None"
        assert observation[prefix + 'mean'] == pytest.approx(array.mean())
        assert observation[prefix + 'std'] == pytest.approx(array.std())
        assert observation[prefix + 'min'] == array.min()
        assert observation[prefix + 'max'] == array.max()
        assert observation[prefix + 'zeros'] == 0
        for i, p in enumerate(numpy.percentile(array, SIGMAS)):
            assert observation[prefix + 'percentile/{}'.format(i)] == pytest.approx(p)
    assert observation['None/predictor/b/data/zeros'] == 3
    assert type(observation['None/predictor/b/data/zeros']) is float  # as v7 (not float64)
    # b has no gradient: NaN statistics, no zeros
    assert numpy.isnan(observation['None/predictor/b/grad/mean'])
    assert observation['None/predictor/b/grad/zeros'] == 0
    assert len(observation) == 4 * (5 + 7)


def test_means_over_the_interval(model):
    extension = extensions.ParameterStatistics(model.predictor, statistics={'max': numpy.max},
                                               report_grads=False, trigger=(2, 'iteration'))
    trainer = testing.get_trainer_with_mock_updater()
    reports = []
    for value in (1.0, 3.0, 5.0, 9.0):
        model.predictor.W.array[0, 0] = value
        trainer.updater.update()
        observation = {}
        with chainer.Reporter().scope(observation):
            extension(trainer)
        reports.append(observation.get('predictor/W/data/max'))
    assert reports == [None, 2.0, None, 7.0]


def test_custom_statistics_prefix_and_registration(model):
    extension = extensions.ParameterStatistics(
        [model.predictor], statistics={'pct': lambda x: numpy.percentile(x, [10, 90])},
        report_grads=False, prefix='pp')
    extension.register_statistics('min', numpy.min)
    observation = _report(extension)
    assert set(observation) == {
        'pp/predictor/{}/data/{}'.format(p, s)
        for p in ('W', 'b') for s in ('pct/0', 'pct/1', 'min')}
    assert observation['pp/predictor/W/data/min'] == model.predictor.W.array.min()


def test_no_statistics_and_uninitialized_parameters():
    lazy = chainer.links.Linear(None, 3)
    assert _report(extensions.ParameterStatistics(lazy, statistics=None)) == {}
    observation = _report(extensions.ParameterStatistics(lazy, report_grads=False))
    assert {key.split('/')[1] for key in observation} == {'b'}  # W is not initialized


def test_skip_nan_params(model):
    model.predictor.W.array[0, 0] = numpy.nan
    observation = _report(extensions.ParameterStatistics(model, skip_nan_params=True))
    assert numpy.isnan(observation['None/predictor/W/data/percentile'])
    assert numpy.isnan(observation['None/predictor/W/data/zeros'])
    assert observation['None/predictor/W/grad/max'] == model.predictor.W.grad.max()


def test_serializes_nothing(model):
    # v7 snapshots hold no key of this extension, so they load as they are.
    extension = extensions.ParameterStatistics(model)
    _report(extension, iterations=3)
    target = {}
    extension.serialize(chainer.serializers.DictionarySerializer(target))
    assert target == {}
