"""ProgressBar: a console progress bar of the training."""
from chainer.training import extension
from chainer.training.extensions import util


class _TrainerProgressBar(util.ProgressBar):
    """The four lines of the training bar: total, this epoch, counts, speed."""

    def __init__(self, trainer, training_length, bar_length, out):
        super().__init__(bar_length, out)
        self.trainer = trainer
        self.training_length = training_length

    def get_lines(self):
        if self.training_length is None:
            stop_trigger = self.trainer.stop_trigger
            get_length = getattr(stop_trigger, 'get_training_length', None)
            if get_length is None:
                raise AttributeError(
                    'ProgressBar: the stop trigger {} has no get_training_length(); pass '
                    'training_length=(length, unit)'.format(type(stop_trigger).__name__))
            self.training_length = get_length()
        length, unit = self.training_length

        updater = self.trainer.updater
        iteration = updater.iteration
        epoch_detail = updater.epoch_detail
        done = iteration if unit == 'iteration' else epoch_detail
        lines = [
            self.bar_line('total', min(done / length, 1.0)),
            self.bar_line('this epoch', epoch_detail - updater.epoch),
            '{:10} iter, {} epoch / {} {}s\n'.format(iteration, updater.epoch, length, unit),
        ]
        iteration_speed, epoch_speed = self.update_speed(iteration, epoch_detail)
        speed = iteration_speed if unit == 'iteration' else epoch_speed
        lines.append(self.speed_line(iteration_speed, (length - done) / speed if speed else 0))
        return lines


class ProgressBar(extension.Extension):
    """Trainer extension drawing a progress bar of the training on the console.

    Args:
        training_length (tuple): ``(length, unit)`` of the training; read from the stop
            trigger (``get_training_length()``) when None.
        update_interval (int): Redraw every this many iterations.
        bar_length (int): Number of characters of a bar.
        out: Text stream to draw on.
    """

    def __init__(self, training_length=None, update_interval=100, bar_length=50, out=None):
        self._training_length = training_length
        self._update_interval = update_interval
        self._bar_length = bar_length
        self._out = out
        self._pbar = None

    def __call__(self, trainer):
        if self._pbar is None:
            self._pbar = _TrainerProgressBar(
                trainer, self._training_length, self._bar_length, self._out)
        if trainer.updater.iteration % self._update_interval == 0:
            self._pbar.update()

    def finalize(self):
        """Erases the bar."""
        if self._pbar is not None:
            self._pbar.close()
