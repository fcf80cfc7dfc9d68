"""Batch normalization (training mode with batch statistics, and fixed statistics)."""
import collections.abc
import warnings

import numpy

import chainer
from chainer import backend
from chainer import function_node
from chainer.backends import cuda
from chainer.utils import argument
from chainer.utils import type_check

_CUDNN_BN_MIN_EPSILON = 1e-5
_LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'


def _axis_tuple(axis):
    """The ``axis`` argument as a tuple (or None), with v7's errors: it must be an int, a
    strictly ascending sequence of ints or None (RuntimeError otherwise)."""
    if axis is None:
        return None
    if isinstance(axis, int):
        return (axis,)
    if isinstance(axis, collections.abc.Sequence):
        if any(a >= b for a, b in zip(axis, axis[1:])):
            raise RuntimeError('numbers in axis must be sorted in ascending order')
        return tuple(axis)
    raise RuntimeError('axis must be int, tuple of int or None')


def _compute_axis(x_ndim, gamma_ndim=1, axis=None):
    """Returns the sorted tuple of non-negative axes the statistics are computed over."""
    if axis is None:
        return (0,) + tuple(range(gamma_ndim + 1, x_ndim))
    if isinstance(axis, (int, numpy.integer)):
        axis = (axis,)
    return tuple(sorted(int(a) % x_ndim if -x_ndim <= a < x_ndim else int(a) for a in axis))


def _compute_key_axis(x_ndim, gamma_ndim=1, axis=None):
    """Returns the axes of ``x`` that ``gamma`` runs along (the channel axes)."""
    axis = _compute_axis(x_ndim, gamma_ndim, axis)
    return tuple(i for i in range(x_ndim) if i not in axis)


def _check_axis_types(x_type, gamma_type, axis):
    x_ndim = type_check.eval(x_type.ndim)
    gamma_ndim = type_check.eval(gamma_type.ndim)
    if axis is not None:
        for a in axis:
            type_check.expect(-x_type.ndim <= a, a < x_type.ndim)
        type_check.expect(x_type.ndim >= len(axis))
        if len(set(a % x_ndim for a in axis)) != len(axis):
            raise type_check.InvalidType('unique axes', 'duplicate axes {}'.format(axis))
    else:
        type_check.expect(x_type.ndim >= gamma_type.ndim + 1)
    key_axis = _compute_key_axis(x_ndim, gamma_ndim, axis)
    type_check.expect(gamma_type.ndim == len(key_axis))
    for i, k in enumerate(key_axis):
        type_check.expect(x_type.shape[k] == gamma_type.shape[i])


def _compute_dtype(x_dtype, gamma_dtype):
    # Statistics are computed at least in float32 (float16 sums lose too much).
    return numpy.promote_types(numpy.promote_types(x_dtype, gamma_dtype), numpy.float32)


def _broadcast_shape(x_shape, key_axis):
    return tuple(s if i in key_axis else 1 for i, s in enumerate(x_shape))


def _sum_prod(a, b, key_axis, bshape, dtype):
    """``(a * b).sum(axes not in key_axis, keepdims=True)`` without a temporary on CPU."""
    if type(a) is numpy.ndarray:
        s = _LETTERS[:a.ndim]
        out = ''.join(s[i] for i in key_axis)
        kwargs = {} if a.dtype == dtype and b.dtype == dtype else {'dtype': dtype}
        return numpy.einsum('{0},{0}->{1}'.format(s, out), a, b, **kwargs).reshape(bshape)
    axis = tuple(i for i in range(a.ndim) if i not in key_axis)
    return (a * b).sum(axis=axis, dtype=dtype, keepdims=True)


def _warn_single_sample(x_shape, axis):
    if all(x_shape[i] == 1 for i in axis):
        if 0 in axis:
            warnings.warn(
                'A batch with no more than one sample has been given to'
                ' F.batch_normalization. F.batch_normalization will always output a zero'
                ' tensor for such batches. This could be caused by incorrect configuration'
                ' in your code (such as running evaluation while chainer.config.train=True),'
                ' but could also happen in the last batch of training if non-repeating'
                ' iterator is used.', UserWarning)
        else:
            warnings.warn(
                'F.batch_normalization received a batch with single dimensions along all'
                ' axes that are used for aggregating statistics. F.batch_normalization will'
                ' always output a zero tensor for such batches.', UserWarning)


