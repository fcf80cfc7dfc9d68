"""Thin wrappers over ``cupy.cudnn`` used by the convolution and pooling functions (GPU only)."""
import chainer
from chainer.backends import cuda


def _version():
    return cuda.libcudnn.getVersion()


def should_use(level='>=auto'):
    """``chainer.backends.cuda.should_use_cudnn`` (config ``use_cudnn`` and availability)."""
    return cuda.should_use_cudnn(level)


def can_use_conv(x, W, ndim, cover_all, dilate, groups):
    """Whether cuDNN may run this convolution (config, dtypes and cuDNN version)."""
    if ndim < 2 or cover_all or x.dtype != W.dtype:
        return False
    if not cuda.should_use_cudnn('>=auto'):
        return False
    if any(d != 1 for d in dilate) and _version() < 6000:
        return False
    if groups > 1 and _version() < 7000:
        return False
    return True


def _conv_options(deterministic=False):
    config = chainer.config
    options = {
        'auto_tune': bool(config.autotune),
        'tensor_core': config.use_cudnn_tensor_core,
    }
    if deterministic:
        options['deterministic'] = bool(config.cudnn_deterministic)
    return options


def conv_forward(x, W, b, out_dims, stride, pad, dilate, groups):
    """Convolution forward with cuDNN; returns ``y`` of shape ``(N, Co, *out_dims)``."""
    cupy = cuda.cupy
    x = cupy.ascontiguousarray(x)
    W = cupy.ascontiguousarray(W)
    y = cupy.empty((x.shape[0], W.shape[0]) + tuple(out_dims), dtype=x.dtype)
    cuda.cudnn.convolution_forward(
        x, W, b, y, tuple(pad), tuple(stride), tuple(dilate), groups, **_conv_options())
    return y


def conv_backward_filter(x, gy, w_shape, stride, pad, dilate, groups):
    """Filter gradient of a convolution with cuDNN."""
    cupy = cuda.cupy
    x = cupy.ascontiguousarray(x)
    gy = cupy.ascontiguousarray(gy)
    gW = cupy.empty(w_shape, dtype=x.dtype)
    cuda.cudnn.convolution_backward_filter(
        x, gy, gW, tuple(pad), tuple(stride), tuple(dilate), groups,
        **_conv_options(deterministic=True))
    return gW


def conv_backward_data(W, gy, b, in_shape, stride, pad, dilate, groups):
    """Transposed convolution (data gradient) with cuDNN; ``b`` (or None) is added."""
    cupy = cuda.cupy
    W = cupy.ascontiguousarray(W)
    gy = cupy.ascontiguousarray(gy)
    gx = cupy.empty(in_shape, dtype=gy.dtype)
    cuda.cudnn.convolution_backward_data(
        W, gy, b, gx, tuple(pad), tuple(stride), tuple(dilate), groups,
        **_conv_options(deterministic=True))
    return gx


def pool_mode(kind, pad_value=0):
    """cuDNN pooling mode for ``'max'`` or ``'average'`` (pad counted unless pad_value is None)."""
    lib = cuda.libcudnn
    if kind == 'max':
        if chainer.config.cudnn_deterministic:
            return lib.CUDNN_POOLING_MAX_DETERMINISTIC
        return lib.CUDNN_POOLING_MAX
    if pad_value is None:
        return lib.CUDNN_POOLING_AVERAGE_COUNT_EXCLUDE_PADDING
    return lib.CUDNN_POOLING_AVERAGE_COUNT_INCLUDE_PADDING


def pool_forward(x, out_dims, ksize, stride, pad, mode):
    """Pooling forward with cuDNN."""
    cupy = cuda.cupy
    x = cupy.ascontiguousarray(x)
    y = cupy.empty(x.shape[:2] + tuple(out_dims), dtype=x.dtype)
    cuda.cudnn.pooling_forward(x, y, tuple(ksize), tuple(stride), tuple(pad), mode)
    return y


def pool_backward(x, y, gy, ksize, stride, pad, mode):
    """Pooling backward with cuDNN; returns ``gx``."""
    cupy = cuda.cupy
    return cuda.cudnn.pooling_backward(
        cupy.ascontiguousarray(x), cupy.ascontiguousarray(y), cupy.ascontiguousarray(gy),
        tuple(ksize), tuple(stride), tuple(pad), mode)
