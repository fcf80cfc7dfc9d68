"""CUDA code generators for N-dimensional max pooling without cuDNN."""
from chainer.functions.pooling import pooling_nd_kernel


class MaxPoolingNDKernelForward(pooling_nd_kernel.PoolingNDKernelForward):
    """Outputs ``y`` (window maxima) and ``indexes`` (their positions inside the window)."""

    name = 'max_pool_nd_fwd'

    def out_params(self):
        return ['T y', 'S indexes']

    def before(self):
        return 'T maxval = (T)(-INFINITY); int argmax = 0;'

    def main(self):
        return 'if (maxval < v) { maxval = v; argmax = kk; }'

    def after(self):
        return 'y = maxval; indexes = argmax;'


class MaxPoolingNDKernelForwardWithIndexes(pooling_nd_kernel.PoolingNDKernelForward):
    """Picks ``in`` at the window positions ``indexes`` (zero where that is padding)."""

    name = 'max_pool_nd_fwd_idx'

    def in_params(self):
        return ['raw S indexes']

    def out_params(self):
        return ['T y']

    def before(self):
        return 'T val = 0; int target = indexes[i];'

    def main(self):
        return 'if (kk == target) { val = v; }'

    def after(self):
        return 'y = val;'


class MaxPoolingNDKernelForwardWithIndexes1(pooling_nd_kernel.PoolingNDKernelForward):
    """Recomputes the argmax of every window of ``x_in`` (the pooled input) and picks the
    element of ``ggx`` there (used when the forward pass ran on cuDNN)."""

    name = 'max_pool_nd_fwd_idx1'

    def in_params(self):
        return ['raw T ggx']

    def out_params(self):
        return ['T y']

    def before(self):
        return 'T maxval = (T)(-INFINITY); T val = 0;'

    def main(self):
        return 'if (maxval < v) { maxval = v; val = ggx[off]; }'

    def after(self):
        return 'y = val;'


class MaxPoolingNDKernelBackward(pooling_nd_kernel.PoolingNDKernelBackward):
    """Routes every ``gy`` to the argmax recorded in ``indexes``."""

    name = 'max_pool_nd_bwd'

    def in_params(self):
        return ['raw S indexes']

    def main(self):
        return 'if (indexes[ooff] == kk) { val = val + gy[ooff]; }'