class GeneralBatchNormalizationImpl:
    """Batch normalization computed with array operations (NumPy or CuPy).

    On the CPU the forward pass is ``mean`` + one centered copy + one fused sum of squares +
    two in-place passes; the backward pass needs two reductions (``sum(gy)`` and
    ``sum(gy * x)``, no temporary) and three elementwise passes for ``gx``.

    Statistics are returned with the channel axes kept (shape ``bshape``) in the compute
    dtype (at least float32).
    """

    def __init__(self, axis, key_axis, bshape):
        self.axis = axis
        self.key_axis = key_axis
        self.bshape = bshape

    def forward(self, x, gamma, beta, eps):
        """Returns ``y, mean, var, inv_std`` (statistics have shape ``bshape``)."""
        xp = backend.get_array_module(x)
        dtype = _compute_dtype(x.dtype, gamma.dtype)
        bshape = self.bshape
        m = x.size // max(gamma.size, 1)
        mean = x.mean(axis=self.axis, dtype=dtype, keepdims=True)
        xc = xp.subtract(x, mean, dtype=dtype)
        var = _sum_prod(xc, xc, self.key_axis, bshape, dtype)
        var /= max(m, 1)
        inv_std = var + dtype.type(eps)
        xp.sqrt(inv_std, out=inv_std)
        xp.reciprocal(inv_std, out=inv_std)
        scale = gamma.reshape(bshape) * inv_std
        xc *= scale
        xc += beta.reshape(bshape)
        return xc.astype(x.dtype, copy=False), mean, var, inv_std

    def backward(self, x, gamma, gy, mean, inv_std, need_gx=True):
        """Returns ``gx`` (None unless ``need_gx``), ``ggamma`` and ``gbeta``."""
        xp = backend.get_array_module(x)
        dtype = mean.dtype
        bshape = self.bshape
        m = x.size // max(gamma.size, 1)
        gbeta = gy.sum(axis=self.axis, dtype=dtype, keepdims=True)
        ggamma = _sum_prod(gy, x, self.key_axis, bshape, dtype)
        ggamma -= mean * gbeta
        ggamma *= inv_std
        gx = None
        if need_gx:
            # gx = coef * (gy - (x_hat * ggamma + gbeta) / m)
            #    = coef * (gy + x * b + c) with per-channel b and c: one buffer, 4 passes.
            coef = gamma.reshape(bshape) * inv_std
            inv_m = dtype.type(1. / max(m, 1))
            b = -inv_std * ggamma * inv_m
            c = -gbeta * inv_m - b * mean
            gx = xp.multiply(x, b, dtype=dtype)
            gx += gy
            gx += c
            gx *= coef
            gx = gx.astype(x.dtype, copy=False)
        return (gx, ggamma.reshape(gamma.shape).astype(gamma.dtype, copy=False),
                gbeta.reshape(gamma.shape).astype(gamma.dtype, copy=False))


def _cudnn_param_dtype(x_dtype):
    return numpy.dtype(numpy.float32) if x_dtype == numpy.float16 else numpy.dtype(x_dtype)


def _can_use_cudnn(x, gamma, axis, eps):
    # Spatial batch normalization of NCHW images: the configuration cuDNN handles for all
    # float dtypes (the other layouts use the CuPy code).
    return (x.ndim == 4 and gamma.ndim == 1 and axis == (0, 2, 3) and
            eps >= _CUDNN_BN_MIN_EPSILON and cuda.should_use_cudnn('>=auto', 5000))


def _cudnn_mode(inference=False):
    libcudnn = cuda.libcudnn
    if chainer.config.cudnn_fast_batch_normalization and not inference:
        return libcudnn.CUDNN_BATCHNORM_SPATIAL_PERSISTENT
    return libcudnn.CUDNN_BATCHNORM_SPATIAL


