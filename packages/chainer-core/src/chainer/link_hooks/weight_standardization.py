"""``WeightStandardization``: per-output-unit standardization of a link's weight.

Described by Qiao et al., 2019 (https://arxiv.org/abs/1903.10520); meant mainly for
convolutions followed by group normalization.
"""
import chainer.functions as F
from chainer import link_hook


def _standardize(W, eps):
    # Rows of the (out, -1) view get zero mean and unit variance (population variance + eps);
    # multiplying by the reciprocal square root rounds as v7 does.
    rows = F.reshape(W, (W.shape[0], -1))
    centered = rows - F.broadcast_to(F.mean(rows, axis=1, keepdims=True), rows.shape)
    variance = F.mean(centered * centered, axis=1, keepdims=True)
    return F.reshape(centered * F.broadcast_to(F.rsqrt(variance + eps), rows.shape), W.shape)


class WeightStandardization(link_hook.LinkHook):
    """Link hook that standardizes a weight before every forward call of the link.

    For every output unit ``i`` (first axis of the weight), the weights ``W[i]`` are replaced by

    .. math::

       \\hat{W}_i = \\frac{W_i - \\mathrm{mean}(W_i)}{\\sqrt{\\mathrm{var}(W_i) + \\epsilon}}

    inside the computational graph, so the gradients flow to the original parameter, which is
    put back after the call.  The hook must be attached with ``link.add_hook``; lazily
    initialized weights are initialized from the first input.

    Args:
        eps (float): Added to the variance (1e-5 by default).
        weight_name (str): Attribute name of the weight (``'W'`` by default).
        name (str or None): Name of the hook (``'WeightStandardization'`` by default).
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
            'WeightStandardization must be added to a link; it cannot be used as a context '
            'manager.')

    def __exit__(self, *exc_info):
        raise NotImplementedError

    def added(self, link):
        if not hasattr(link, self.weight_name):
            raise ValueError("Weight '{}' does not exist!".format(self.weight_name))
        self._initialized = getattr(link, self.weight_name).array is not None

    def forward_preprocess(self, cb_args):
        link = cb_args.link
        if not self._initialized:
            x = cb_args.args[0]
            if getattr(link, self.weight_name).array is None and x is not None:
                link._initialize_params(x.shape[1])
            self._initialized = True
        self.original_weight = getattr(link, self.weight_name)
        setattr(link, self.weight_name, _standardize(self.original_weight, self.eps))

    def forward_postprocess(self, cb_args):
        setattr(cb_args.link, self.weight_name, self.original_weight)
