"""Every public function of ``chainer.functions`` runs on ChainerX arrays with the right graph.

Each case calls one function on NumPy arrays, then on the same values as ChainerX arrays on
``native:0`` and on ``native:1`` (not the default device: arrays a function makes must go to
the device of its inputs). Floating point inputs are variables that require grad, integer
inputs raw arrays. The ChainerX outputs must be ChainerX arrays on the input device with the
NumPy values and dtypes, require grad exactly where the NumPy ones do, and be connected to the
ChainerX graph; raw float arrays that a function updates in place (running statistics) must
end equal; the gradients of ``sum(y * gy)`` w.r.t. the inputs (first order, and second order
where the NumPy path supports double backprop) must be ChainerX arrays with the NumPy values.
"""
import inspect

import numpy
import pytest

import chainer
import chainer.functions as F
import chainerx
from chainer import utils

_rng = numpy.random.RandomState(7)


def _u(*shape, low=-1, high=1, dtype=numpy.float32):
    return _rng.uniform(low, high, shape).astype(dtype)


def _pos(*shape):
    return _u(*shape, low=0.5, high=2)


def _i(*shape, high=3):
    return _rng.randint(0, high, shape).astype(numpy.int32)


def _spd(n, batch=None):
    a = _u(*((batch,) if batch else ()), n, n)
    return (a @ numpy.swapaxes(a, -1, -2) + n * numpy.eye(n)).astype(numpy.float32)


_LABELS = numpy.array([0, 1, 2, 2, 1, 0], numpy.int32)   # every class present


def _scores():   # every class predicted (some wrongly)
    return numpy.eye(3, dtype=numpy.float32)[[0, 1, 2, 1, 2, 0]] + _u(6, 3) * 0.1


def _rois():
    return numpy.array([[0, 0, 3, 3], [1, 1, 4, 4], [0.5, 0, 2.5, 4]], numpy.float32)