class _CudnnBatchNormalizationImpl:
    """Batch normalization with ``cupy.cudnn`` (NCHW, spatial mode)."""

    def forward(self, x, gamma, beta, eps, decay, running_mean, running_var):
        cupy = cuda.cupy
        pdtype = _cudnn_param_dtype(x.dtype)
        x = cupy.ascontiguousarray(x)
        gamma_ = cupy.ascontiguousarray(gamma, dtype=pdtype)
        beta_ = cupy.ascontiguousarray(beta, dtype=pdtype)
        rm = cupy.ascontiguousarray(running_mean, dtype=pdtype)
        rv = cupy.ascontiguousarray(running_var, dtype=pdtype)
        mean = cupy.empty(gamma.shape, pdtype)
        inv_std = cupy.empty(gamma.shape, pdtype)
        ret = cuda.cudnn.batch_normalization_forward_training(
            x, gamma_, beta_, rm, rv, mean, inv_std, eps, decay, True, _cudnn_mode(),
            chainer.is_debug())
        y = ret[0] if isinstance(ret, tuple) else ret
        if rm is not running_mean:
            running_mean[...] = rm
        if rv is not running_var:
            running_var[...] = rv
        return y, mean, inv_std

    def backward(self, x, gamma, gy, mean, inv_std, eps):
        cupy = cuda.cupy
        pdtype = _cudnn_param_dtype(x.dtype)
        gx, ggamma, gbeta = cuda.cudnn.batch_normalization_backward(
            cupy.ascontiguousarray(x), cupy.ascontiguousarray(gamma, dtype=pdtype),
            cupy.ascontiguousarray(gy), mean, inv_std, eps, True, _cudnn_mode(),
            chainer.is_debug())
        return (gx.astype(x.dtype, copy=False), ggamma.astype(gamma.dtype, copy=False),
                gbeta.astype(gamma.dtype, copy=False))

    def forward_inference(self, x, gamma, beta, mean, var, eps):
        cupy = cuda.cupy
        pdtype = _cudnn_param_dtype(x.dtype)
        return cuda.cudnn.batch_normalization_forward_inference(
            cupy.ascontiguousarray(x), cupy.ascontiguousarray(gamma, dtype=pdtype),
            cupy.ascontiguousarray(beta, dtype=pdtype), cupy.ascontiguousarray(mean, dtype=pdtype),
            cupy.ascontiguousarray(var, dtype=pdtype), eps, True, _cudnn_mode(True))


def _zero_if_none(xp, v, shape, dtype):
    if v is None:
        return chainer.Variable(xp.zeros(shape, dtype), requires_grad=False)
    return v


def _as_dtype(v, dtype):
    if v.dtype == dtype:
        return v
    return chainer.functions.cast(v, dtype)


