"""Trainer overhead benchmark: an MLP trained through the Trainer against a hand-written loop.

Both sides train ``L.Classifier`` of a 784-1000-1000-10 ReLU MLP with Adam on batches of 100
(6,000 training examples of random MNIST-sized data: 60 iterations per epoch) and evaluate it
on 1,000 validation examples after each epoch (MNIST's proportions, a tenth of its size),
keeping the mean loss and accuracy of each epoch:

* the Trainer: ``StandardUpdater`` on a shuffling ``SerialIterator``, ``Evaluator`` and
  ``LogReport`` (which also writes its JSON log file each epoch); ``log_eval``;
* the same plus ``PrintReport`` and ``ProgressBar`` (writing to an in-memory stream);
  ``log_eval_print_progress``;
* the hand-written loop, as Chainer's tutorial writes one: the same iterators,
  ``concat_examples``, ``optimizer.update(model, x, t)``, ``float()`` of the reported loss and
  accuracy summed per epoch, and the validation loop under ``train=False`` and
  ``no_backprop_mode``.

Before timing, one epoch of each side is run from the same weights without shuffling and the
weights are checked to agree. Each sample trains one epoch (60 iterations and the validation);
the loop and the two Trainer set-ups are timed in rotating order, round after round (CPU time of
the process). For each Trainer set-up:

* ``overhead``: the best Trainer time over the best loop time, minus 1 (goals: ``log_eval`` <=
  0.03, ``log_eval_print_progress`` <= 0.05); ``overhead_median_of_rounds``: the median of the
  per-round ratios. On a loaded machine both vary by a few percent from run to run: the
  MLP's arithmetic dominates every sample and its time varies with the load;
* ``extra_ms_per_epoch``: the extra time of the Trainer per epoch, measured with the same
  pipelines around a single ``L.Linear(784, 10)`` (cheap and steady, so that the difference is
  the Trainer's own work: updater, reporter, extensions, triggers), and
  ``overhead_from_extra_time``: that extra time over the MLP loop's epoch.

``*_ms_per_iter`` are the best times per iteration.

Usage: ``python tools/bench/trainer.py [--quick]`` (sets ``OPENBLAS_NUM_THREADS=1`` unless set).
"""

import os

os.environ.setdefault('OPENBLAS_NUM_THREADS', '1')

import io  # noqa: E402
import json  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402

_HERE = os.path.dirname(os.path.abspath(__file__))
if _HERE not in sys.path:  # the shared modules of tools/bench, also when loaded by path
    sys.path.insert(0, _HERE)

import _timing  # noqa: E402
import numpy  # noqa: E402

import chainer  # noqa: E402
import chainer.functions as F  # noqa: E402
import chainer.links as L  # noqa: E402
from chainer import training  # noqa: E402
from chainer.training import extensions  # noqa: E402

N_TRAIN, N_VAL, BATCH, EPOCHS = 6000, 1000, 100, 1


def _linear():
    # A model so cheap that the time of an epoch is mostly the pipeline's (see main).
    return L.Linear(784, 10)


class MLP(chainer.Chain):
    def __init__(self, n_units=1000, n_out=10):
        super().__init__()
        with self.init_scope():
            self.l1 = L.Linear(784, n_units)
            self.l2 = L.Linear(n_units, n_units)
            self.l3 = L.Linear(n_units, n_out)

    def forward(self, x):
        return self.l3(F.relu(self.l2(F.relu(self.l1(x)))))


def _data(seed=0):
    rng = numpy.random.RandomState(seed)

    def make(n):
        return (rng.uniform(0, 1, (n, 784)).astype(numpy.float32),
                rng.randint(0, 10, n).astype(numpy.int32))
    return make(N_TRAIN), make(N_VAL)


def _setup(seed=1, predictor=MLP):
    numpy.random.seed(seed)
    model = L.Classifier(predictor())
    optimizer = chainer.optimizers.Adam(alpha=1e-4)
    optimizer.setup(model)
    return model, optimizer


def run_trainer(model, optimizer, train, val, out, epochs=EPOCHS, shuffle=True,
                printing=False):
    """Trains ``epochs`` epochs with the Trainer; returns its log."""
    train_iter = chainer.iterators.SerialIterator(
        chainer.datasets.TupleDataset(*train), BATCH, shuffle=shuffle)
    val_iter = chainer.iterators.SerialIterator(
        chainer.datasets.TupleDataset(*val), BATCH, repeat=False, shuffle=False)
    updater = training.updaters.StandardUpdater(train_iter, optimizer)
    trainer = training.Trainer(updater, (epochs, 'epoch'), out=out)
    trainer.extend(extensions.Evaluator(val_iter, model))
    trainer.extend(extensions.LogReport())
    if printing:
        sink = io.StringIO()
        trainer.extend(extensions.PrintReport(
            ['epoch', 'main/loss', 'validation/main/loss', 'main/accuracy',
             'validation/main/accuracy', 'elapsed_time'], out=sink))
        trainer.extend(extensions.ProgressBar(update_interval=10, out=sink))
    trainer.run()
    return trainer.get_extension('LogReport').log


