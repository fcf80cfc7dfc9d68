"""CUDA code generators for N-dimensional average pooling without cuDNN.

``count_pad`` (int32) selects the divisor: the window size (1, ``pad_value=0``) or the number
of non-padded elements (0, ``pad_value=None``).
"""
from chainer.functions.pooling import pooling_nd_kernel


class AveragePoolingNDKernelForward(pooling_nd_kernel.PoolingNDKernelForward):
    """Window averages."""

    name = 'avg_pool_nd_fwd'

    def in_params(self):
        return ['int32 count_pad', 'int32 window']

    def out_params(self):
        return ['T y']

    def before(self):
        return 'T val = 0; int n = 0;'

    def main(self):
        return 'val = val + v; n++;'

    def after(self):
        return 'y = val / (T)(count_pad ? window : n);'


class AveragePoolingNDKernelBackward(pooling_nd_kernel.PoolingNDKernelBackward):
    """Spreads every ``gy`` evenly over its window."""

    name = 'avg_pool_nd_bwd'

    def in_params(self):
        return ['int32 count_pad', 'int32 window']

    def main(self):
        return 'val = val + gy[ooff] / (T)(count_pad ? window : cnt);'
