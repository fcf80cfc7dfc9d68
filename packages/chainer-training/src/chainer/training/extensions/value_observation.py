"""Extensions recording values in the observation: observe_value, observe_lr."""
from chainer.training import extension


def observe_value(observation_key, target_func):
    """Returns an extension recording ``target_func(trainer)`` under ``observation_key``.

    Args:
        observation_key (str): Key of the recorded value in the observation.
        target_func: Callable ``target_func(trainer)`` returning the value.

    .. admonition:: Example

        >>> import tempfile
        >>> from chainer import testing
        >>> from chainer.training import extensions
        >>> trainer = testing.get_trainer_with_mock_updater((1, 'iteration'))
        >>> trainer.extend(extensions.observe_value('answer', lambda trainer: 42),
        ...                trigger=(1, 'iteration'))
        >>> with tempfile.TemporaryDirectory() as out:
        ...     trainer.out = out  # the directory the trainer writes to
        ...     trainer.run()
        >>> trainer.observation['answer']  # reported at every trigger
        42
    """
    @extension.make_extension(trigger=(1, 'epoch'), priority=extension.PRIORITY_WRITER)
    def _observe_value(trainer):
        trainer.observation[observation_key] = target_func(trainer)
    return _observe_value


def observe_lr(optimizer_name='main', observation_key='lr'):
    """Returns an extension recording the learning rate ``lr`` of an optimizer.

    Args:
        optimizer_name (str): Name of the optimizer in the updater.
        observation_key (str): Key of the recorded value in the observation.

    .. admonition:: Example

        >>> import tempfile
        >>> from chainer import testing
        >>> from chainer.training import extensions
        >>> trainer = testing.get_trainer_with_mock_updater((1, 'iteration'))
        >>> trainer.updater.get_optimizer('main').lr = 0.01
        >>> trainer.extend(extensions.observe_lr(), trigger=(1, 'iteration'))
        >>> with tempfile.TemporaryDirectory() as out:
        ...     trainer.out = out  # the directory the trainer writes to
        ...     trainer.run()
        >>> trainer.observation['lr']
        0.01
    """
    return observe_value(
        observation_key, lambda trainer: trainer.updater.get_optimizer(optimizer_name).lr)
