"""Trainer: registration of extensions, the loop, errors, serialization."""
import io
import os

import numpy
import pytest

import chainer
from chainer import serializers
from chainer import testing
from chainer import training
from chainer.training import extensions


class Recorder(training.Extension):
    """Extension recording its calls into a shared log."""

    def __init__(self, log, tag, priority=training.PRIORITY_READER):
        self.log = log
        self.tag = tag
        self.priority = priority

    def initialize(self, trainer):
        self.log.append(('initialize', self.tag))

    def __call__(self, trainer):
        self.log.append(('call', self.tag, trainer.updater.iteration))

    def on_error(self, trainer, exc, tb):
        self.log.append(('on_error', self.tag, exc))

    def finalize(self):
        self.log.append(('finalize', self.tag))


def test_extensions_run_in_descending_priority_then_registration_order():
    log = []
    trainer = testing.get_trainer_with_mock_updater((2, 'iteration'))
    trainer.extend(Recorder(log, 'reader_a'))
    trainer.extend(Recorder(log, 'writer', training.PRIORITY_WRITER))
    trainer.extend(Recorder(log, 'reader_b'))
    trainer.extend(Recorder(log, 'editor', training.PRIORITY_EDITOR))
    trainer.run()
    order = ['writer', 'editor', 'reader_a', 'reader_b']
    assert log == ([('initialize', tag) for tag in order]
                   + [('call', tag, 1) for tag in order]
                   + [('call', tag, 2) for tag in order]
                   + [('finalize', tag) for tag in order])
    assert trainer.updater.finalize.call_count == 1


def test_extension_names():
    trainer = testing.get_trainer_with_mock_updater()

    def fn(trainer):
        pass

    trainer.extend(fn)
    trainer.extend(fn)
    trainer.extend(fn)
    assert list(trainer._extensions) == ['fn', 'fn_1', 'fn_1_1']
    assert fn.name == 'fn_1_1'

    trainer.extend(extensions.LogReport())
    trainer.extend(extensions.LogReport())
    trainer.extend(extensions.LogReport(), name='mine')
    assert list(trainer._extensions)[3:] == ['LogReport', 'LogReport_1', 'mine']
    assert trainer.get_extension('LogReport_1').name == 'LogReport_1'

    with pytest.raises(ValueError, match='extension missing not found'):
        trainer.get_extension('missing')
    with pytest.raises(ValueError, match='"training" is prohibited'):
        trainer.extend(fn, name='training')

    class Nameless:
        def __call__(self, trainer):
            pass

    with pytest.raises(TypeError, match='name is not given'):
        trainer.extend(Nameless())


def test_trigger_and_priority_defaults():
    trainer = testing.get_trainer_with_mock_updater()

    def plain(trainer):
        pass

    @training.make_extension(trigger=(2, 'epoch'), priority=7)
    def decorated(trainer):
        pass

    custom = training.triggers.ManualScheduleTrigger(3, 'iteration')
    trainer.extend(plain)
    trainer.extend(decorated)
    trainer.extend(plain, name='explicit', trigger=(5, 'iteration'), priority=1)
    trainer.extend(plain, name='custom', trigger=custom)
    entries = trainer._extensions
    assert str(entries['plain'].trigger) == "IntervalTrigger(1, 'iteration')"
    assert entries['plain'].priority == training.PRIORITY_READER
    assert str(entries['decorated'].trigger) == "IntervalTrigger(2, 'epoch')"
    assert entries['decorated'].priority == 7
    assert str(entries['explicit'].trigger) == "IntervalTrigger(5, 'iteration')"
    assert entries['explicit'].priority == 1
    assert entries['custom'].trigger is custom


def test_removed_and_unknown_extend_arguments():
    trainer = testing.get_trainer_with_mock_updater()
    with pytest.raises(ValueError, match='invoke_before_training has been removed'):
        trainer.extend(lambda t: None, invoke_before_training=True)
    with pytest.raises(TypeError, match="unexpected keyword argument.*'foo'"):
        trainer.extend(lambda t: None, foo=1)


