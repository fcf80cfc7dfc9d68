"""LogReport: means per interval, the JSON log file, postprocess, keys, resume."""
import json
import os

import numpy
import pytest

import chainer
from chainer import serializers
from chainer import testing
from chainer import training
from chainer.training import extensions


def _report_iteration(trainer):
    i = trainer.updater.iteration
    chainer.report({'a': float(i), 'b': numpy.float32(2 * i),
                    'v': chainer.Variable(numpy.array(i, numpy.float32)),
                    'vector': numpy.arange(3)})
    if i % 2:
        chainer.report({'odd': i})


def _trainer(tmp_path, stop=6, iter_per_epoch=2):
    trainer = testing.get_trainer_with_mock_updater((stop, 'iteration'), iter_per_epoch)
    trainer.out = str(tmp_path)
    trainer.extend(training.make_extension(priority=training.PRIORITY_WRITER)(
        _report_iteration), name='report')
    return trainer


def test_means_per_epoch_and_file(tmp_path):
    trainer = _trainer(tmp_path)
    log_report = extensions.LogReport()
    assert (log_report.trigger, log_report.priority) == ((1, 'iteration'), 100)
    trainer.extend(log_report)
    trainer.run()
    log = log_report.log
    assert [(e['epoch'], e['iteration']) for e in log] == [(1, 2), (2, 4), (3, 6)]
    for entry, its in zip(log, ([1, 2], [3, 4], [5, 6])):
        assert list(entry) == ['a', 'b', 'v', 'odd', 'epoch', 'iteration', 'elapsed_time']
        assert entry['a'] == numpy.mean(its) and entry['v'] == numpy.mean(its)
        assert entry['b'] == 2 * numpy.mean(its)
        assert entry['odd'] == its[0]  # reported at odd iterations only
        assert all(type(entry[k]) is float for k in ('a', 'b', 'v', 'odd', 'elapsed_time'))
        assert entry['elapsed_time'] > 0
    with open(tmp_path / 'log') as f:
        assert json.load(f) == log
    with open(tmp_path / 'log') as f:
        assert f.read() == json.dumps(log, indent=4)
    assert sorted(os.listdir(tmp_path)) == ['log']  # no temporary file left


def test_keys_trigger_postprocess_and_filename(tmp_path):
    trainer = _trainer(tmp_path)
    log_report = extensions.LogReport(
        keys=['a', 'odd', 'absent'], trigger=(3, 'iteration'),
        postprocess=lambda entry: entry.update(extra=1), filename='log_{iteration}_{a}')
    trainer.extend(log_report)
    trainer.run()
    assert [{k: e[k] for k in ('a', 'odd', 'iteration', 'extra')} for e in log_report.log] == [
        {'a': 2.0, 'odd': 2.0, 'iteration': 3, 'extra': 1},
        {'a': 5.0, 'odd': 5.0, 'iteration': 6, 'extra': 1}]
    assert all('b' not in e for e in log_report.log)
    assert sorted(os.listdir(tmp_path)) == ['log_3_2.0', 'log_6_5.0']


def test_call_before_training_logs_iteration_0_without_the_trigger(tmp_path):
    # as v7: called before the first update, LogReport makes an entry of what was reported
    # then, without consulting its trigger (which is first called at iteration 1)
    trainer = testing.get_trainer_with_mock_updater((3, 'iteration'), 2)
    trainer.out = str(tmp_path)
    trainer.extend(lambda t: chainer.report({'a': 1.0 + t.updater.iteration}), name='report',
                   priority=training.PRIORITY_WRITER, call_before_training=True)
    calls = []

    def trigger(t):
        calls.append(t.updater.iteration)
        return t.updater.iteration == 2
    log_report = extensions.LogReport(trigger=trigger)
    trainer.extend(log_report, call_before_training=True)
    trainer.run()
    assert calls == [1, 2, 3]
    assert [{k: v for k, v in e.items() if k != 'elapsed_time'} for e in log_report.log] == [
        {'a': 1.0, 'epoch': 0, 'iteration': 0}, {'a': 2.5, 'epoch': 1, 'iteration': 2}]
    with open(tmp_path / 'log') as f:
        assert json.load(f) == log_report.log


def test_log_name_alias_and_no_file(tmp_path):
    trainer = _trainer(tmp_path, stop=2)
    trainer.extend(extensions.LogReport(log_name='renamed'))
    trainer.extend(extensions.LogReport(log_name=None), name='nofile')
    trainer.run()
    assert os.listdir(tmp_path) == ['renamed']
    assert len(trainer.get_extension('nofile').log) == 1
    with pytest.raises(TypeError, match="unexpected keyword argument.*'foo'"):
        extensions.LogReport(foo=1)


def test_resume_continues_the_log_and_the_running_means(tmp_path):
    uninterrupted = _trainer(tmp_path / 'a', stop=7, iter_per_epoch=3)
    full = extensions.LogReport()
    uninterrupted.extend(full)
    uninterrupted.run()

    first = _trainer(tmp_path / 'b', stop=4, iter_per_epoch=3)  # stops mid-epoch 2
    part = extensions.LogReport()
    first.extend(part)
    first.run()
    saved = serializers.npz.serialize(part)
    assert set(saved) == {'_trigger/previous_iteration', '_trigger/previous_epoch_detail',
                          '_summary/_names', '_summary/_summaries/0/_x',
                          '_summary/_summaries/0/_x2', '_summary/_summaries/0/_n',
                          '_summary/_summaries/1/_x', '_summary/_summaries/1/_x2',
                          '_summary/_summaries/1/_n', '_summary/_summaries/2/_x',
                          '_summary/_summaries/2/_x2', '_summary/_summaries/2/_n', '_log'}
    resumed = extensions.LogReport()
    resumed.serialize(serializers.NpzDeserializer(
        {k: numpy.asarray(v) for k, v in saved.items()}))
    second = _trainer(tmp_path / 'b', stop=7, iter_per_epoch=3)
    for _ in range(4):
        second.updater.update()
    second.extend(resumed)
    second.run()
    drop_time = [{k: v for k, v in e.items() if k != 'elapsed_time'} for e in resumed.log]
    expected = [{k: v for k, v in e.items() if k != 'elapsed_time'} for e in full.log]
    assert drop_time == expected
