"""Resuming from snapshots in new processes: bitwise equal to an uninterrupted run, and a
``kill -9`` while a snapshot is written leaves the previous snapshot intact.

Each test runs ``train.py`` (below) in fresh Python processes.
"""
import json
import os
import signal
import subprocess
import sys
import textwrap

import numpy
import pytest

from chainer import serializers

SCRIPT = textwrap.dedent('''
    import argparse, os, sys, time, zlib

    import numpy

    import chainer
    import chainer.links as L
    from chainer import training
    from chainer.training import extensions

    parser = argparse.ArgumentParser()
    parser.add_argument('--iterator', default='serial')
    parser.add_argument('--sampler', default='replayable')
    parser.add_argument('--out')
    parser.add_argument('--stop', type=int)
    parser.add_argument('--resume')
    parser.add_argument('--die-at', type=int)
    parser.add_argument('--hang-in-save-at', type=int)
    parser.add_argument('--autoload', action='store_true')
    parser.add_argument('--final')
    args = parser.parse_args()


    class ReplayableShuffle:
        # the next epoch's order is a function of the current one (kept in snapshots)
        def __call__(self, current_order, current_position):
            seed = zlib.crc32(numpy.ascontiguousarray(current_order).tobytes())
            return numpy.random.RandomState(seed).permutation(len(current_order))


    rng = numpy.random.RandomState(0)
    x = rng.uniform(-1, 1, (40, 6)).astype(numpy.float32)
    t = rng.randint(0, 3, 40).astype(numpy.int32)
    dataset = chainer.datasets.TupleDataset(x, t)
    # 'shuffle': the default ShuffleOrderSampler, on NumPy's global random state (a snapshot
    # keeps it); 'replayable': a sampler of the user's that has no state
    numpy.random.seed(1)
    sampler = ReplayableShuffle() if args.sampler == 'replayable' else None
    if args.iterator == 'serial':
        iterator = chainer.iterators.SerialIterator(dataset, 7, order_sampler=sampler)
    else:
        iterator = chainer.iterators.MultiprocessIterator(
            dataset, 7, n_processes=2, order_sampler=sampler)

    w = rng.uniform(-0.5, 0.5, (3, 6)).astype(numpy.float32)
    model = L.Classifier(L.Linear(6, 3, initialW=w))
    optimizer = chainer.optimizers.Adam()
    optimizer.setup(model)
    updater = training.updaters.StandardUpdater(iterator, optimizer)
    trainer = training.Trainer(updater, (args.stop, 'iteration'), out=args.out)
    trainer.extend(extensions.LogReport(trigger=(2, 'iteration')))
    trainer.extend(extensions.ExponentialShift('alpha', 0.9), trigger=(3, 'iteration'))


    def save(path, target):
        iteration = int(target['updater/iteration'])
        if iteration == args.hang_in_save_at:
            with open(path, 'wb') as f:
                f.write(b'PK\\x03\\x04 a partial snapshot')
                f.flush()
            print('WRITING', flush=True)
            time.sleep(60)
        chainer.serializers.save_npz(path, target)


    trainer.extend(extensions.snapshot(savefun=save, autoload=args.autoload),
                   trigger=(5, 'iteration'))
    if args.die_at:
        @training.make_extension(trigger=(args.die_at, 'iteration'))
        def die(trainer):
            os.kill(os.getpid(), 9)
        trainer.extend(die)
    if args.resume:
        chainer.serializers.load_npz(args.resume, trainer)
    trainer.run()
    if args.final:
        chainer.serializers.save_npz(args.final, updater)
    print('DONE', updater.iteration, flush=True)
''')


@pytest.fixture
def train(tmp_path):
    script = tmp_path / 'train.py'
    script.write_text(SCRIPT)

    def run(*args, check=True):
        return subprocess.run([sys.executable, str(script), *args], capture_output=True,
                              text=True, timeout=120, check=check)
    return run


