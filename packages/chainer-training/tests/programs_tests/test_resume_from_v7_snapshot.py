"""Resuming from a snapshot in v7's layout (``serializers.load_npz(path, trainer)``): the
snapshot of a run stopped mid-epoch loses the keys v7 does not write, then a new trainer
with Evaluator, LogReport, ExponentialShift, observe_lr, PlotReport and ParameterStatistics
loads it without a warning and continues exactly as Chainer v7.8.1 did (recorded values)."""
import json
import os
import warnings

import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
from chainer import serializers
from chainer import training
from chainer.training import extensions

# (iteration, main/loss, lr, validation/main/accuracy, mean of the first layer's W as
#  ParameterStatistics reports it) of each log entry, recorded from v7.8.1
V7_LOG = [
    (3, 1.1473592519760132, 0.10000000000000002, None, None),
    (6, 1.127683440844218, 0.09000000000000001, 0.5416666567325592, -0.014584339410066604),
    (9, 1.0702609618504841, 0.06999999999999999, None, -0.02812490426003933),
    (12, 1.126429518063863, 0.055999999999999994, 0.5416666567325592, -0.03094184398651123),
    (15, 1.1339897712071736, 0.048999999999999995, None, -0.03811408057808876),
    (18, 1.003836452960968, 0.03429999999999999, 0.5416666567325592, None),
    (21, 1.0370028813680012, 0.03086999999999999, None, -0.04439914971590042),
    (24, 1.008543034394582, 0.024009999999999993, 0.4583333283662796, None),
]
# the keys of the extensions and triggers in the snapshot, recorded from v7.8.1
V7_EXTENSION_KEYS = [
    '_snapshot_elapsed_time',
    'extension_triggers/ExponentialShift/previous_epoch_detail',
    'extension_triggers/ExponentialShift/previous_iteration',
    'extension_triggers/LogReport/previous_epoch_detail',
    'extension_triggers/LogReport/previous_iteration',
    'extension_triggers/PlotReport/previous_epoch_detail',
    'extension_triggers/PlotReport/previous_iteration',
    'extension_triggers/_Snapshot/previous_epoch_detail',
    'extension_triggers/_Snapshot/previous_iteration',
    'extension_triggers/_observe_value/previous_epoch_detail',
    'extension_triggers/_observe_value/previous_iteration',
    'extension_triggers/parameter_statistics/previous_epoch_detail',
    'extension_triggers/parameter_statistics/previous_iteration',
    'extension_triggers/validation/previous_epoch_detail',
    'extension_triggers/validation/previous_iteration',
    'extensions/ExponentialShift/_last_value',
    'extensions/ExponentialShift/_t',
    'extensions/LogReport/_log',
    'extensions/LogReport/_summary/_names',
    'extensions/LogReport/_summary/_summaries/0/_n',
    'extensions/LogReport/_summary/_summaries/0/_x',
    'extensions/LogReport/_summary/_summaries/0/_x2',
    'extensions/LogReport/_summary/_summaries/1/_n',
    'extensions/LogReport/_summary/_summaries/1/_x',
    'extensions/LogReport/_summary/_summaries/1/_x2',
    'extensions/LogReport/_summary/_summaries/2/_n',
    'extensions/LogReport/_summary/_summaries/2/_x',
    'extensions/LogReport/_summary/_summaries/2/_x2',
    'extensions/LogReport/_trigger/previous_epoch_detail',
    'extensions/LogReport/_trigger/previous_iteration',
    'extensions/PlotReport/_plot_loss.png',
    'stop_trigger/previous_epoch_detail',
    'stop_trigger/previous_iteration',
]
V7_PARAM_SUMS = {
    '/predictor/0/W': -3.4725847244262695,
    '/predictor/0/b': -0.42437827587127686,
    '/predictor/1/W': 3.029890537261963,
    '/predictor/1/b': -7.82310962677002e-08,
}


def make_trainer(out, stop):
    rng = numpy.random.RandomState(1)
    x = rng.rand(120, 10).astype(numpy.float32)
    t = x[:, :3].argmax(axis=1).astype(numpy.int32)
    train = chainer.datasets.TupleDataset(x[:96], t[:96])
    test = chainer.datasets.TupleDataset(x[96:], t[96:])
    model = L.Classifier(chainer.Sequential(L.Linear(10, 8), F.relu, L.Linear(8, 3)))
    optimizer = chainer.optimizers.MomentumSGD(lr=0.1)
    optimizer.setup(model)
    optimizer.add_hook(chainer.optimizer_hooks.WeightDecay(1e-3))
    train_iter = chainer.iterators.SerialIterator(train, 16)
    updater = training.updaters.StandardUpdater(train_iter, optimizer)
    trainer = training.Trainer(updater, stop, out=out)
    trainer.extend(extensions.Evaluator(
        chainer.iterators.SerialIterator(test, 12, repeat=False, shuffle=False), model))
    trainer.extend(extensions.LogReport(trigger=(3, 'iteration')))
    trainer.extend(extensions.snapshot(filename='snapshot'), trigger=(8, 'iteration'))
    trainer.extend(extensions.ExponentialShift('lr', 0.7), trigger=(5, 'iteration'))
    trainer.extend(extensions.observe_lr(), trigger=(1, 'iteration'))
    trainer.extend(extensions.PlotReport(['main/loss'], 'iteration', trigger=(4, 'iteration'),
                                         file_name='loss.png'))
    trainer.extend(extensions.ParameterStatistics(model, trigger=(5, 'iteration')))
    return trainer, model


def run(out):
    numpy.random.seed(0)
    trainer, _ = make_trainer(out, (8, 'iteration'))
    trainer.run()
    path = os.path.join(out, 'snapshot')
    with numpy.load(path) as snapshot:  # as v7 writes it: without the iterator's random state
        written = sorted(snapshot.files)
        arrays = {k: snapshot[k] for k in snapshot.files if 'order_sampler_random' not in k}
    numpy.savez(path, **arrays)
    os.replace(path + '.npz', path)
    numpy.random.seed(5)
    resumed, model = make_trainer(out, (4, 'epoch'))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        serializers.load_npz(os.path.join(out, 'snapshot'), resumed)
    messages = [str(w.message) for w in caught]
    resumed.run()
    with open(os.path.join(out, 'log')) as f:
        log = json.load(f)
    return {
        'log': [(e['iteration'], e['main/loss'], e['lr'], e.get('validation/main/accuracy'),
                 e.get('None/predictor/0/W/data/mean')) for e in log],
        'params': {name: float(p.array.sum()) for name, p in model.namedparams()},
        'warnings': messages,
        'written': written,
    }


@pytest.fixture(scope='module')
def result(tmp_path_factory):
    return run(str(tmp_path_factory.mktemp('result')))


def test_extension_keys_are_v7s(result):
    assert [k for k in result['written'] if not k.startswith('updater/')] == V7_EXTENSION_KEYS


def test_loads_without_warnings(result):
    assert result['warnings'] == []


def test_log_after_resume(result):
    assert [entry[0] for entry in result['log']] == [entry[0] for entry in V7_LOG]
    for entry, v7_entry in zip(result['log'], V7_LOG):
        assert entry[1] == pytest.approx(v7_entry[1], rel=1e-5)
        assert entry[2] == pytest.approx(v7_entry[2], rel=1e-12)
        for value, v7_value in zip(entry[3:], v7_entry[3:]):
            if v7_value is None:
                assert value is None
            else:
                assert value == pytest.approx(v7_value, rel=1e-4)


def test_parameters(result):
    assert result['params'] == pytest.approx(V7_PARAM_SUMS, rel=1e-4, abs=1e-6)
