"""snapshot and snapshot_object: files, writers, conditions, retention, autoload."""
import os
import time

import numpy
import pytest

from chainer import serializers
from chainer import testing
from chainer import training
from chainer.training import extensions
from chainer.training.extensions import snapshot_writers


class Counter:
    """A serializable object."""

    def __init__(self, value=0):
        self.value = value

    def serialize(self, serializer):
        self.value = serializer('value', self.value)


def _trainer(tmp_path, stop=6):
    trainer = testing.get_trainer_with_mock_updater((stop, 'iteration'), iter_per_epoch=2)
    trainer.out = str(tmp_path)
    return trainer


def _age(paths, step=10):
    # Distinct modification times, oldest first.
    now = time.time()
    for i, path in enumerate(paths):
        os.utime(path, (now - step * (len(paths) - i),) * 2)


def test_snapshot_of_the_trainer(tmp_path):
    trainer = _trainer(tmp_path)
    snapshot = extensions.snapshot()
    assert (snapshot.trigger, snapshot.priority, snapshot.default_name) == (
        (1, 'epoch'), -100, '_Snapshot')
    trainer.extend(snapshot)
    trainer.run()
    assert sorted(os.listdir(tmp_path)) == [
        'snapshot_iter_2', 'snapshot_iter_4', 'snapshot_iter_6']
    with numpy.load(tmp_path / 'snapshot_iter_4', allow_pickle=False) as f:
        assert '_snapshot_elapsed_time' in f.files
        assert 'stop_trigger/previous_iteration' in f.files
        assert 'extension_triggers/_Snapshot/previous_iteration' in f.files


def test_snapshot_object_with_templates_and_savefun(tmp_path):
    trainer = _trainer(tmp_path)
    counter = Counter(3)
    saved = []

    def savefun(path, target):
        saved.append((os.path.basename(path), dict(target)))
        serializers.save_npz(path, target)

    trainer.extend(extensions.snapshot_object(counter, 'counter_{.updater.iteration}',
                                              savefun=savefun), trigger=(3, 'iteration'))
    trainer.extend(extensions.snapshot(
        filename=lambda trainer: 'call_{}'.format(trainer.updater.epoch), target=counter),
        name='callable')
    trainer.run()
    assert saved == [('counter_3', {'value': 3}), ('counter_6', {'value': 3})]
    assert sorted(os.listdir(tmp_path)) == ['call_1', 'call_2', 'call_3', 'counter_3',
                                            'counter_6']
    loaded = Counter()
    serializers.load_npz(tmp_path / 'counter_6', loaded)
    assert loaded.value == 3


def test_condition(tmp_path):
    trainer = _trainer(tmp_path)
    trainer.extend(extensions.snapshot(condition=lambda: trainer.updater.iteration != 4))
    trainer.run()
    assert sorted(os.listdir(tmp_path)) == ['snapshot_iter_2', 'snapshot_iter_6']


def test_n_retains_keeps_the_newest(tmp_path):
    trainer = _trainer(tmp_path, stop=10)

    @training.make_extension(trigger=(1, 'iteration'))
    def pause(trainer):
        time.sleep(0.01)  # distinct modification times

    trainer.extend(pause)
    trainer.extend(extensions.snapshot_object(Counter(), 'c_{.updater.iteration}',
                                              n_retains=2), trigger=(1, 'iteration'))
    trainer.run()
    assert sorted(os.listdir(tmp_path)) == ['c_10', 'c_9']


def test_snapshot_on_error(tmp_path):
    trainer = _trainer(tmp_path)

    def fail(trainer):
        if trainer.updater.iteration == 3:
            raise RuntimeError('boom')

    trainer.extend(fail)
    trainer.extend(extensions.snapshot(filename='on_error', snapshot_on_error=True),
                   trigger=(100, 'iteration'))
    with pytest.raises(RuntimeError, match='boom'):
        trainer.run(show_loop_exception_msg=False)
    assert os.listdir(tmp_path) == ['on_error']


def test_autoload_picks_the_newest_complete_snapshot(tmp_path):
    paths = []
    for value in (10, 2, 5):
        path = tmp_path / 'snap_{}'.format(value)
        serializers.save_npz(path, Counter(value))
        paths.append(path)
    truncated = tmp_path / 'snap_7'
    truncated.write_bytes(paths[2].read_bytes()[:40])
    (tmp_path / 'other_99').write_bytes(paths[0].read_bytes())
    _age(paths + [truncated])  # snap_7 is the newest, then snap_5

    trainer = _trainer(tmp_path, stop=1)
    counter = Counter()
    trainer.extend(extensions.snapshot_object(counter, 'snap_{.updater.iteration}',
                                              autoload=True))
    with pytest.warns(UserWarning, match='ignoring the incomplete snapshot .*snap_7'):
        trainer.run()
    assert counter.value == 5


