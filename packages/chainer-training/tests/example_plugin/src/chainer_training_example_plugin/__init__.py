"""An example third-party trainer extension: :class:`Throughput`."""
from chainer import training


class Throughput(training.Extension):
    """Records the training speed (iterations per second since the last call) in the
    observation under ``key``.

    Args:
        key (str): Observation key of the speed.
    """

    trigger = 1, 'epoch'
    priority = training.PRIORITY_WRITER

    def __init__(self, key='iterations/sec'):
        self.key = key
        self._last = None  # (iteration, elapsed time) at the previous call

    def __call__(self, trainer):
        now = trainer.updater.iteration, trainer.elapsed_time
        previous = self._last or (0, 0.0)
        seconds = now[1] - previous[1]
        if seconds > 0:
            trainer.observation[self.key] = (now[0] - previous[0]) / seconds
        self._last = now
