"""What the batch normalization links share: running statistics updated with a ``decay``,
or, while fine-tuning, averaged over the ``N`` batches seen."""


class RunningStatistics:
    """Mixin (listed before the link class) of the links that keep running statistics of
    their training batches; they set ``decay`` and the batch count ``N``."""

    def _training_decay(self, finetune):
        # The decay of this training step: with finetune, the one that makes the statistics
        # the mean over the N batches seen (this one included).
        if finetune:
            self.N += 1
            return 1. - 1. / self.N
        return self.decay

    def start_finetuning(self):
        """Resets the batch count :attr:`N` of the population statistics (fine-tuning)."""
        self.N = 0
