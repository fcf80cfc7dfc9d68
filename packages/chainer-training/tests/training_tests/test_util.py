"""get_trigger and the compatibility modules chainer.training.trigger / .updater."""
import pytest

from chainer import training
from chainer.training import trigger as trigger_module
from chainer.training import updater as updater_module
from chainer.training import util


def test_get_trigger():
    def custom(trainer):
        return True

    assert training.get_trigger(custom) is custom
    never = training.get_trigger(None)
    assert never(None) is False
    interval = training.get_trigger((3, 'epoch'))
    assert isinstance(interval, training.triggers.IntervalTrigger)
    assert (interval.period, interval.unit) == (3, 'epoch')
    with pytest.raises(TypeError):
        training.get_trigger(5)
    with pytest.raises(ValueError, match="either 'epoch' or 'iteration'"):
        training.get_trigger((1, 'minute'))


def test_compatibility_modules():
    assert trigger_module.get_trigger is util.get_trigger is training.get_trigger
    assert trigger_module.IntervalTrigger is training.triggers.IntervalTrigger
    assert training.IntervalTrigger is training.triggers.IntervalTrigger
    assert updater_module.Updater is training.Updater
    assert updater_module.StandardUpdater is training.updaters.StandardUpdater
    assert updater_module.ParallelUpdater is training.updaters.ParallelUpdater


def test_updater_interface():
    updater = training.Updater()
    assert updater.connect_trainer(None) is None
    for method, args in (('finalize', ()), ('get_optimizer', ('main',)),
                         ('get_all_optimizers', ()), ('update', ()),
                         ('serialize', (None,))):
        with pytest.raises(NotImplementedError):
            getattr(updater, method)(*args)