class BatchNormalization(function_node.FunctionNode):
    """Batch normalization with the statistics of the batch (training mode).

    The running statistics given to the constructor (``mean``, ``var``) are updated in
    place with ``decay``; the variance uses the unbiased estimate ``m / (m - 1)``.

    Attributes:
        mean: Batch mean (shape of ``gamma``) after the forward pass.
        inv_std: Inverse of the batch standard deviation (``1 / sqrt(var + eps)``).
    """

    mean = None
    inv_std = None

    def __init__(self, eps=2e-5, mean=None, var=None, decay=0.9, axis=None):
        self.running_mean = mean
        self.running_var = var
        self.eps = eps
        self.decay = decay
        self.axis = _axis_tuple(axis)
        self.use_cudnn = False

    @property
    def label(self):
        return 'BatchNormalization'

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x', 'gamma', 'beta'))
        x_type, gamma_type, beta_type = in_types
        type_check.expect(
            x_type.dtype.kind == 'f',
            gamma_type.dtype.kind == 'f',
            gamma_type.dtype == beta_type.dtype,
            beta_type.shape == gamma_type.shape,
        )
        _check_axis_types(x_type, gamma_type, self.axis)

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x, gamma, beta = inputs
        xp = backend.get_array_module(x)
        axis = _compute_axis(x.ndim, gamma.ndim, self.axis)
        key_axis = tuple(i for i in range(x.ndim) if i not in axis)
        self.axis = axis
        self.key_axis = key_axis
        self._bshape = bshape = _broadcast_shape(x.shape, key_axis)
        _warn_single_sample(x.shape, axis)
        if self.running_mean is None:
            self.running_mean = xp.zeros_like(gamma)
            self.running_var = xp.zeros_like(gamma)

        m = x.size // max(gamma.size, 1)
        if xp is not numpy and _can_use_cudnn(x, gamma, axis, self.eps):
            self.use_cudnn = True
            y, mean, inv_std = _CudnnBatchNormalizationImpl().forward(
                x, gamma, beta, self.eps, self.decay, self.running_mean, self.running_var)
            self.mean = mean
            self.inv_std = inv_std
            return y,

        impl = GeneralBatchNormalizationImpl(axis, key_axis, bshape)
        y, mean, var, inv_std = impl.forward(x, gamma, beta, self.eps)
        self._mean_b = mean
        self._inv_std_b = inv_std
        self.mean = mean.reshape(gamma.shape)
        self.inv_std = inv_std.reshape(gamma.shape)

        decay = self.decay
        adjust = m / max(m - 1., 1.)  # unbiased variance
        rm = self.running_mean
        rv = self.running_var
        rm *= decay
        rm += ((1 - decay) * self.mean).astype(rm.dtype, copy=False)
        rv *= decay
        rv += ((1 - decay) * adjust * var.reshape(gamma.shape)).astype(rv.dtype, copy=False)
        return y,

    def _stats(self):
        bshape = self._bshape
        return self.mean.reshape(bshape), self.inv_std.reshape(bshape)

    def backward(self, indexes, grad_outputs):
        x, gamma = self.get_retained_inputs()
        gy, = grad_outputs
        mean, inv_std = self._stats()
        f = BatchNormalizationGrad(
            self.eps, self.use_cudnn, self.axis, self.key_axis, self._bshape, mean, inv_std)
        return f.apply((x, gamma, gy))

    def _backward_arrays(self, indexes, grad_outputs):
        gy = grad_outputs[0]
        x = self.inputs[0].data
        gamma = self.inputs[1].data
        mean, inv_std = self._stats()
        if self.use_cudnn:
            grads = _CudnnBatchNormalizationImpl().backward(x, gamma, gy, mean, inv_std, self.eps)
        else:
            impl = GeneralBatchNormalizationImpl(self.axis, self.key_axis, self._bshape)
            grads = impl.backward(x, gamma, gy, mean, inv_std, 0 in indexes)
        return tuple([grads[i] for i in indexes])


