"""ManualScheduleTrigger: fires at given iterations or epochs."""
from chainer.training.triggers import _progress


class ManualScheduleTrigger(_progress.PreviousProgress):
    """Trigger that fires when the training reaches one of the given points.

    A call that passes several points fires once.

    Args:
        points (int, float or list of them): The points.
        unit (str): ``'iteration'`` or ``'epoch'``.

    Attributes:
        points (list): The points.
        unit (str): Their unit.
        finished (bool): True once the last point was reached.
    """

    def __init__(self, points, unit):
        _progress.check_unit(unit)
        self.points = points if isinstance(points, list) else [points]
        self.unit = unit
        self.finished = False
        self._previous_iteration = 0
        self._previous_epoch_detail = 0.0

    def __call__(self, trainer):
        """Returns True if some point lies in (previous call, now]."""
        updater = trainer.updater
        previous, current = self._previous(updater)
        fire = any(previous < point <= current for point in self.points)
        if self.points and current >= max(self.points):
            self.finished = True
        self._remember(updater)
        return fire

    def serialize(self, serializer):
        """Saves or restores the progress at the last call and :attr:`finished`."""
        self._serialize_progress(serializer)
        self.finished = serializer('finished', self.finished)