def run_loop(model, optimizer, train, val, epochs=EPOCHS, shuffle=True):
    """Trains ``epochs`` epochs with a hand-written loop (as Chainer's tutorial writes one:
    iterators and ``concat_examples``); returns the per-epoch means."""
    train_iter = chainer.iterators.SerialIterator(
        chainer.datasets.TupleDataset(*train), BATCH, shuffle=shuffle)
    val_dataset = chainer.datasets.TupleDataset(*val)
    log = []
    while train_iter.epoch < epochs:
        loss = accuracy = 0.0
        n = 0
        while True:
            x, t = chainer.dataset.concat_examples(train_iter.next())
            optimizer.update(model, x, t)
            loss += float(model.loss.array)
            accuracy += float(model.accuracy.array)
            n += 1
            if train_iter.is_new_epoch:
                break
        entry = {'main/loss': loss / n, 'main/accuracy': accuracy / n}
        loss = accuracy = 0.0
        n = 0
        val_iter = chainer.iterators.SerialIterator(val_dataset, BATCH, repeat=False,
                                                    shuffle=False)
        with chainer.using_config('train', False), chainer.no_backprop_mode():
            for batch in val_iter:
                model(*chainer.dataset.concat_examples(batch))
                loss += float(model.loss.array)
                accuracy += float(model.accuracy.array)
                n += 1
        entry.update({'validation/main/loss': loss / n, 'validation/main/accuracy': accuracy / n})
        log.append(entry)
    return log


def _check_same_work(train, val, out):
    (m1, o1), (m2, o2) = _setup(), _setup()
    log_trainer = run_trainer(m1, o1, train, val, out, epochs=1, shuffle=False)
    log_loop = run_loop(m2, o2, train, val, epochs=1, shuffle=False)
    for p1, p2 in zip(m1.params(), m2.params()):
        if not numpy.allclose(p1.array, p2.array, rtol=1e-5, atol=1e-6):
            raise AssertionError('the Trainer and the loop trained differently')
    for key, value in log_loop[0].items():
        if not numpy.isclose(log_trainer[0][key], value, rtol=1e-5):
            raise AssertionError('the Trainer and the loop logged differently: ' + key)


SETUPS = ('loop', 'log_eval', 'log_eval_print_progress')


def time_epochs(train, val, out, n_rounds, predictor=MLP):
    """CPU times of ``n_rounds`` epochs of the loop and of the two Trainer set-ups, timed in
    rotating order (after one warm-up epoch each); returns ``{setup: [seconds, ...]}``."""
    sides = {name: _setup(predictor=predictor) for name in SETUPS}

    def run(name):
        model, optimizer = sides[name]
        if name == 'loop':
            run_loop(model, optimizer, train, val)
        else:
            run_trainer(model, optimizer, train, val, out,
                        printing=name == 'log_eval_print_progress')

    for name in SETUPS:  # warm up (first-call allocations, caches)
        run(name)
    times = {name: [] for name in SETUPS}
    for i in range(n_rounds):
        for name in SETUPS[i % 3:] + SETUPS[:i % 3]:
            times[name].append(_timing.time_per_call(lambda: run(name), 1))
    return times


def compare(mlp_times, cheap_times):
    """The figures of each Trainer set-up against the loop (see the module docstring)."""
    iterations = EPOCHS * N_TRAIN // BATCH
    loop = mlp_times['loop']
    result = {'loop_ms_per_iter': round(min(loop) / iterations * 1e3, 3)}
    for name in SETUPS[1:]:
        ratios = [t / base for t, base in zip(mlp_times[name], loop)]
        extra = min(cheap_times[name]) - min(cheap_times['loop'])
        result[name] = {
            'trainer_ms_per_iter': round(min(mlp_times[name]) / iterations * 1e3, 3),
            'overhead': round(min(mlp_times[name]) / min(loop) - 1, 4),
            'overhead_median_of_rounds': round(statistics.median(ratios) - 1, 4),
            'extra_ms_per_epoch': round(extra * 1e3, 3),
            'overhead_from_extra_time': round(extra / min(loop), 4)}
    return result


def main(argv):
    quick = '--quick' in argv
    train, val = _data()
    with tempfile.TemporaryDirectory() as out:
        _check_same_work(train, val, out)
        mlp_times = time_epochs(train, val, out, 3 if quick else 11)
        cheap_times = time_epochs(train, val, out, 5 if quick else 31, predictor=_linear)
        result = {
            'bench': 'trainer_overhead',
            'model': 'Classifier(MLP 784-1000-1000-10), Adam, batch 100',
            'numpy': numpy.__version__,
            'openblas_threads': os.environ.get('OPENBLAS_NUM_THREADS'),
            **compare(mlp_times, cheap_times),
            'goals': {'log_eval': 0.03, 'log_eval_print_progress': 0.05},
        }
    print(json.dumps(result))


if __name__ == '__main__':
    main(sys.argv[1:])