def test_extensions_argument_registers_with_defaults():
    ext = extensions.LogReport()
    trainer = testing.get_trainer_with_mock_updater(extensions=[ext])
    assert trainer.get_extension('LogReport') is ext


def test_call_before_training_runs_in_a_reporter_scope():
    seen = []
    trainer = testing.get_trainer_with_mock_updater((1, 'iteration'))

    @training.make_extension(trigger=(10, 'iteration'))
    def early(trainer):
        chainer.report({'x': 1.0})
        seen.append((trainer.updater.iteration, dict(trainer.observation)))

    trainer.extend(early, call_before_training=True)
    trainer.run()
    assert seen == [(0, {'x': 1.0})]


def test_call_before_training_is_skipped_when_resumed():
    # as v7: only a trainer that has not done any update calls them
    seen = []
    trainer = testing.get_trainer_with_mock_updater((5, 'iteration'))
    trainer.updater.iteration = 3  # as restored from a snapshot
    trainer.extend(lambda t: seen.append(t.updater.iteration), name='early',
                   trigger=(5, 'iteration'), call_before_training=True)
    trainer.run()
    assert seen == [5]


def test_initialize_is_skipped_when_the_trigger_is_finished():
    log = []
    trainer = testing.get_trainer_with_mock_updater((2, 'iteration'))
    done = training.triggers.OnceTrigger()
    done(trainer)
    assert done.finished
    trainer.extend(Recorder(log, 'once'), trigger=done)
    trainer.run()
    assert ('initialize', 'once') not in log
    assert not [entry for entry in log if entry[0] == 'call']


def test_error_calls_on_error_then_finalize_and_reraises_unchanged(capsys):
    log = []
    error = KeyError('broken')
    trainer = testing.get_trainer_with_mock_updater((5, 'iteration'))

    @training.make_extension(priority=training.PRIORITY_EDITOR)
    def fail(trainer):
        if trainer.updater.iteration == 2:
            raise error

    class BadHandler(Recorder):
        def on_error(self, trainer, exc, tb):
            super().on_error(trainer, exc, tb)
            raise ValueError('handler failed')

    trainer.extend(fail)
    trainer.extend(Recorder(log, 'high', training.PRIORITY_WRITER))
    trainer.extend(BadHandler(log, 'low'))
    with pytest.raises(KeyError) as info:
        trainer.run()
    assert info.value is error
    assert info.traceback[-1].name == 'fail'  # the original traceback is kept
    assert log[-4:] == [('on_error', 'high', error), ('on_error', 'low', error),
                        ('finalize', 'high'), ('finalize', 'low')]
    assert trainer.updater.finalize.call_count == 1
    err = capsys.readouterr().err
    assert "Exception in main training loop: 'broken'" in err
    assert 'Will finalize trainer extensions and updater before reraising' in err
    assert 'Exception in error handler: handler failed' in err


def test_error_message_can_be_silenced(capsys):
    trainer = testing.get_trainer_with_mock_updater()

    def fail(trainer):
        raise RuntimeError('quiet')

    trainer.extend(fail)
    with pytest.raises(RuntimeError, match='quiet'):
        trainer.run(show_loop_exception_msg=False)
    assert capsys.readouterr().err == ''


def test_keyboard_interrupt_still_finalizes():
    log = []
    trainer = testing.get_trainer_with_mock_updater()

    def interrupt(trainer):
        raise KeyboardInterrupt

    trainer.extend(interrupt)
    trainer.extend(Recorder(log, 'r'))
    with pytest.raises(KeyboardInterrupt):
        trainer.run()
    assert log[-1] == ('finalize', 'r')
    assert trainer.updater.finalize.call_count == 1


def test_run_once_and_elapsed_time(tmp_path):
    trainer = testing.get_trainer_with_mock_updater((3, 'iteration'))
    trainer.out = str(tmp_path / 'new' / 'dir')
    assert trainer.is_before_training
    with pytest.raises(RuntimeError, match='not been started'):
        trainer.elapsed_time
    trainer.run()
    assert os.path.isdir(trainer.out)
    assert not trainer.is_before_training
    elapsed = trainer.elapsed_time
    assert elapsed > 0
    assert trainer.elapsed_time == elapsed  # frozen at the end
    with pytest.raises(RuntimeError, match='multiple times'):
        trainer.run()


