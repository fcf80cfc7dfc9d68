"""unchain_variables: cuts the graphs kept in the observation."""
import numpy

import chainer
import chainer.functions as F
from chainer import testing
from chainer.training import extensions


def test_trigger_follows_the_previous_flag():
    extension = extensions.unchain_variables()
    assert extension.priority == 0
    extension.initialize(None)
    assert extension.trigger(None) is False
    with chainer.using_config('keep_graph_on_report', True):
        assert extension.trigger(None) is False
        assert extension.trigger(None) is True
    assert extension.trigger(None) is True
    assert extension.trigger(None) is False


def test_unchains_reported_variables():
    x = chainer.Variable(numpy.ones(3, numpy.float32))
    trainer = testing.get_trainer_with_mock_updater((2, 'iteration'))
    kept = []

    def report(trainer):
        with chainer.using_config('keep_graph_on_report', True):
            y = F.sum(x * 2)
            chainer.report({'y': y, 'n': 1})
        kept.append(trainer.observation['y'])

    trainer.extend(report)
    trainer.extend(extensions.unchain_variables())
    with chainer.using_config('keep_graph_on_report', True):
        trainer.run()
    assert all(y.creator is None for y in kept)
