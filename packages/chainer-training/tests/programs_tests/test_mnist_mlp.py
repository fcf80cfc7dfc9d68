"""The MNIST example's trainer set-up (v7 style) on fabricated data: the log, the printed
report, the trained parameters and the snapshot keys are those Chainer v7.8.1 produced
(recorded values)."""
import io
import json
import os

import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
from chainer import training
from chainer.training import extensions

# (iteration, epoch, main/loss, main/accuracy, validation/main/loss,
#  validation/main/accuracy, lr) of each LogReport entry, recorded from v7.8.1
V7_LOG = [
    (2, 0, 1.629536509513855, 0.140625, None, None, None),
    (4, 0, 1.6001875400543213, 0.203125, None, None, None),
    (6, 1, 1.6233679056167603, 0.15625, 1.6007325053215027, 0.1875, 0.00017249884690452813),
    (8, 1, 1.633262574672699, 0.0625, None, None, None),
    (10, 2, 1.588839054107666, 0.25, 1.6003076434135437, 0.125, 7.65945369755912e-05),
    (12, 2, 1.6201430559158325, 0.078125, None, None, None),
    (14, 2, 1.6021295189857483, 0.234375, None, None, None),
]
V7_PARAM_SUMS = {
    '/predictor/l1/W': -7.317543029785156, '/predictor/l1/b': -0.011891968548297882,
    '/predictor/l2/W': -6.038359642028809, '/predictor/l2/b': -0.010117992758750916,
    '/predictor/l3/W': -2.372976541519165, '/predictor/l3/b': -0.0029340649489313364,
}
V7_PRINTED = (
    'epoch       iteration   main/loss   validation/main/loss  main/accuracy  '
    'validation/main/accuracy  lr        \n'
    '\x1b[J0           2           1.62954                           0.140625       '
    '                                      \n'
    '\x1b[J0           4           1.60019                           0.203125       '
    '                                      \n'
    '\x1b[J1           6           1.62337     1.60073               0.15625        '
    '0.1875                    0.000172499  \n'
    '\x1b[J1           8           1.63326                           0.0625         '
    '                                      \n'
    '\x1b[J2           10          1.58884     1.60031               0.25           '
    '0.125                     7.65945e-05  \n'
    '\x1b[J2           12          1.62014                           0.078125       '
    '                                      \n'
    '\x1b[J2           14          1.60213                           0.234375       '
    '                                      \n')
V7_SNAPSHOT_KEYS = (
    ['_snapshot_elapsed_time', 'stop_trigger/previous_epoch_detail',
     'stop_trigger/previous_iteration', 'extensions/ExponentialShift/_last_value',
     'extensions/ExponentialShift/_t', 'extensions/LogReport/_log',
     'extensions/LogReport/_summary/_names', 'extensions/LogReport/_trigger/previous_epoch_detail',
     'extensions/LogReport/_trigger/previous_iteration', 'updater/iteration',
     'updater/iterator:main/current_position', 'updater/iterator:main/epoch',
     'updater/iterator:main/is_new_epoch', 'updater/iterator:main/order',
     'updater/iterator:main/previous_epoch_detail', 'updater/optimizer:main/epoch',
     'updater/optimizer:main/t']
    + ['extension_triggers/{}/previous_{}'.format(name, what)
       for name in ('ExponentialShift', 'LogReport', 'PrintReport', '_Snapshot',
                    '_observe_value', 'validation')
       for what in ('epoch_detail', 'iteration')]
    + ['extensions/LogReport/_summary/_summaries/{}/{}'.format(i, name)
       for i in range(5) for name in ('_n', '_x', '_x2')]
    + ['updater/model:main/predictor/{}/{}'.format(layer, p)
       for layer in ('l1', 'l2', 'l3') for p in ('W', 'b')]
    + ['updater/optimizer:main/predictor/{}/{}/{}'.format(layer, p, state)
       for layer in ('l1', 'l2', 'l3') for p in ('W', 'b') for state in ('m', 't', 'v')])