def test_autoload_of_the_trainer_precedes_the_other_initializers(tmp_path, task):
    # A resumed ExponentialShift must set the restored learning rate before training.
    def make():
        trainer = task.trainer(stop=(4, 'iteration'), out=str(tmp_path))
        trainer.extend(extensions.ExponentialShift('lr', 0.5), trigger=(1, 'iteration'))
        trainer.extend(extensions.snapshot(autoload=True), trigger=(2, 'iteration'))
        return trainer

    first = make()
    first.stop_trigger = training.get_trigger((2, 'iteration'))
    first.run()
    resumed = make()
    lrs = []

    @training.make_extension(
        trigger=lambda t: False, priority=0,
        initializer=lambda t: lrs.append(t.updater.get_optimizer('main').lr))
    def record(trainer):
        pass

    resumed.extend(record)  # initialized last (lowest priority), before the first update
    resumed.run()
    assert resumed.updater.iteration == 4
    assert lrs[0] == pytest.approx(0.1 * 0.5 ** 2)


def test_autoload_without_snapshots_does_nothing(tmp_path):
    trainer = _trainer(tmp_path, stop=1)
    counter = Counter(4)
    trainer.extend(extensions.snapshot_object(counter, 'x_{.updater.iteration}',
                                              autoload=True), trigger=(5, 'iteration'))
    trainer.run()
    assert counter.value == 4


def test_arguments():
    writer = snapshot_writers.SimpleWriter()
    assert extensions.snapshot(writer=writer).writer is writer
    assert isinstance(extensions.snapshot().writer, snapshot_writers.SimpleWriter)
    with pytest.raises(TypeError, match='savefun and writer arguments cannot be specified'):
        extensions.snapshot(savefun=serializers.save_npz, writer=writer)
    with pytest.raises(TypeError, match=r"snapshot\(\) got unexpected keyword.*'trigger'"):
        extensions.snapshot(trigger=(1, 'epoch'))
    with pytest.raises(TypeError, match=r"snapshot_object\(\) got unexpected.*'foo'"):
        extensions.snapshot_object(Counter(), 'f', foo=1)


def test_snapshot_files_are_loadable_without_pickle(tmp_path, task):
    trainer = task.trainer(stop=(1, 'epoch'), out=str(tmp_path))
    trainer.extend(extensions.snapshot())
    trainer.run()
    restored = task.trainer(stop=(1, 'epoch'), out=str(tmp_path))
    serializers.load_npz(tmp_path / 'snapshot_iter_4', restored)
    assert restored.updater.iteration == 4
    for a, b in zip(trainer.updater.get_optimizer('main').target.params(),
                    restored.updater.get_optimizer('main').target.params()):
        numpy.testing.assert_array_equal(a.array, b.array)


def test_snapshot_file_helpers(tmp_path):
    # v7's private helpers, which some v7 test suites call
    from chainer.training.extensions import _snapshot
    names = ['snapshot_iter_1', 'snapshot_iter_10', 'snapshot_iter_5']
    for name in names + ['other_3']:
        (tmp_path / name).write_bytes(b'')
    (tmp_path / 'snapshot_iter_dir').mkdir()
    _age([tmp_path / name for name in names])
    fmt = 'snapshot_iter_{.updater.iteration}'
    assert [n for _, n in _snapshot._find_snapshot_files(fmt, str(tmp_path))] == names
    assert _snapshot._find_latest_snapshot(fmt, str(tmp_path)) == 'snapshot_iter_5'
    assert list(_snapshot._find_stale_snapshots(fmt, str(tmp_path), 1)) == names[:2]
    assert _snapshot._find_latest_snapshot('none_{}', str(tmp_path)) is None


def test_snapshots_of_equal_times_are_ordered_by_number(tmp_path):
    from chainer.training.extensions import _snapshot
    for name in ('s_9', 's_10', 's_100'):
        (tmp_path / name).write_bytes(b'')
        os.utime(tmp_path / name, (1000000, 1000000))
    assert _snapshot._find_latest_snapshot('s_{}', str(tmp_path)) == 's_100'
    assert list(_snapshot._find_stale_snapshots('s_{}', str(tmp_path), 1)) == ['s_9', 's_10']