class BatchNormalizationGrad(function_node.FunctionNode):
    """Gradient of :class:`BatchNormalization`: ``(x, gamma, gy) -> (gx, ggamma, gbeta)``.

    Its backward (the double backward of batch normalization) treats the batch statistics
    as constants, as Chainer v7 does.
    """

    def __init__(self, eps, use_cudnn, axis, key_axis, bshape, mean, inv_std):
        self.eps = eps
        self.use_cudnn = use_cudnn
        self.axis = axis
        self.key_axis = key_axis
        self.bshape = bshape
        self.mean = mean
        self.inv_std = inv_std

    def forward(self, inputs):
        self.retain_inputs((0, 1, 2))
        x, gamma, gy = inputs
        if self.use_cudnn:
            return _CudnnBatchNormalizationImpl().backward(
                x, gamma, gy, self.mean.reshape(gamma.shape), self.inv_std.reshape(gamma.shape),
                self.eps)
        impl = GeneralBatchNormalizationImpl(self.axis, self.key_axis, self.bshape)
        return impl.backward(x, gamma, gy, self.mean, self.inv_std)

    def backward(self, indexes, grad_outputs):
        F = chainer.functions
        x, gamma, gy = self.get_retained_inputs()
        ggx1, gggamma1, ggbeta1 = grad_outputs
        xp = backend.get_array_module(x.array)
        axis = self.axis
        bshape = self.bshape
        dtype = x.dtype
        gshape = gamma.shape
        m = x.size // max(gamma.size, 1)
        inv_m = dtype.type(1. / max(m, 1))

        mean = self.mean.astype(dtype, copy=False)
        inv_std_a = self.inv_std.astype(dtype, copy=False)
        inv_std = inv_std_a.reshape(gshape)
        x_hat = (x - mean.reshape(bshape)) * inv_std_a.reshape(bshape)
        gamma_ = _as_dtype(gamma, dtype)
        ggx1 = _zero_if_none(xp, ggx1, x.shape, dtype)
        gggamma1 = _as_dtype(_zero_if_none(xp, gggamma1, gshape, gamma.dtype), dtype)
        ggbeta1 = _as_dtype(_zero_if_none(xp, ggbeta1, gshape, gamma.dtype), dtype)

        def csum(v):
            return F.sum(v, axis=axis)

        def bc(v):
            return F.reshape(v, bshape)

        coeff = gamma_ * inv_std
        coeff_m = coeff * inv_m
        g_beta = csum(gy)
        g_gamma = csum(gy * x_hat)
        sum_ggx = csum(ggx1)
        sum_ggx_xhat = csum(ggx1 * x_hat)
        ggamma2 = inv_std * (csum(ggx1 * gy) - (sum_ggx * g_beta + sum_ggx_xhat * g_gamma) * inv_m)
        r = gamma_ * ggamma2  # = sum(ggx1 * gx1)

        gggamma2 = gggamma1 - coeff_m * sum_ggx_xhat
        ggbeta2 = ggbeta1 - coeff_m * sum_ggx
        gx_hat2 = bc(gggamma2) * gy - bc(coeff_m * g_gamma) * ggx1
        gstd2 = -inv_std * (r + csum(x_hat * gx_hat2))
        gmean2 = -inv_std * csum(gx_hat2)
        gx2 = bc(inv_std) * gx_hat2 + inv_m * (bc(gmean2) + x_hat * bc(gstd2))
        ggy2 = bc(gggamma2) * x_hat + bc(ggbeta2) + bc(coeff) * ggx1
        return gx2, _as_dtype(ggamma2, gamma.dtype), ggy2


class FixedBatchNormalization(function_node.FunctionNode):
    """Batch normalization with given statistics (``mean``, ``var`` are inputs)."""

    inv_std = None

    def __init__(self, eps=2e-5, axis=None):
        self.eps = eps
        self.axis = _axis_tuple(axis)

    @property
    def label(self):
        return 'FixedBatchNormalization'

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x', 'gamma', 'beta', 'mean', 'var'))
        x_type, gamma_type, beta_type, mean_type, var_type = in_types
        type_check.expect(
            x_type.dtype.kind == 'f',
            gamma_type.dtype.kind == 'f',
            beta_type.dtype == gamma_type.dtype,
            mean_type.dtype == gamma_type.dtype,
            var_type.dtype == gamma_type.dtype,
            beta_type.shape == gamma_type.shape,
            mean_type.shape == gamma_type.shape,
            var_type.shape == gamma_type.shape,
        )
        _check_axis_types(x_type, gamma_type, self.axis)

    def forward(self, inputs):
        self.retain_inputs((0, 1, 3, 4))
        x, gamma, beta, mean, var = inputs
        xp = backend.get_array_module(x)
        axis = _compute_axis(x.ndim, gamma.ndim, self.axis)
        key_axis = tuple(i for i in range(x.ndim) if i not in axis)
        self.axis = axis
        self.key_axis = key_axis
        self._bshape = bshape = _broadcast_shape(x.shape, key_axis)
        dtype = _compute_dtype(x.dtype, gamma.dtype)

        # (an array even for 0-d statistics, whose sum NumPy gives as a scalar)
        inv_std = xp.asarray(var.astype(dtype) + dtype.type(self.eps))
        xp.sqrt(inv_std, out=inv_std)
        xp.reciprocal(inv_std, out=inv_std)
        self.inv_std = inv_std
        if xp is not numpy and _can_use_cudnn(x, gamma, axis, self.eps):
            y = _CudnnBatchNormalizationImpl().forward_inference(
                x, gamma, beta, mean, var, self.eps)
            return y.astype(x.dtype, copy=False),

        scale = gamma * inv_std
        shift = beta - mean * scale
        y = xp.multiply(x, scale.reshape(bshape), dtype=dtype)
        y += shift.reshape(bshape)
        return y.astype(x.dtype, copy=False),

    def backward(self, indexes, grad_outputs):
        x, gamma, mean, var = self.get_retained_inputs()
        gy, = grad_outputs
        f = FixedBatchNormalizationGrad(self.eps, self.axis, self.key_axis, self._bshape,
                                        self.inv_std)
        return f.apply((x, gamma, mean, var, gy))

    def _backward_arrays(self, indexes, grad_outputs):
        ins = self.inputs
        arrays = (ins[0].data, ins[1].data, ins[3].data, ins[4].data, grad_outputs[0])
        f = FixedBatchNormalizationGrad(self.eps, self.axis, self.key_axis, self._bshape,
                                        self.inv_std)
        grads = f._compute(arrays, 0 in indexes)
        return tuple([grads[i] for i in indexes])