def _lstm_weights(n_layers, in_size, out_size, n_dir, n_w):
    ws, bs = [], []
    for layer in range(n_layers * n_dir):
        first_in = in_size if layer < n_dir else out_size * n_dir
        ws.append([_u(out_size, first_in if k < n_w // 2 else out_size)
                   for k in range(n_w)])
        bs.append([_u(out_size) for _ in range(n_w)])
    return ws, bs


def _rnn_case(fn, n_w, n_dir, has_c):
    ws, bs = _lstm_weights(2, 3, 4, n_dir, n_w)
    hx = _u(2 * n_dir, 3, 4)
    xs = [_u(3, 3), _u(2, 3), _u(1, 3)]
    if has_c:
        cx = _u(2 * n_dir, 3, 4)
        return [hx, cx, ws, bs, xs], lambda h, c, w, b, x: fn(2, 0.0, h, c, w, b, x)
    return [hx, ws, bs, xs], lambda h, w, b, x: fn(2, 0.0, h, w, b, x)


class _Raw:
    """A float input given as a raw array (not a variable), e.g. a running statistic."""

    def __init__(self, array):
        self.array = array


class _Case:
    def __init__(self, inputs, call, rtol=1e-4, atol=1e-5, seed=None, double=True):
        self.inputs = inputs
        self.call = call
        self.rtol = rtol
        self.atol = atol
        self.seed = seed          # stochastic functions: the NumPy seed set before each call
        self.double = double      # also compare second order gradients (when NumPy has them)


def _cases():
    cx_ = _u(2, 3, 5)
    pooled_x = _u(2, 3, 4, 4)
    _, pool_indexes = F.max_pooling_2d(pooled_x, 2, return_indices=True)
    c = {
        'absolute': _Case([_u(3, 4)], F.absolute),
        'absolute_error': _Case([_u(3, 4), _u(3, 4)], F.absolute_error),
        'accuracy': _Case([_u(5, 3), _i(5)], F.accuracy),
        'add': _Case([_u(3, 4), _u(3, 4), _u(3, 4)], F.add),
        'arccos': _Case([_u(3, 4, low=-0.9, high=0.9)], F.arccos),
        'arcsin': _Case([_u(3, 4, low=-0.9, high=0.9)], F.arcsin),
        'arctan': _Case([_u(3, 4)], F.arctan),
        'arctan2': _Case([_u(3, 4), _pos(3, 4)], F.arctan2),
        'arctanh': _Case([_u(3, 4, low=-0.9, high=0.9)], F.arctanh),
        'argmax': _Case([_u(3, 4)], lambda x: F.argmax(x, axis=1)),
        'argmax_crf1d': _Case([_u(3, 3), [_u(2, 3), _u(2, 3), _u(1, 3)]], F.argmax_crf1d),
        'argmin': _Case([_u(3, 4)], lambda x: F.argmin(x, axis=0)),
        'as_strided': _Case([_u(6)], lambda x: F.as_strided(x, (3, 2), (1, 1))),
        'average': _Case([_u(3, 4), _pos(4)],
                         lambda x, w: F.average(x, axis=1, weights=w, keepdims=True)),
        'average_pooling_1d': _Case([_u(2, 3, 6)], lambda x: F.average_pooling_1d(x, 2)),
        'average_pooling_2d': _Case([_u(2, 3, 4, 4)],
                                    lambda x: F.average_pooling_2d(x, 3, 1, 1)),
        'average_pooling_3d': _Case([_u(1, 2, 4, 4, 4)], lambda x: F.average_pooling_3d(x, 2)),
        'average_pooling_nd': _Case([_u(2, 3, 4, 4)], lambda x: F.average_pooling_nd(x, 2)),
        'batch_det': _Case([_spd(2, 3)], F.batch_det, rtol=1e-3),
        'batch_inv': _Case([_spd(2, 3)], F.batch_inv, rtol=1e-3),
        'batch_l2_norm_squared': _Case([_u(3, 4)], F.batch_l2_norm_squared),
        'batch_matmul': _Case([_u(2, 3, 4), _u(2, 4, 5)], F.batch_matmul),
        'batch_normalization': _Case(
            [_u(5, 3), _pos(3), _u(3), _Raw(_u(3)), _Raw(_pos(3))],
            lambda x, g, b, m, v: F.batch_normalization(x, g, b, running_mean=m,
                                                        running_var=v, decay=0.8),
            rtol=1e-3, atol=1e-4),
        'batch_renormalization': _Case(
            [_u(5, 3), _pos(3), _u(3), _Raw(_u(3)), _Raw(_pos(3))],
            lambda x, g, b, m, v: F.batch_renormalization(
                x, g, b, 2.0, 1.0, running_mean=m, running_var=v, update_statistics=True),
            rtol=1e-3, atol=1e-4),
        'bernoulli_nll': _Case([_u(3, 4, low=0, high=1), _u(3, 4)], F.bernoulli_nll),
        'bias': _Case([_u(2, 3, 4), _u(3)], F.bias),
        'bilinear': _Case([_u(2, 3), _u(2, 4), _u(3, 4, 5), _u(3, 5), _u(4, 5), _u(5)],
                          F.bilinear),
        'binary_accuracy': _Case([_u(4, 3), _i(4, 3, high=2)], F.binary_accuracy),
        'black_out': _Case([_u(3, 4), _i(3, high=10), _u(10, 4), _i(3, 5, high=10)],
                           F.black_out),
        'broadcast': _Case([_u(3, 1), _u(1, 4)], F.broadcast),
        'broadcast_to': _Case([_u(3, 1)], lambda x: F.broadcast_to(x, (2, 3, 4))),
        'cast': _Case([_u(3, 4)], lambda x: F.cast(x, numpy.float64)),
        'ceil': _Case([_u(3, 4) * 3], F.ceil),
        'cholesky': _Case([_spd(3)], F.cholesky, rtol=1e-3),
        'classification_summary': _Case([_scores(), _LABELS],
                                        lambda y, t: F.classification_summary(y, t, 3)),
        'clip': _Case([_u(3, 4)], lambda x: F.clip(x, -0.5, 0.5)),
        'clipped_relu': _Case([_u(3, 4)], lambda x: F.clipped_relu(x, 0.5)),
        'concat': _Case([[_u(2, 3), _u(2, 2)]], lambda xs: F.concat(xs, axis=1)),
        'connectionist_temporal_classification': _Case(
            [[_u(2, 4) for _ in range(5)], numpy.array([[1, 2], [3, 1]], numpy.int32)],
            lambda xs, t: F.connectionist_temporal_classification(xs, t, 0), rtol=1e-3),
        'contrastive': _Case([_u(4, 3), _u(4, 3), _i(4, high=2)], F.contrastive),
        'convolution_1d': _Case([_u(2, 3, 6), _u(4, 3, 3), _u(4)],
                                lambda x, w, b: F.convolution_1d(x, w, b, pad=1)),
        'convolution_2d': _Case([_u(2, 3, 5, 5), _u(4, 3, 3, 3), _u(4)],
                                lambda x, w, b: F.convolution_2d(x, w, b, 2, 1)),
        'convolution_3d': _Case([_u(1, 2, 4, 4, 4), _u(3, 2, 2, 2, 2), _u(3)],
                                F.convolution_3d),
        'convolution_nd': _Case([_u(2, 3, 5, 5), _u(4, 3, 3, 3)],
                                lambda x, w: F.convolution_nd(x, w, pad=1)),
        'copy': _Case([_u(3, 4)], lambda x: F.copy(x, x.device)),
        'cos': _Case([_u(3, 4)], F.cos),
        'cosh': _Case([_u(3, 4)], F.cosh),
        'crelu': _Case([_u(3, 4)], F.crelu),
        'crf1d': _Case([_u(3, 3), [_u(2, 3), _u(2, 3), _u(1, 3)],
                        [_i(2), _i(2), _i(1)]], F.crf1d, rtol=1e-3),
        'cross_covariance': _Case([_u(4, 3), _u(4, 2)], F.cross_covariance),
        'cumprod': _Case([_u(3, 4)], lambda x: F.cumprod(x, axis=1)),
        'cumsum': _Case([_u(3, 4)], lambda x: F.cumsum(x, axis=0)),
        'decorrelated_batch_normalization': _Case(
            [_u(6, 4)], lambda x: F.decorrelated_batch_normalization(x, groups=2),
            rtol=1e-3, atol=1e-4),
        'decov': _Case([_u(4, 3)], F.decov),
        'deconvolution_1d': _Case([_u(2, 3, 4), _u(3, 2, 3), _u(2)], F.deconvolution_1d),
        'deconvolution_2d': _Case([_u(2, 3, 3, 3), _u(3, 2, 3, 3), _u(2)],
                                  lambda x, w, b: F.deconvolution_2d(x, w, b, 2, 1)),
        'deconvolution_3d': _Case([_u(1, 2, 2, 2, 2), _u(2, 3, 2, 2, 2)], F.deconvolution_3d),
        'deconvolution_nd': _Case([_u(2, 3, 3, 3), _u(3, 2, 2, 2)], F.deconvolution_nd),
        'deformable_convolution_2d_sampler': _Case(
            [_u(1, 2, 4, 4), _u(1, 2 * 2 * 2, 3, 3) * 0.3, _u(3, 2, 2, 2), _u(3)],
            F.deformable_convolution_2d_sampler, rtol=1e-3, atol=1e-4),
        'depth2space': _Case([_u(1, 8, 2, 3)], lambda x: F.depth2space(x, 2)),
        'depthwise_convolution_2d': _Case([_u(2, 3, 4, 4), _u(2, 3, 2, 2), _u(6)],
                                          F.depthwise_convolution_2d),
        'det': _Case([_spd(3)], F.det, rtol=1e-3),
        'diagonal': _Case([_u(3, 4, 2)], lambda x: F.diagonal(x, 1, 0, 1)),
        'digamma': _Case([_pos(3, 4)], F.digamma),
        'dilated_convolution_2d': _Case([_u(1, 2, 5, 5), _u(3, 2, 2, 2), _u(3)],
                                        lambda x, w, b: F.dilated_convolution_2d(
                                            x, w, b, dilate=2)),
        'discriminative_margin_based_clustering_loss': _Case(
            [_u(2, 3, 4, 4), _i(2, 4, 4, high=3)],
            lambda e, t: F.discriminative_margin_based_clustering_loss(e, t, 0.5, 1.5, 3),
            rtol=1e-3, atol=1e-4),
        'dropout': _Case([_u(4, 5)], lambda x: F.dropout(x, 0.4), seed=3),
        'dstack': _Case([[_u(2, 3), _u(2, 3)]], F.dstack),
        'einsum': _Case([_u(2, 3), _u(3, 4)], lambda a, b: F.einsum('ij,jk->ik', a, b)),
        'elu': _Case([_u(3, 4)], F.elu),
        'embed_id': _Case([_i(2, 3, high=5), _u(5, 4)], F.embed_id),
        'erf': _Case([_u(3, 4)], F.erf),
        'erfc': _Case([_u(3, 4)], F.erfc),
        'erfcinv': _Case([_u(3, 4, low=0.2, high=1.8)], F.erfcinv, rtol=1e-3),
        'erfcx': _Case([_u(3, 4)], F.erfcx),
        'erfinv': _Case([_u(3, 4, low=-0.8, high=0.8)], F.erfinv, rtol=1e-3),
        'exp': _Case([_u(3, 4)], F.exp),
        'expand_dims': _Case([_u(3, 4)], lambda x: F.expand_dims(x, 1)),
        'expm1': _Case([_u(3, 4)], F.expm1),
        'f1_score': _Case([_scores(), _LABELS], F.f1_score),
        'fft': _Case([_u(2, 4), _u(2, 4)], lambda r, i: F.fft((r, i))),
        'fix': _Case([_u(3, 4) * 3], F.fix),
        'fixed_batch_normalization': _Case([_u(5, 3), _pos(3), _u(3), _u(3), _pos(3)],
                                           F.fixed_batch_normalization),
        'fixed_batch_renormalization': _Case([_u(5, 3), _pos(3), _u(3), _u(3), _pos(3)],
                                             F.fixed_batch_renormalization),
        'fixed_decorrelated_batch_normalization': _Case(
            [_u(6, 4), _u(2, 2), _u(2, 2, 2) + numpy.eye(2, dtype=numpy.float32)],
            lambda x, m, p: F.fixed_decorrelated_batch_normalization(x, m, p, groups=2)),
        'flatten': _Case([_u(3, 4)], F.flatten),
        'flip': _Case([_u(3, 4)], lambda x: F.flip(x, 1)),
        'fliplr': _Case([_u(3, 4)], F.fliplr),
        'flipud': _Case([_u(3, 4)], F.flipud),
        'floor': _Case([_u(3, 4) * 3], F.floor),
        'fmod': _Case([_u(3, 4) * 3, _pos(3, 4)], F.fmod),
        'forget': _Case([_u(3, 4), _u(3, 4)],
                        lambda x, y: F.forget(lambda a, b: F.tanh(a) * b, x, y)),
        'gaussian': _Case([_u(3, 4), _u(3, 4)], F.gaussian, seed=4),
        'gaussian_kl_divergence': _Case([_u(3, 4), _u(3, 4)], F.gaussian_kl_divergence),
        'gaussian_nll': _Case([_u(3, 4), _u(3, 4), _u(3, 4)], F.gaussian_nll),
        'get_item': _Case([_u(3, 4)], lambda x: F.get_item(x, (slice(1, None), 2))),
        'group_normalization': _Case([_u(2, 4, 3), _pos(4), _u(4)],
                                     lambda x, g, b: F.group_normalization(x, 2, g, b),
                                     rtol=1e-3, atol=1e-4),
        'gumbel_softmax': _Case([_u(3, 4)], lambda x: F.gumbel_softmax(x, 0.5), seed=5),
        'hard_sigmoid': _Case([_u(3, 4) * 4], F.hard_sigmoid),
        'hinge': _Case([_u(4, 3), _i(4)], F.hinge),
        'hstack': _Case([[_u(2, 3), _u(2, 1)]], F.hstack),
        'huber_loss': _Case([_u(4, 3), _u(4, 3)], lambda x, t: F.huber_loss(x, t, 0.5)),
        'identity': _Case([_u(3, 4), _u(2)], F.identity),
        'ifft': _Case([_u(2, 4), _u(2, 4)], lambda r, i: F.ifft((r, i))),
        'im2col': _Case([_u(1, 2, 4, 4)], lambda x: F.im2col(x, 2, 1, 1)),
        'inv': _Case([_spd(3)], F.inv, rtol=1e-3),
        'layer_normalization': _Case([_u(3, 5), _pos(5), _u(5)], F.layer_normalization,
                                     rtol=1e-3, atol=1e-4),
        'leaky_relu': _Case([_u(3, 4)], F.leaky_relu),
        'lgamma': _Case([_pos(3, 4)], F.lgamma),
        'linear': _Case([_u(3, 4), _u(2, 4), _u(2)], F.linear),
        'linear_interpolate': _Case([_u(3, 4, low=0, high=1), _u(3, 4), _u(3, 4)],
                                    F.linear_interpolate),
        'local_convolution_2d': _Case([_u(1, 2, 4, 4), _u(2, 3, 3, 2, 2, 2), _u(2, 3, 3)],
                                      F.local_convolution_2d),
        'local_response_normalization': _Case([_u(2, 7, 3, 3)],
                                              F.local_response_normalization),
        'log': _Case([_pos(3, 4)], F.log),
        'log10': _Case([_pos(3, 4)], F.log10),
        'log1p': _Case([_pos(3, 4)], F.log1p),
        'log2': _Case([_pos(3, 4)], F.log2),
        'log_ndtr': _Case([_u(3, 4)], F.log_ndtr),
        'log_softmax': _Case([_u(3, 4)], F.log_softmax),
        'logsumexp': _Case([_u(3, 4)], lambda x: F.logsumexp(x, axis=1)),
        'lstm': _Case([_u(2, 3), _u(2, 12)], F.lstm),
        'matmul': _Case([_u(3, 4), _u(5, 4)], lambda a, b: F.matmul(a, b, transb=True)),
        'max': _Case([_u(3, 4)], lambda x: F.max(x, axis=1)),
        'max_pooling_1d': _Case([_u(2, 3, 6)], lambda x: F.max_pooling_1d(x, 2)),
        'max_pooling_2d': _Case([pooled_x], lambda x: F.max_pooling_2d(x, 3, 1, 1)),
        'max_pooling_3d': _Case([_u(1, 2, 4, 4, 4)], lambda x: F.max_pooling_3d(x, 2)),
        'max_pooling_nd': _Case([_u(2, 3, 4, 4)], lambda x: F.max_pooling_nd(x, 2)),
        'maximum': _Case([_u(3, 4), _u(3, 4)], F.maximum),
        'maxout': _Case([_u(3, 6)], lambda x: F.maxout(x, 2)),
        'mean': _Case([_u(3, 4)], lambda x: F.mean(x, axis=0)),
        'mean_absolute_error': _Case([_u(3, 4), _u(3, 4)], F.mean_absolute_error),
        'mean_squared_error': _Case([_u(3, 4), _u(3, 4)], F.mean_squared_error),
        'min': _Case([_u(3, 4)], lambda x: F.min(x, axis=0)),
        'minimum': _Case([_u(3, 4), _u(3, 4)], F.minimum),
        'moveaxis': _Case([_u(2, 3, 4)], lambda x: F.moveaxis(x, 0, 2)),
        'n_step_bigru': _Case(*_rnn_case(F.n_step_bigru, 6, 2, False), rtol=1e-3, atol=1e-4),
        'n_step_bilstm': _Case(*_rnn_case(F.n_step_bilstm, 8, 2, True), rtol=1e-3, atol=1e-4),
        'n_step_birnn': _Case(*_rnn_case(F.n_step_birnn, 2, 2, False), rtol=1e-3, atol=1e-4),
        'n_step_gru': _Case(*_rnn_case(F.n_step_gru, 6, 1, False), rtol=1e-3, atol=1e-4),
        'n_step_lstm': _Case(*_rnn_case(F.n_step_lstm, 8, 1, True), rtol=1e-3, atol=1e-4),
        'n_step_rnn': _Case(*_rnn_case(F.n_step_rnn, 2, 1, False), rtol=1e-3, atol=1e-4),
        'ndtr': _Case([_u(3, 4)], F.ndtr),
        'ndtri': _Case([_u(3, 4, low=0.1, high=0.9)], F.ndtri, rtol=1e-3),
        'negative_sampling': _Case(
            [_u(3, 4), _i(3, high=6), _u(6, 4)],
            lambda x, t, w: F.negative_sampling(x, t, w, _FixedSampler(x), 2)),
        'normalize': _Case([_u(3, 4)], F.normalize),
        'pad': _Case([_u(2, 3)], lambda x: F.pad(x, ((1, 0), (0, 2)), 'constant')),
        'pad_sequence': _Case([[_u(3, 2), _u(1, 2)]], lambda xs: F.pad_sequence(xs, 4, -1)),
        'permutate': _Case([_u(3, 4), numpy.array([2, 0, 1], numpy.int32)], F.permutate),
        'polygamma': _Case([numpy.array([0, 1, 2], numpy.int32), _pos(3)], F.polygamma,
                           rtol=1e-3),
        'precision': _Case([_scores(), _LABELS], F.precision),
        'prelu': _Case([_u(2, 3, 4), _u(3)], F.prelu),
        'prod': _Case([_u(3, 4)], lambda x: F.prod(x, axis=1)),
        'r2_score': _Case([_u(5, 3), _u(5, 3)], F.r2_score),
        'recall': _Case([_scores(), _LABELS], F.recall),
        'relu': _Case([_u(3, 4)], F.relu),
        'relu6': _Case([_u(3, 4) * 8], F.relu6),
        'repeat': _Case([_u(3, 4)], lambda x: F.repeat(x, 2, axis=1)),
        'reshape': _Case([_u(3, 4)], lambda x: F.reshape(x, (2, 6))),
        'resize_images': _Case([_u(1, 2, 3, 3)], lambda x: F.resize_images(x, (5, 4))),
        'roi_average_align_2d': _Case(
            [_u(2, 3, 5, 5), _rois(), numpy.array([0, 1, 0], numpy.int32)],
            lambda x, r, i: F.roi_average_align_2d(x, r, i, 2, 1.0, 2)),
        'roi_average_pooling_2d': _Case(
            [_u(2, 3, 5, 5), _rois(), numpy.array([0, 1, 0], numpy.int32)],
            lambda x, r, i: F.roi_average_pooling_2d(x, r, i, 2, 1.0)),
        'roi_max_align_2d': _Case(
            [_u(2, 3, 5, 5), _rois(), numpy.array([0, 1, 0], numpy.int32)],
            lambda x, r, i: F.roi_max_align_2d(x, r, i, 2, 1.0, 2)),
        'roi_max_pooling_2d': _Case(
            [_u(2, 3, 5, 5), _rois(), numpy.array([0, 1, 0], numpy.int32)],
            lambda x, r, i: F.roi_max_pooling_2d(x, r, i, 2, 1.0)),
        'roi_pooling_2d': _Case(
            [_u(2, 3, 5, 5), numpy.array([[0, 0, 0, 3, 3], [1, 1, 1, 4, 4]], numpy.float32)],
            lambda x, r: F.roi_pooling_2d(x, r, 2, 2, 1.0)),
        'rollaxis': _Case([_u(2, 3, 4)], lambda x: F.rollaxis(x, 2)),
        'rrelu': _Case([_u(3, 4), _u(3, 4, low=0.1, high=0.3)],
                       lambda x, r: F.rrelu(x, r=r.array)),
        'rsqrt': _Case([_pos(3, 4)], F.rsqrt),
        'scale': _Case([_u(2, 3, 4), _u(3)], F.scale),
        'scatter_add': _Case([_u(3, 4), _u(2, 4)],
                             lambda a, b: F.scatter_add(a, slice(1, None), b)),
        'select_item': _Case([_u(4, 3), _i(4)], F.select_item),
        'selu': _Case([_u(3, 4)], F.selu),
        'separate': _Case([_u(3, 4)], lambda x: F.separate(x, 1)),
        'shift': _Case([_u(1, 9, 3, 3)], F.shift),
        'sigmoid': _Case([_u(3, 4)], F.sigmoid),
        'sigmoid_cross_entropy': _Case([_u(4, 3), _i(4, 3, high=2)], F.sigmoid_cross_entropy),
        'sign': _Case([_u(3, 4)], F.sign),
        'simplified_dropconnect': _Case(
            [_u(3, 4), _u(2, 4), _u(2), _i(3, 2, 4, high=2).astype(numpy.float32)],
            lambda x, w, b, m: F.simplified_dropconnect(x, w, b, mask=m.array)),
        'sin': _Case([_u(3, 4)], F.sin),
        'sinh': _Case([_u(3, 4)], F.sinh),
        'slstm': _Case([_u(2, 3), _u(2, 3), _u(2, 12), _u(2, 12)], F.slstm),
        'softmax': _Case([_u(3, 4)], F.softmax),
        'softmax_cross_entropy': _Case([_u(4, 3), _i(4)], F.softmax_cross_entropy),
        'softplus': _Case([_u(3, 4)], F.softplus),
        'space2depth': _Case([_u(1, 2, 4, 6)], lambda x: F.space2depth(x, 2)),
        'sparse_matmul': _Case(
            [numpy.array([[1, 0, 2], [0, 0, 3]], numpy.float32), _u(3, 4)],
            lambda a, b: F.sparse_matmul(utils.to_coo(a.array), b), double=False),
        'spatial_pyramid_pooling_2d': _Case(
            [_u(1, 2, 4, 4)], lambda x: F.spatial_pyramid_pooling_2d(x, 2, pooling='max')),
        'spatial_transformer_grid': _Case([_u(2, 2, 3)],
                                          lambda t: F.spatial_transformer_grid(t, (3, 4))),
        'spatial_transformer_sampler': _Case([_u(1, 2, 4, 4), _u(1, 2, 3, 3) * 0.9],
                                             F.spatial_transformer_sampler),
        'split_axis': _Case([_u(3, 6)], lambda x: F.split_axis(x, [1, 4], 1)),
        'sqrt': _Case([_pos(3, 4)], F.sqrt),
        'square': _Case([_u(3, 4)], F.square),
        'squared_difference': _Case([_u(3, 4), _u(3, 4)], F.squared_difference),
        'squared_error': _Case([_u(3, 4), _u(3, 4)], F.squared_error),
        'squeeze': _Case([_u(3, 1, 4)], F.squeeze),
        'stack': _Case([[_u(2, 3), _u(2, 3)]], lambda xs: F.stack(xs, 1)),
        'sum': _Case([_u(3, 4)], lambda x: F.sum(x, axis=1, keepdims=True)),
        'sum_to': _Case([_u(3, 4)], lambda x: F.sum_to(x, (1, 4))),
        'swapaxes': _Case([_u(2, 3, 4)], lambda x: F.swapaxes(x, 0, 2)),
        'swish': _Case([_u(3, 4), _u(4)], F.swish),
        'tan': _Case([_u(3, 4)], F.tan),
        'tanh': _Case([_u(3, 4)], F.tanh),
        'tensordot': _Case([_u(2, 3, 4), _u(4, 3, 2)],
                           lambda a, b: F.tensordot(a, b, axes=((1, 2), (1, 0)))),
        'tile': _Case([_u(2, 3)], lambda x: F.tile(x, (2, 1))),
        'transpose': _Case([_u(2, 3, 4)], lambda x: F.transpose(x, (1, 2, 0))),
        'transpose_sequence': _Case([[_u(3, 2), _u(2, 2), _u(1, 2)]], F.transpose_sequence),
        'tree_lstm': _Case([_u(2, 3), _u(2, 3), _u(2, 15)], F.tree_lstm),
        'triplet': _Case([_u(4, 3), _u(4, 3), _u(4, 3)], F.triplet),
        'unpooling_1d': _Case([_u(2, 3, 3)], lambda x: F.unpooling_1d(x, 2)),
        'unpooling_2d': _Case([_u(1, 2, 2, 3)], lambda x: F.unpooling_2d(x, 2)),
        'unpooling_3d': _Case([_u(1, 2, 2, 2, 2)], lambda x: F.unpooling_3d(x, 2)),
        'unpooling_nd': _Case([_u(1, 2, 2, 3)], lambda x: F.unpooling_nd(x, 2)),
        'upsampling_2d': _Case([_u(2, 3, 2, 2), pool_indexes],
                               lambda x, i: F.upsampling_2d(x, i, 2, outsize=(4, 4))),
        'vstack': _Case([[_u(2, 3), _u(1, 3)]], F.vstack),
        'where': _Case([_u(3, 4) > 0, _u(3, 4), _u(3, 4)], F.where),
        'zeta': _Case([_pos(3, 4) + 1], lambda q: F.zeta(2.5, q)),
        'zoneout': _Case([_u(3, 4), _u(3, 4)], lambda h, x: F.zoneout(h, x, 0.4), seed=6),
    }
    del cx_
    return c


class _FixedSampler:
    """A deterministic negative sampler on the array module of the input."""

    def __init__(self, x):
        self.device = chainer.backend.get_device_from_array(x)

    def __call__(self, shape):
        values = numpy.arange(numpy.prod(shape), dtype=numpy.int32).reshape(shape) % 6
        return self.device.send(values)


CASES = _cases()


def _public_functions():
    return sorted(name for name in dir(F) if not name.startswith('_')
                  and inspect.isfunction(getattr(F, name)))


def test_every_public_function_has_a_case():
    assert sorted(set(_public_functions()) - set(CASES)) == []


def _to_backend(value, device):
    """Inputs on a ChainerX device (NumPy when None): float arrays become variables requiring
    grad."""
    if isinstance(value, list):
        return [_to_backend(v, device) for v in value]
    if isinstance(value, _Raw):
        return _to_backend(value.array, device).array
    array = value.copy() if device is None else chainerx.array(value, device=device)
    if value.dtype.kind == 'f':
        return chainer.Variable(array, requires_grad=True)
    return array


def _raw_floats(values):
    for v in values:
        if isinstance(v, list):
            yield from _raw_floats(v)
        elif not isinstance(v, chainer.Variable) and v.dtype.kind == 'f':
            yield v


def _leaves(values):
    for v in values:
        if isinstance(v, list):
            yield from _leaves(v)
        elif isinstance(v, chainer.Variable):
            yield v


def _outputs(result):
    if isinstance(result, (tuple, list)):
        out = []
        for r in result:
            out.extend(_outputs(r))
        return out
    if isinstance(result, chainer.Variable):
        return [result]
    return [chainer.Variable(result, requires_grad=False)]   # a raw array (e.g. ranks)


def _host(array):
    if isinstance(array, chainerx.ndarray):
        return chainerx.to_numpy(array)
    return numpy.asarray(array)


def _run(case, device):
    inputs = _to_backend(case.inputs, device)
    if case.seed is not None:
        numpy.random.seed(case.seed)
    outputs = _outputs(case.call(*inputs))
    return inputs, outputs


def _on(array, device):
    return array if device is None else chainerx.array(array, device=device)


def _weights(outputs, device):
    rng = numpy.random.RandomState(11)
    return [_on(rng.uniform(-1, 1, y.shape).astype(y.dtype), device)
            if y.dtype.kind == 'f' else None for y in outputs]


def _loss(outputs, weights):
    terms = [F.sum(y * w) for y, w in zip(outputs, weights)
             if w is not None and y.requires_grad]
    return F.add(*terms) if len(terms) > 1 else (terms[0] if terms else None)


def _compare(name, got, want, case, what, device):
    assert isinstance(got, chainerx.ndarray), (name, what, type(got))
    assert got.device.name == device, (name, what, got.device)
    assert got.dtype == want.dtype, (name, what, got.dtype, want.dtype)
    numpy.testing.assert_allclose(_host(got), want, rtol=case.rtol, atol=case.atol,
                                  err_msg='{}: {}'.format(name, what))


def _second_order(inputs, loss, device, mask=None):
    """Gradients of ``sum(gx * w)`` over the first order gradients ``gx`` that require grad
    (those of ``mask`` when given: the NumPy run decides), and that mask."""
    xs = list(_leaves(inputs))
    # a constant seed (as ChainerX's): a gradient requires grad only if it depends on ``xs``
    seed = chainer.Variable(_on(numpy.ones(loss.shape, loss.dtype), device),
                            requires_grad=False)
    gxs = chainer.grad([loss], xs, [seed], enable_double_backprop=True)
    if mask is None:
        mask = [gx is not None and gx.requires_grad for gx in gxs]
    rng = numpy.random.RandomState(13)
    terms = []
    for gx, differentiable in zip(gxs, mask):
        if gx is None:
            continue
        w = rng.uniform(-1, 1, gx.shape).astype(gx.dtype)
        if differentiable:
            terms.append(F.sum(gx * _on(w, device)))
    if not terms:
        return None, mask
    total = F.add(*terms) if len(terms) > 1 else terms[0]
    return chainer.grad([total], xs), mask


@pytest.mark.filterwarnings('ignore:.* is deprecated:DeprecationWarning')
@pytest.mark.parametrize('device', ['native:0', 'native:1'])
@pytest.mark.parametrize('name', sorted(CASES))
def test_function_on_chainerx(name, device):
    case = CASES[name]
    np_inputs, np_outputs = _run(case, None)
    chx_inputs, chx_outputs = _run(case, device)

    # forward: values, dtypes, devices and the graph
    assert len(chx_outputs) == len(np_outputs)
    for i, (y_chx, y_np) in enumerate(zip(chx_outputs, np_outputs)):
        _compare(name, y_chx.array, _host(y_np.array), case, 'output %d' % i, device)
        assert y_chx.requires_grad == y_np.requires_grad, (name, i)
        if y_np.requires_grad:
            assert y_chx.chx_array.is_backprop_required(), (name, i)

    for i, (s_chx, s_np) in enumerate(zip(_raw_floats(chx_inputs), _raw_floats(np_inputs))):
        _compare(name, s_chx, s_np, case, 'raw input %d after the call' % i, device)

    # first order gradients
    np_loss = _loss(np_outputs, _weights(np_outputs, None))
    if np_loss is None:
        return
    chx_loss = _loss(chx_outputs, _weights(chx_outputs, device))
    np_loss.backward()
    chx_loss.backward()
    for i, (x_chx, x_np) in enumerate(zip(_leaves(chx_inputs), _leaves(np_inputs))):
        if x_np.grad is None:
            assert x_chx.grad is None, (name, i)
        else:
            _compare(name, x_chx.grad, x_np.grad, case, 'gradient of input %d' % i, device)

    # second order gradients, where the NumPy path has them
    if not case.double:
        return
    np_loss = _loss(np_outputs, _weights(np_outputs, None))
    try:
        np_grads, mask = _second_order(np_inputs, np_loss, None)
    except (NotImplementedError, RuntimeError):
        return
    if np_grads is None:
        return
    chx_loss = _loss(chx_outputs, _weights(chx_outputs, device))
    chx_grads, _ = _second_order(chx_inputs, chx_loss, device, mask)
    for i, (g_chx, g_np) in enumerate(zip(chx_grads, np_grads)):
        if g_np is None:
            assert g_chx is None, (name, i)
        else:
            _compare(name, g_chx.array, g_np.array, case, 'second order gradient %d' % i,
                     device)
