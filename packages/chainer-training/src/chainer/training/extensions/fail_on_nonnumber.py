"""FailOnNonNumber: stops the training when a parameter becomes NaN or infinite."""
from chainer.training import extension


class FailOnNonNumber(extension.Extension):
    """Trainer extension raising :class:`RuntimeError` when some parameter of an optimizer's
    target holds a NaN or an infinity (the training diverged)."""

    def __call__(self, trainer):
        for name, optimizer in trainer.updater.get_all_optimizers().items():
            target = optimizer.target
            xp = target.xp
            for param in target.params():
                array = param.array
                if array is not None and not xp.isfinite(array).all():
                    raise RuntimeError(
                        "Kill the process since parameters in optimizer '{}' diverge. "
                        'R.I.P.'.format(name))
