"""Base of the loss links that draw negative samples from a unigram distribution."""
from chainer import link
from chainer.utils import walker_alias


class SampledLossLink(link.Link):
    """Link holding a :class:`~chainer.utils.WalkerAlias` ``sampler`` that moves with it
    between devices.

    Args:
        probs (array): Unnormalized probabilities of the words.
        sample_size (int): Number of negative samples per example.
    """

    def __init__(self, probs, sample_size):
        super().__init__()
        self.sample_size = sample_size
        self.sampler = walker_alias.WalkerAlias(probs)

    def device_resident_accept(self, visitor):
        """Moves the parameters and the sampler."""
        super().device_resident_accept(visitor)
        self.sampler.to_device(self.device)
