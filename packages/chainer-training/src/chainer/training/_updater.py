"""The updater interface: :class:`Updater`."""


class Updater:
    """Interface of updaters, which run one training step per :meth:`update`.

    The trainer reads ``iteration`` (and usually ``epoch``, ``epoch_detail``,
    ``previous_epoch_detail``, ``is_new_epoch``) from its updater.
    """

    def connect_trainer(self, trainer):
        """Called by the trainer being built on this updater (nothing by default).

        Args:
            trainer (~chainer.training.Trainer): The trainer.
        """
        pass

    def finalize(self):
        """Releases the resources (e.g. the iterators) at the end of training."""
        raise NotImplementedError

    def get_optimizer(self, name):
        """Returns the optimizer registered under ``name``."""
        raise NotImplementedError

    def get_all_optimizers(self):
        """Returns a dict of all the optimizers by name."""
        raise NotImplementedError

    def update(self):
        """Runs one update step and advances the iteration count."""
        raise NotImplementedError

    def serialize(self, serializer):
        """Saves or restores the state of the updater."""
        raise NotImplementedError
