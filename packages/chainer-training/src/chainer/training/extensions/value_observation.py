"""Extensions recording values in the observation: observe_value, observe_lr."""
from chainer.training import extension


def observe_value(observation_key, target_func):
    """Returns an extension recording ``target_func(trainer)`` under ``observation_key``.

    Args:
        observation_key (str): Key of the recorded value in the observation.
        target_func: Callable ``target_func(trainer)`` returning the value.
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
    """
    return observe_value(
        observation_key, lambda trainer: trainer.updater.get_optimizer(optimizer_name).lr)