class FixedBatchNormalizationGrad(function_node.FunctionNode):
    """Gradient of :class:`FixedBatchNormalization`.

    ``(x, gamma, mean, var, gy) -> (gx, ggamma, gbeta, gmean, gvar)``; its backward is
    written with differentiable functions of all five inputs.
    """

    def __init__(self, eps, axis, key_axis, bshape, inv_std):
        self.eps = eps
        self.axis = axis
        self.key_axis = key_axis
        self.bshape = bshape
        self.inv_std = inv_std

    def _compute(self, inputs, need_gx=True):
        x, gamma, mean, var, gy = inputs
        xp = backend.get_array_module(x)
        bshape = self.bshape
        inv_std = self.inv_std
        dtype = inv_std.dtype
        gbeta = gy.sum(axis=self.axis, dtype=dtype)
        gyx = _sum_prod(gy, x, self.key_axis, bshape, dtype).reshape(gamma.shape)
        ggamma = (gyx - mean * gbeta) * inv_std
        coef = gamma * inv_std
        gmean = -coef * gbeta
        gvar = dtype.type(-0.5) * coef * inv_std * ggamma
        gx = None
        if need_gx:
            gx = xp.multiply(gy, coef.reshape(bshape), dtype=dtype).astype(x.dtype, copy=False)
        pdtype = gamma.dtype
        return (gx, ggamma.astype(pdtype, copy=False), gbeta.astype(pdtype, copy=False),
                gmean.astype(pdtype, copy=False), gvar.astype(pdtype, copy=False))

    def forward(self, inputs):
        self.retain_inputs((0, 1, 2, 3, 4))
        return self._compute(inputs)

    def backward(self, indexes, grad_outputs):
        F = chainer.functions
        x, gamma, mean, var, gy = self.get_retained_inputs()
        ggx, gggamma, ggbeta, ggmean, ggvar = grad_outputs
        xp = backend.get_array_module(x.array)
        dtype = x.dtype
        pdtype = gamma.dtype
        gshape = gamma.shape
        axis = self.axis

        def bc(v):
            return F.reshape(v, self.bshape)

        def csum(v):
            return F.sum(v, axis=axis)

        def param(v):
            return _as_dtype(_zero_if_none(xp, v, gshape, pdtype), dtype)

        ggx = _zero_if_none(xp, ggx, x.shape, dtype)
        gggamma, ggbeta, ggmean, ggvar = (param(v) for v in (gggamma, ggbeta, ggmean, ggvar))
        gamma_ = _as_dtype(gamma, dtype)
        s = F.rsqrt(_as_dtype(var, dtype) + dtype.type(self.eps))
        d = x - bc(_as_dtype(mean, dtype))
        x_hat = d * bc(s)

        s2 = s * s
        u = gggamma - 0.5 * ggvar * gamma_ * s2
        gx2 = gy * bc(s * u)
        ggy2 = bc(gamma_ * s) * (ggx - bc(ggmean)) + bc(ggbeta) + x_hat * bc(u)
        gmean2 = -csum(gx2)
        sum_gy = csum(gy)
        p = csum(ggx * gy) - ggmean * sum_gy
        sum_gy_d = csum(gy * d)
        ggamma2 = s * p - 0.5 * ggvar * s2 * s * sum_gy_d
        dl_ds = gamma_ * p + gggamma * sum_gy_d - 1.5 * ggvar * gamma_ * s2 * sum_gy_d
        gvar2 = -0.5 * s2 * s * dl_ds
        return (gx2, _as_dtype(ggamma2, pdtype), _as_dtype(gmean2, pdtype),
                _as_dtype(gvar2, pdtype), ggy2)


