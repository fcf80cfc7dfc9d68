"""``MultiNodeBatchNormalization``: batch normalization over the batches of all processes."""
import copy

import numpy

import chainer
from chainer import configuration
from chainer.functions.normalization import batch_normalization
from chainer import initializer
from chainer import initializers
from chainer import link
from chainer import variable
from chainermn.functions import batch_normalization as mn_batch_normalization


class MultiNodeBatchNormalization(link.Link):
    """Batch normalization layer that uses the statistics of the whole global batch.

    :class:`chainer.links.BatchNormalization` computes the mean and variance of the local
    batch of each process; with small local batches these are unreliable. This link sums the
    statistics of all processes, so that every process normalizes with those of the global
    batch (as one process with the whole batch would). In test mode it uses its running
    averages like ``BatchNormalization``.

    Args:
        size (int or tuple of ints): Shape of the channel axes.
        comm: ChainerMN communicator that sums the statistics.
        decay (float): Decay rate of the running averages (training).
        eps (float): Epsilon added to the variance for numerical stability.
        dtype: dtype of the parameters and statistics (``chainer.config.dtype`` by default).
        use_gamma (bool): Whether to learn a scaling parameter ``gamma``.
        use_beta (bool): Whether to learn a shifting parameter ``beta``.
        initial_gamma: Initializer of ``gamma`` (1 by default).
        initial_beta: Initializer of ``beta`` (0 by default).
        communication_backend (str): ``'mpi'``, ``'nccl'`` or ``'auto'`` (the best for the
            communicator).

    Attributes:
        avg_mean, avg_var (:ref:`ndarray`): Running averages (persistent; both start at 0).
        N (int): Number of batches in fine-tuning mode (persistent).
    """

    def __init__(self, size, comm, decay=0.9, eps=2e-5, dtype=None, use_gamma=True,
                 use_beta=True, initial_gamma=None, initial_beta=None,
                 communication_backend='auto'):
        super().__init__()
        self._highprec_dtype = dtype = chainer.get_dtype(dtype, map_mixed16=numpy.float32)
        self.comm = comm
        self._communication_backend = mn_batch_normalization.get_communication_backend(
            comm, communication_backend)
        self.add_persistent('avg_mean', numpy.zeros(size, dtype=dtype))
        self.add_persistent('avg_var', numpy.zeros(size, dtype=dtype))
        self.add_persistent('N', 0)
        self.decay = decay
        self.eps = eps
        with self.init_scope():
            if use_gamma:
                self.gamma = variable.Parameter(_typed_initializer(initial_gamma, 1, dtype), size)
            if use_beta:
                self.beta = variable.Parameter(_typed_initializer(initial_beta, 0, dtype), size)

    def __deepcopy__(self, memo):
        comm = self.comm
        self.comm = None
        try:
            new = copy.copy(self)
            new.__dict__ = copy.deepcopy(self.__dict__, memo)
        finally:
            self.comm = comm
        new.comm = comm
        return new

    def _constant(self, fill):
        return variable.Variable(
            self.xp.full(self.avg_mean.shape, fill, dtype=self._highprec_dtype))

    def forward(self, x, finetune=False):
        """Normalizes ``x`` with the global batch statistics (running averages in test mode).

        Args:
            x (~chainer.Variable or array): The local batch.
            finetune (bool): Accumulate the population statistics (training mode).

        Returns:
            ~chainer.Variable: The normalized batch.
        """
        # without use_gamma/use_beta the link has no such attribute, as ChainerMN's
        gamma = getattr(self, 'gamma', None)
        if gamma is None:
            gamma = self._constant(1)
        beta = getattr(self, 'beta', None)
        if beta is None:
            beta = self._constant(0)
        if not configuration.config.train:
            return batch_normalization.fixed_batch_normalization(
                x, gamma, beta, self.avg_mean, self.avg_var, self.eps)
        if finetune:
            self.N += 1
            decay = 1. - 1. / self.N
        else:
            decay = self.decay
        return mn_batch_normalization.multi_node_batch_normalization(
            x, gamma, beta, self.comm, eps=self.eps, running_mean=self.avg_mean,
            running_var=self.avg_var, decay=decay,
            communication_backend=self._communication_backend)

    def start_finetuning(self):
        """Resets the batch count :attr:`N` of the population statistics (fine-tuning)."""
        self.N = 0


def _typed_initializer(initial, default, dtype):
    """The initializer of the argument ``initial`` (``default`` when None) that makes ``dtype``
    arrays (a given Initializer object is copied, not modified). A Parameter initialized by
    it starts with a NaN gradient, as v7's."""
    init = initializers._get_initializer(default if initial is None else initial)
    if isinstance(init, initializer.Initializer):
        init = copy.copy(init)
        init.dtype = dtype
    return init
