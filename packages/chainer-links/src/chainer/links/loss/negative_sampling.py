"""Negative sampling loss layer (``NegativeSampling``)."""
import numpy

import chainer
from chainer.functions.loss import negative_sampling
from chainer import initializers
from chainer.links.loss import _sampled
from chainer.utils import argument


class NegativeSampling(_sampled.SampledLossLink):
    """Negative sampling loss layer (wraps :func:`~chainer.functions.negative_sampling`).

    For every example, ``sample_size`` negative words are drawn from the unigram
    distribution ``counts ** power`` by a :class:`~chainer.utils.WalkerAlias` sampler, which
    moves with the link between devices.

    Args:
        in_size (int): Dimension of the input vectors.
        counts (sequence of ints): Frequency of each word (its length is the vocabulary
            size).
        sample_size (int): Number of negative samples per example.
        power (float): Exponent applied to the counts.
        dtype: Accepted and unused, as in v7 (``W`` takes ``chainer.config.dtype``).

    Attributes:
        W (~chainer.Parameter): ``(len(counts), in_size)`` output embeddings (initialized
            to 0).
        sampler (~chainer.utils.WalkerAlias): The negative sampler.
        sample_size (int): Number of negative samples per example.
    """

    def __init__(self, in_size, counts, sample_size, power=0.75, dtype=None):
        probs = numpy.array(counts, numpy.float32)
        numpy.power(probs, numpy.float32(power), out=probs)
        super().__init__(probs, sample_size)
        with self.init_scope():
            self.W = chainer.Parameter(
                initializers.Zero(chainer.get_dtype()), (len(counts), in_size))

    def forward(self, x, t, reduce='sum', **kwargs):
        """Computes the loss.

        Args:
            x (~chainer.Variable or array): ``(batch, in_size)`` input vectors.
            t (~chainer.Variable or array): ``(batch,)`` ``int32`` target word ids (``-1``:
                ignored).
            reduce (str): ``'sum'`` (a scalar) or ``'no'`` (one loss per example).
            return_samples (bool): Whether to also return the ``(batch, sample_size + 1)``
                word ids used (the target first; keyword only).

        Returns:
            ~chainer.Variable or tuple: The loss, and the samples when ``return_samples``.
        """
        return_samples, = argument.parse_kwargs(kwargs, ('return_samples', False))
        return negative_sampling.negative_sampling(
            x, t, self.W, self.sampler.sample, self.sample_size, reduce=reduce,
            return_samples=return_samples)
