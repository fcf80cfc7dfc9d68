"""Where the training stood when a trigger was last called (shared by the interval-like
triggers, and saved with them so that a resumed run fires where an uninterrupted one would)."""
import warnings

_MISSING_ITERATION = (
    'The previous value of iteration is not saved. {} guesses it using current iteration. '
    'If this trigger is not called at every iteration, it may not work correctly.')
_MISSING_EPOCH_DETAIL = (
    'The previous value of epoch_detail is not saved. {} uses the value of '
    'trainer.updater.previous_epoch_detail. If this trigger is not called at every '
    'iteration, it may not work correctly.')


class PreviousProgress:
    """Mixin remembering ``updater.iteration`` and ``updater.epoch_detail`` of the last call.

    A negative value means "unknown" (a snapshot without them was loaded); the progress just
    before the current iteration is then assumed.
    """

    _previous_iteration = 0
    _previous_epoch_detail = 0.0

    def _previous(self, updater):
        """Returns ``(previous, current)`` progress in this trigger's unit."""
        if self.unit == 'epoch':
            previous = self._previous_epoch_detail
            if previous < 0:
                previous = updater.previous_epoch_detail
            return previous, updater.epoch_detail
        previous = self._previous_iteration
        current = updater.iteration
        if previous < 0:
            previous = current - 1
        return previous, current

    def _remember(self, updater):
        self._previous_iteration = updater.iteration
        epoch_detail = getattr(updater, 'epoch_detail', None)
        if epoch_detail is not None:
            self._previous_epoch_detail = epoch_detail

    def _serialize_progress(self, serializer):
        name = type(self).__name__
        try:
            self._previous_iteration = serializer(
                'previous_iteration', self._previous_iteration)
        except KeyError:
            warnings.warn(_MISSING_ITERATION.format(name))
            self._previous_iteration = -1
        try:
            self._previous_epoch_detail = serializer(
                'previous_epoch_detail', self._previous_epoch_detail)
        except KeyError:
            warnings.warn(_MISSING_EPOCH_DETAIL.format(name))
            self._previous_epoch_detail = -1.0


def check_unit(unit):
    """Raises ``ValueError`` unless ``unit`` is ``'epoch'`` or ``'iteration'``."""
    if unit not in ('epoch', 'iteration'):
        raise ValueError("Trigger unit must be either 'epoch' or 'iteration'.")
