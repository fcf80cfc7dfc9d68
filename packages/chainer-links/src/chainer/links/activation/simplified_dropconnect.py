"""Fully-connected layer with simplified DropConnect (``SimplifiedDropconnect``)."""
import numpy

from chainer.functions.noise import simplified_dropconnect
from chainer import initializers
from chainer import link
from chainer.links import _parameters
from chainer import utils


class SimplifiedDropconnect(link.Link):
    """Fully-connected layer whose weights are dropped at random in training (wraps
    :func:`~chainer.functions.simplified_dropconnect`).

    Args:
        in_size (int or None): Input dimension (``None``: decided at the first call).
        out_size (int): Output dimension.
        ratio (float): Dropping ratio of the weights.
        nobias (bool): Whether to leave the bias out.
        initialW: Initializer of the weight (``HeNormal(1 / sqrt(2))`` by default).
        initial_bias: Initializer of the bias (0 by default).

    Attributes:
        W (~chainer.Parameter): ``(out_size, in_size)`` weight.
        b (~chainer.Parameter): ``(out_size,)`` bias, or ``None`` when ``nobias``.
        out_size (int): Output dimension.
        ratio (float): Dropping ratio.
    """

    def __init__(self, in_size, out_size, ratio=.5, nobias=False, initialW=None,
                 initial_bias=None):
        super().__init__()
        self.out_size = out_size
        self.ratio = ratio
        with self.init_scope():
            self.W = _parameters.weight_parameter(
                initialW, default=initializers.HeNormal(1. / numpy.sqrt(2)))
            if in_size is not None:
                self._initialize_params(in_size)
            self.b = _parameters.bias_parameter(nobias, initial_bias, out_size)

    def _initialize_params(self, in_size):
        self.W.initialize((self.out_size, in_size))

    def forward(self, x, train=True, mask=None, use_batchwise_mask=True):
        """Applies the layer to ``x`` (the axes after the batch axis are flattened).

        Args:
            x (~chainer.Variable or array): Input batch.
            train (bool): Whether to drop weights (regardless of ``chainer.config.train``).
            mask (array): Weight mask to use instead of a random one (``(batch, out_size,
                in_size)`` or ``(out_size, in_size)``).
            use_batchwise_mask (bool): Whether every sample gets its own mask.

        The first mask given is kept as the persistent value ``mask`` (as in v7).
        """
        if self.W.array is None:
            self._initialize_params(utils.size_of_shape(x.shape[1:]))
        if mask is not None and 'mask' not in self.__dict__:
            self.add_persistent('mask', mask)
        return simplified_dropconnect.simplified_dropconnect(
            x, self.W, self.b, self.ratio, train, mask, use_batchwise_mask)