def batch_normalization(x, gamma, beta, **kwargs):
    """Batch normalization function.

    Normalizes ``x`` with the mean and variance of the batch along the axes ``axis`` and
    then scales and shifts it: ``y = gamma * (x - mean) / sqrt(var + eps) + beta``.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input of floating dtype.
        gamma: Scaling parameter; its shape is that of ``x`` along the axes not in ``axis``.
        beta: Shifting parameter, same shape and dtype as ``gamma``.
        eps (float): Added to the variance for numerical stability (default ``2e-5``).
        running_mean (:ref:`ndarray`): Running average of the mean, updated in place
            (``running_mean = decay * running_mean + (1 - decay) * mean``).
        running_var (:ref:`ndarray`): Running average of the (unbiased) variance, updated
            in place the same way.
        decay (float): Decay rate of the running averages (default ``0.9``).
        axis (int or tuple of int): Axes of the statistics. By default ``(0,)`` plus every
            axis after the channel axes (``gamma.ndim`` axes starting at axis 1).

    Returns:
        ~chainer.Variable: Output of the same shape and dtype as ``x``.

    .. note:: The updated running statistics are not accessible through the return value;
        pass the arrays to update in ``running_mean`` and ``running_var``.

    .. admonition:: Example

        >>> x = np.array([[1, 10], [3, 30]], np.float32)  # (batch, channel)
        >>> gamma = np.ones(2, np.float32)
        >>> beta = np.zeros(2, np.float32)
        >>> y = F.batch_normalization(x, gamma, beta)  # per channel: zero mean, unit variance
        >>> np.round(y.array, 3)
        array([[-1., -1.],
               [ 1.,  1.]], dtype=float32)
        >>> running_mean = np.zeros(2, np.float32)
        >>> running_var = np.ones(2, np.float32)
        >>> y = F.batch_normalization(x, gamma, beta, running_mean=running_mean,
        ...                           running_var=running_var, decay=0.9)
        >>> running_mean  # updated in place: 0.9 * old + 0.1 * batch mean
        array([0.2, 2. ], dtype=float32)
        >>> running_var  # with the unbiased batch variance
        array([ 1.1, 20.9], dtype=float32)
    """
    eps, running_mean, running_var, decay, axis = argument.parse_kwargs(
        kwargs, ('eps', 2e-5), ('running_mean', None), ('running_var', None),
        ('decay', 0.9), ('axis', None),
        train=argument._TRAIN_REMOVED)
    return BatchNormalization(eps, running_mean, running_var, decay, axis).apply(
        (x, gamma, beta))[0]


def fixed_batch_normalization(x, gamma, beta, mean, var, eps=2e-5, axis=None):
    """Batch normalization with fixed statistics (inference mode).

    Computes ``y = gamma * (x - mean) / sqrt(var + eps) + beta`` with the given ``mean``
    and ``var`` (usually the running averages collected in training).

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input of floating dtype.
        gamma: Scaling parameter.
        beta: Shifting parameter.
        mean: Mean used for normalization (shape of ``gamma``).
        var: Variance used for normalization (shape of ``gamma``).
        eps (float): Added to the variance (default ``2e-5``).
        axis (int or tuple of int): Axes the statistics were computed over, as in
            :func:`batch_normalization`.

    Returns:
        ~chainer.Variable: Output of the same shape and dtype as ``x``.

    .. admonition:: Example

        >>> x = np.array([[1, 10], [3, 30]], np.float32)
        >>> gamma = np.array([1, 2], np.float32)
        >>> beta = np.array([0, 1], np.float32)
        >>> mean = np.array([1, 10], np.float32)  # fixed statistics, e.g. from training
        >>> var = np.array([4, 100], np.float32)
        >>> np.round(F.fixed_batch_normalization(x, gamma, beta, mean, var).array, 3)
        array([[0., 1.],
               [1., 5.]], dtype=float32)
    """
    return FixedBatchNormalization(eps, axis).apply((x, gamma, beta, mean, var))[0]