def test_stop_trigger_none_never_fires():
    trainer = testing.get_trainer_with_mock_updater(None)
    assert trainer.stop_trigger(trainer) is False

    def stop_at_3(trainer):
        if trainer.updater.iteration == 3:
            raise StopIteration

    trainer.extend(stop_at_3)
    with pytest.raises(StopIteration):
        trainer.run(show_loop_exception_msg=False)
    assert trainer.updater.iteration == 3


def test_reporter_observes_the_optimized_models(task):
    trainer = task.trainer(stop=(1, 'iteration'))
    names = set(trainer.reporter._observer_names.values())
    assert names == {'main', 'main/predictor'}
    trainer.run()
    assert set(trainer.observation) == {'main/loss', 'main/accuracy'}


def test_fresh_observation_each_iteration():
    observations = []
    trainer = testing.get_trainer_with_mock_updater((2, 'iteration'))

    def record(trainer):
        chainer.report({'i': trainer.updater.iteration})
        observations.append(trainer.observation)

    trainer.extend(record)
    trainer.run()
    assert observations[0] is not observations[1]
    assert [o['i'] for o in observations] == [1, 2]


def test_serialize_layout_and_elapsed_time(task):
    trainer = task.trainer(stop=(1, 'epoch'))
    trainer.extend(extensions.LogReport())
    trainer.extend(training.make_extension()(lambda t: None), name='plain')
    trainer.run()
    target = serializers.npz.serialize(trainer)
    keys = set(target)
    assert {'updater/iteration', 'updater/iterator:main/current_position',
            'updater/model:main/predictor/W', 'updater/optimizer:main/epoch',
            'stop_trigger/previous_iteration', 'stop_trigger/previous_epoch_detail',
            'extensions/LogReport/_log', 'extension_triggers/LogReport/previous_iteration',
            'extension_triggers/plain/previous_iteration',
            '_snapshot_elapsed_time'} <= keys
    assert not any(key.startswith('extensions/plain') for key in keys)
    assert target['_snapshot_elapsed_time'] == trainer.elapsed_time

    resumed = task.trainer(stop=(1, 'epoch'))
    resumed.extend(extensions.LogReport())
    resumed.extend(training.make_extension()(lambda t: None), name='plain')
    serializers.load_npz(_saved(target), resumed)
    assert resumed.updater.iteration == trainer.updater.iteration
    assert resumed._snapshot_elapsed_time == trainer.elapsed_time
    numpy.testing.assert_array_equal(
        resumed.updater.get_optimizer('main').target.predictor.W.array,
        trainer.updater.get_optimizer('main').target.predictor.W.array)


def _saved(target):
    buf = io.BytesIO()
    numpy.savez(buf, **target)
    buf.seek(0)
    return buf


def test_saving_before_training_needs_a_started_trainer():
    trainer = testing.get_trainer_with_mock_updater()
    with pytest.raises(RuntimeError, match='not been started'):
        serializers.npz.serialize(trainer)


def test_extend_by_name_builds_a_builtin_extension():
    trainer = testing.get_trainer_with_mock_updater()
    trainer.extend('LogReport', trigger=(2, 'iteration'), keys=['a'])
    ext = trainer.get_extension('LogReport')
    assert isinstance(ext, extensions.LogReport)
    assert ext._keys == ['a']
    assert str(trainer._extensions['LogReport'].trigger) == "IntervalTrigger(2, 'iteration')"
    trainer.extend('snapshot', filename='s_{.updater.iteration}')
    assert trainer.get_extension('_Snapshot').filename == 's_{.updater.iteration}'
    with pytest.raises(ValueError, match="'no_such_extension' is neither"):
        trainer.extend('no_such_extension')


testing.run_module(__name__, __file__)
