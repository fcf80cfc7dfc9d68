"""BlackOut loss layer (``BlackOut``)."""
import numpy

import chainer
from chainer.functions.loss import black_out
from chainer.links.loss import _sampled


class BlackOut(_sampled.SampledLossLink):
    """BlackOut loss layer: a sampled approximation of the softmax cross entropy over a
    large vocabulary (wraps :func:`~chainer.functions.black_out`).

    Negative samples are drawn from the unigram distribution ``counts`` (one set of
    ``sample_size`` per example) by a :class:`~chainer.utils.WalkerAlias` sampler, which
    moves with the link between devices.

    Args:
        in_size (int): Dimension of the input vectors.
        counts (sequence of ints): Frequency of each word (its length is the vocabulary
            size).
        sample_size (int): Number of negative samples per example.

    Attributes:
        W (~chainer.Parameter): ``(len(counts), in_size)`` output embeddings (filled with
            NaN until trained or loaded, as in Chainer v7).
        sampler (~chainer.utils.WalkerAlias): The negative sampler.
        sample_size (int): Number of negative samples per example.
        sample_data (array): Fixed samples to use instead of drawing (``None``: draw).
    """

    sample_data = None

    def __init__(self, in_size, counts, sample_size):
        super().__init__(numpy.array(counts, numpy.float32), sample_size)
        with self.init_scope():
            self.W = chainer.Parameter(shape=(len(counts), in_size))

    def forward(self, x, t):
        """Computes the loss averaged over the batch.

        Args:
            x (~chainer.Variable or array): ``(batch, in_size)`` input vectors.
            t (~chainer.Variable or array): ``(batch,)`` ``int32`` target word ids.

        Returns:
            ~chainer.Variable: A scalar loss.
        """
        if self.sample_data is not None:
            samples = self.sample_data
        else:
            samples = self.sampler.sample((x.shape[0], self.sample_size))
        return black_out.black_out(x, t, self.W, samples)