def _state(path):
    with numpy.load(path, allow_pickle=False) as f:
        return {key: f[key] for key in f.files}


def _assert_bitwise_equal(a, b):
    assert set(a) == set(b)
    for key in a:
        assert a[key].dtype == b[key].dtype, key
        numpy.testing.assert_array_equal(a[key], b[key], err_msg=key)


@pytest.mark.parametrize('iterator', ['serial', 'multiprocess'])
@pytest.mark.parametrize('sampler', ['shuffle', 'replayable'])
def test_resumed_run_equals_the_uninterrupted_one(tmp_path, train, iterator, sampler):
    # 40 examples in batches of 7: the orders of the epochs after the snapshot at iteration
    # 10 are drawn by the resumed process
    common = ('--iterator', iterator, '--sampler', sampler, '--stop', '17')
    train(*common, '--out', str(tmp_path / 'full'), '--final', str(tmp_path / 'full.npz'))

    killed = train(*common, '--out', str(tmp_path / 'part'), '--die-at', '12', check=False)
    assert killed.returncode == -signal.SIGKILL
    assert sorted(os.listdir(tmp_path / 'part')) == ['log', 'snapshot_iter_10',
                                                       'snapshot_iter_5']

    train(*common, '--out', str(tmp_path / 'part'), '--resume',
          str(tmp_path / 'part' / 'snapshot_iter_10'), '--final', str(tmp_path / 'part.npz'))
    full, resumed = _state(tmp_path / 'full.npz'), _state(tmp_path / 'part.npz')
    assert full['iteration'] == resumed['iteration'] == 17
    assert any(key.startswith('optimizer:main/predictor/W/') for key in full)
    _assert_bitwise_equal(full, resumed)
    # the logs agree too (but for the times)
    full_log = _state(tmp_path / 'full' / 'snapshot_iter_15')['extensions/LogReport/_log']
    part_log = _state(tmp_path / 'part' / 'snapshot_iter_15')['extensions/LogReport/_log']
    assert _without_times(full_log) == _without_times(part_log)


def _without_times(log):
    return [{k: v for k, v in entry.items() if k != 'elapsed_time'}
            for entry in json.loads(str(log))]


def test_kill_while_writing_keeps_the_previous_snapshot(tmp_path, train):
    out = tmp_path / 'out'
    process = subprocess.Popen(
        [sys.executable, str(tmp_path / 'train.py'), '--stop', '20', '--out', str(out),
         '--hang-in-save-at', '10'], stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout.readline() == 'WRITING\n'
        os.kill(process.pid, signal.SIGKILL)
    finally:
        process.wait(timeout=60)
        process.stdout.close()
    names = sorted(os.listdir(out))
    assert 'snapshot_iter_10' not in names
    assert 'snapshot_iter_5' in names
    # the half-written file is only in the writer's temporary directory
    partial = [n for n in names if n.startswith('tmpsnapshot_iter_10')]
    assert len(partial) == 1 and (out / partial[0] / 'snapshot_iter_10').exists()
    snapshot = _state(out / 'snapshot_iter_5')
    assert snapshot['updater/iteration'] == 5

    resumed = train('--stop', '7', '--out', str(out), '--autoload')
    assert resumed.stdout.split()[-2:] == ['DONE', '7']


def test_autoload_skips_a_truncated_newest_snapshot(tmp_path, train):
    out = tmp_path / 'out'
    train('--stop', '10', '--out', str(out))
    complete = (out / 'snapshot_iter_10').read_bytes()
    (out / 'snapshot_iter_15').write_bytes(complete[:len(complete) // 2])
    result = train('--stop', '12', '--out', str(out), '--autoload', '--final',
                   str(tmp_path / 'final.npz'))
    assert 'ignoring the incomplete snapshot' in result.stderr
    assert 'snapshot_iter_15' in result.stderr
    loaded = serializers.npz.NpzDeserializer(_state(tmp_path / 'final.npz'))
    assert loaded('iteration', 0) == 12
