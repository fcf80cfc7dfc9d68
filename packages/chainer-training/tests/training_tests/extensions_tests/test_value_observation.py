"""observe_value and observe_lr."""
import chainer
from chainer import testing
from chainer import training
from chainer.training import extensions


def test_observe_value():
    extension = extensions.observe_value('it', lambda trainer: trainer.updater.iteration * 2)
    assert (extension.trigger, extension.priority, extension.default_name) == (
        (1, 'epoch'), training.PRIORITY_WRITER, '_observe_value')
    trainer = testing.get_trainer_with_mock_updater((3, 'iteration'))
    trainer.extend(extension, trigger=(1, 'iteration'))
    trainer.run()
    assert trainer.observation == {'it': 6}


def test_observe_lr(task):
    optimizer = chainer.optimizers.SGD(lr=0.25)
    optimizer.setup(task.model())
    trainer = testing.get_trainer_with_mock_updater((1, 'iteration'))
    trainer.updater.get_optimizer.return_value = optimizer
    trainer.extend(extensions.observe_lr(observation_key='learning_rate'),
                   trigger=(1, 'iteration'))
    trainer.run()
    assert trainer.observation == {'learning_rate': 0.25}
    trainer.updater.get_optimizer.assert_called_with('main')
