"""OnceTrigger: fires at its first call only (optionally once more after a resume)."""


class OnceTrigger:
    """Trigger that fires once.

    Args:
        call_on_resume (bool): Also fire once at the first call after the trainer was
            restored from a snapshot.
    """

    def __init__(self, call_on_resume=False):
        self._flag_first = True
        self._flag_resumed = call_on_resume

    @property
    def finished(self):
        """True once the trigger has nothing left to fire (the trainer then skips the
        extension's ``initialize``)."""
        return not (self._flag_first or self._flag_resumed)

    def __call__(self, trainer):
        fire = self._flag_first or self._flag_resumed
        self._flag_first = self._flag_resumed = False
        return fire

    def serialize(self, serializer):
        """Saves or restores whether the first call happened."""
        self._flag_first = serializer('_flag_first', self._flag_first)