class MLP(chainer.Chain):

    def __init__(self, n_units, n_out):
        super(MLP, self).__init__()
        with self.init_scope():
            self.l1 = L.Linear(None, n_units)
            self.l2 = L.Linear(None, n_units)
            self.l3 = L.Linear(None, n_out)

    def forward(self, x):
        h1 = F.relu(self.l1(x))
        h2 = F.relu(self.l2(h1))
        return self.l3(h2)


@pytest.fixture(scope='module')
def run(tmp_path_factory):
    out = str(tmp_path_factory.mktemp('result'))
    numpy.random.seed(0)  # the initial weights and the shuffled order, as in v7
    rng = numpy.random.RandomState(1)
    x = rng.rand(200, 20).astype(numpy.float32)
    t = x[:, :5].argmax(axis=1).astype(numpy.int32)
    train = chainer.datasets.TupleDataset(x[:160], t[:160])
    test = chainer.datasets.TupleDataset(x[160:], t[160:])
    model = L.Classifier(MLP(16, 5))
    optimizer = chainer.optimizers.Adam()
    optimizer.setup(model)
    optimizer.add_hook(chainer.optimizer_hooks.WeightDecay(1e-4))
    optimizer.add_hook(chainer.optimizer_hooks.GradientClipping(5.0))
    train_iter = chainer.iterators.SerialIterator(train, 32)
    test_iter = chainer.iterators.SerialIterator(test, 32, repeat=False, shuffle=False)
    updater = training.updaters.StandardUpdater(train_iter, optimizer, device=-1)
    trainer = training.Trainer(updater, (3, 'epoch'), out=out)
    trainer.extend(extensions.Evaluator(test_iter, model, device=-1))
    trainer.extend(extensions.snapshot(), trigger=(1, 'epoch'))
    trainer.extend(extensions.LogReport(trigger=(2, 'iteration')))
    trainer.extend(extensions.observe_lr())
    printed = io.StringIO()
    trainer.extend(extensions.PrintReport(
        ['epoch', 'iteration', 'main/loss', 'validation/main/loss', 'main/accuracy',
         'validation/main/accuracy', 'lr'], out=printed))
    trainer.extend(extensions.ExponentialShift('alpha', 0.5), trigger=(1, 'epoch'))
    trainer.run()
    return out, model, optimizer, printed.getvalue()


def test_log(run):
    out, _, _, _ = run
    with open(os.path.join(out, 'log')) as f:
        log = json.load(f)
    assert len(log) == len(V7_LOG)
    for entry, (iteration, epoch, loss, acc, val_loss, val_acc, lr) in zip(log, V7_LOG):
        assert (entry['iteration'], entry['epoch']) == (iteration, epoch)
        assert entry['main/loss'] == pytest.approx(loss, rel=1e-5)
        assert entry['main/accuracy'] == acc
        if val_loss is None:
            assert not {'validation/main/loss', 'lr'} & set(entry)
        else:
            assert entry['validation/main/loss'] == pytest.approx(val_loss, rel=1e-5)
            assert entry['validation/main/accuracy'] == pytest.approx(val_acc)
            assert entry['lr'] == pytest.approx(lr, rel=1e-12)


def test_printed_report(run):
    assert run[3] == V7_PRINTED


def test_parameters_and_schedule(run):
    _, model, optimizer, _ = run
    sums = {name: float(p.array.sum()) for name, p in model.namedparams()}
    assert sums == pytest.approx(V7_PARAM_SUMS, rel=1e-4, abs=1e-6)
    assert optimizer.alpha == 0.000125


def test_snapshots(run):
    out = run[0]
    assert sorted(os.listdir(out)) == [
        'log', 'snapshot_iter_10', 'snapshot_iter_15', 'snapshot_iter_5']
    with numpy.load(os.path.join(out, 'snapshot_iter_15')) as snapshot:
        keys = set(snapshot.files)
    # every key v7 writes (so a v7 program reading them finds them); more only for the
    # iterator's random state
    assert set(V7_SNAPSHOT_KEYS) <= keys
    assert all(k.startswith('updater/iterator:main/') for k in keys - set(V7_SNAPSHOT_KEYS))
