"""Weight standardization (Qiao et al., 2019) as a link hook."""
import chainer.functions as F
from chainer import link_hook


def _standardize(W, eps):
    # Standardizes each output unit's weights (axis 0) to zero mean and unit variance over
    # all remaining axes.
    shape = W.shape
    W2 = F.reshape(W, (shape[0], -1))
    n = W2.shape[1]
    mean = F.sum(W2, axis=1, keepdims=True) / n
    centered = W2 - F.broadcast_to(mean, W2.shape)
    var = F.sum(centered * centered, axis=1, keepdims=True) / n
    std = (var + eps) ** 0.5
    return F.reshape(centered / F.broadcast_to(std, W2.shape), shape)


class WeightStandardization(link_hook.LinkHook):
    """Weight Standardization (WS) link hook implementation.

    This hook standardizes a weight by *weight statistics*: for each output unit (the first
    axis), the weights are shifted to zero mean and scaled to unit variance,

    .. math::

       \\hat{W}_{i,j} = \\dfrac{W_{i,j} - \\mu_{W_{i,\\cdot}}}
       {\\sqrt{\\sigma^2_{W_{i,\\cdot}} + \\epsilon}}

    This link hook implementation is for WS of convolution links (e.g.
    :class:`~chainer.links.Convolution2D`), and is meant to be combined with group
    normalization.

    See: S. Qiao et. al., `Weight Standardization <https://arxiv.org/abs/1903.10520>`_

    Args:
        eps (float): Numerical stability in standard deviation calculation.  The default
            value is 1e-5.
        weight_name (str): Link's weight name to apply this hook.  The default value is
            ``'W'``.
        name (str or None): Name of this hook.  The default value is
            ``'WeightStandardization'``.
    """

    name = 'WeightStandardization'

    def __init__(self, *, eps=1e-5, weight_name='W', name=None):
        self.eps = eps
        self.weight_name = weight_name
        self._initialized = False
        if name is not None:
            self.name = name

    def __enter__(self):
        raise NotImplementedError(
            'This hook is not supposed to be used as context manager.')

    def __exit__(self, *_):
        raise NotImplementedError

    def added(self, link):
        if not hasattr(link, self.weight_name):
            raise ValueError(
                'Weight \'{}\' does not exist!'.format(self.weight_name))
        if getattr(link, self.weight_name).array is not None:
            self._initialized = True

    def forward_preprocess(self, cb_args):
        link = cb_args.link
        input_variable = cb_args.args[0]
        if not self._initialized:
            if getattr(link, self.weight_name).array is None:
                if input_variable is not None:
                    link._initialize_params(input_variable.shape[1])
            self._initialized = True
        # Keep the Parameter so that it can be restored after the forward computation.
        self.original_weight = getattr(link, self.weight_name)
        setattr(link, self.weight_name, _standardize(self.original_weight, self.eps))

    def forward_postprocess(self, cb_args):
        link = cb_args.link
        setattr(link, self.weight_name, self.original_weight)
