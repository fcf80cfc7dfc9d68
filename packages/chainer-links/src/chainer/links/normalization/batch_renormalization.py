"""Batch renormalization layer (``BatchRenormalization``)."""
from chainer import configuration
from chainer.functions.normalization import batch_normalization
from chainer.functions.normalization import batch_renormalization
from chainer.links.normalization import batch_normalization as batch_normalization_link


class BatchRenormalization(batch_normalization_link.BatchNormalization):
    """Batch renormalization layer on the outputs of linear or convolution layers.

    Like :class:`~chainer.links.BatchNormalization`, but in training the batch statistics
    are corrected towards the running averages with the factors ``r`` (clipped to
    ``[1 / rmax, rmax]``) and ``d`` (clipped to ``[-dmax, dmax]``), so that training and
    inference see the same normalization.

    Args:
        size (int or tuple of ints): Shape of the statistics and parameters.
        rmax (float): Upper bound of ``r``.
        dmax (float): Upper bound of ``|d|``.
        decay (float): Decay rate of the running averages.
        eps (float): Epsilon added to the variance.
        dtype: Data type of the parameters and statistics.
        use_gamma (bool): Whether to learn a scaling parameter ``gamma``.
        use_beta (bool): Whether to learn a shifting parameter ``beta``.
        initial_gamma: Initializer of ``gamma`` (1 by default).
        initial_beta: Initializer of ``beta`` (0 by default).
        initial_avg_mean: Initializer of :attr:`avg_mean` (0 by default).
        initial_avg_var: Initializer of :attr:`avg_var` (1 by default).

    Attributes:
        rmax (float): Upper bound of ``r``.
        dmax (float): Upper bound of ``|d|``.
    """

    def __init__(self, size, rmax=1, dmax=0, decay=0.9, eps=2e-5, dtype=None,
                 use_gamma=True, use_beta=True, initial_gamma=None, initial_beta=None,
                 initial_avg_mean=None, initial_avg_var=None):
        super().__init__(size, decay, eps, dtype, use_gamma, use_beta, initial_gamma,
                         initial_beta, initial_avg_mean=initial_avg_mean,
                         initial_avg_var=initial_avg_var)
        self.rmax = rmax
        self.dmax = dmax
        self.r = None
        self.d = None

    def forward(self, x, finetune=False):
        """Renormalizes ``x`` in training, normalizes it with the running averages in test.

        Args:
            x (~chainer.Variable or array): Input batch.
            finetune (bool): Whether to accumulate population statistics (training mode
                only).
        """
        gamma, beta = self._scale_and_shift()
        if configuration.config.train:
            decay = self._training_decay(finetune)
            return batch_renormalization.batch_renormalization(
                x, gamma, beta, self.rmax, self.dmax, self.eps, self.avg_mean, self.avg_var,
                decay, update_statistics=True)
        return batch_normalization.fixed_batch_normalization(
            x, gamma, beta, self.avg_mean, self.avg_var, self.eps)
