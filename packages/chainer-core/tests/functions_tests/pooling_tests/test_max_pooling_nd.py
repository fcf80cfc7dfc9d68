import itertools

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.utils import type_check
from chainer.functions.pooling import max_pooling_nd as mp_module
from chainer.testing._fast_backward import check_fast_backward


def _out_size(d, k, s, p, cover_all):
    return (d + 2 * p - k + (s - 1 if cover_all else 0)) // s + 1


def _ref_max_pool(x, ksize, stride, pad, cover_all):
    """Returns (y, indexes) computed with loops over output positions."""
    nd = len(ksize)
    outs = [_out_size(d, k, s, p, cover_all)
            for d, k, s, p in zip(x.shape[2:], ksize, stride, pad)]
    xp = numpy.pad(x.astype(numpy.float64),
                   [(0, 0), (0, 0)] + [(p, p + s) for p, s in zip(pad, stride)],
                   constant_values=-numpy.inf)
    y = numpy.empty(x.shape[:2] + tuple(outs))
    idx = numpy.empty(x.shape[:2] + tuple(outs), numpy.int64)
    for pos in itertools.product(*[range(o) for o in outs]):
        window = xp[(slice(None), slice(None)) + tuple(
            slice(q * s, q * s + k) for q, s, k in zip(pos, stride, ksize))]
        flat = window.reshape(x.shape[:2] + (-1,))
        y[(slice(None), slice(None)) + pos] = flat.max(axis=2)
        idx[(slice(None), slice(None)) + pos] = flat.argmax(axis=2)
    assert nd == len(outs)
    return y, idx


def _distinct(shape, dtype):
    # a permutation of well separated values: no ties, stable under small perturbations
    size = int(numpy.prod(shape))
    x = numpy.random.permutation(size).reshape(shape).astype(numpy.float64)
    return ((x - size / 2) / size * 2).astype(dtype)


_shapes = {1: (2, 3, 7), 2: (2, 3, 5, 4), 3: (1, 2, 4, 3, 5)}

_cases = testing.product({
    'ndim': [1, 2, 3],
    'cover_all': [True, False],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}) + [
    {'ndim': 2, 'cover_all': True, 'dtype': numpy.float64, 'ksize': 3, 'stride': 1, 'pad': 1},
    {'ndim': 2, 'cover_all': False, 'dtype': numpy.float32, 'ksize': (2, 3), 'stride': None,
     'pad': (1, 0)},
]


@testing.parameterize(*_cases)
@testing.inject_backend_tests(None, [
    {},
    {'use_cuda': True, 'use_cudnn': 'never'},
    {'use_cuda': True, 'use_cudnn': 'always'},
    {'use_chainerx': True, 'chainerx_device': 'native:0'},
])
class TestMaxPoolingND(testing.FunctionTestCase):

    ksize = 3
    stride = 2
    pad = 1

    def setUp(self):
        self.check_backward_options = {'atol': 1e-3, 'rtol': 1e-3, 'eps': 1e-4}
        if self.dtype == numpy.float16:
            self.check_backward_options = {
                'dtype': numpy.float64, 'atol': 1e-3, 'rtol': 1e-3, 'eps': 1e-4}
        self.check_double_backward_options = self.check_backward_options

    def _params(self):
        nd = self.ndim

        def tup(v):
            return v if isinstance(v, tuple) else (v,) * nd
        ksize = tup(self.ksize)
        stride = ksize if self.stride is None else tup(self.stride)
        return ksize, stride, tup(self.pad)

    def generate_inputs(self):
        return _distinct(_shapes[self.ndim], self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        f = {1: F.max_pooling_1d, 2: F.max_pooling_2d, 3: F.max_pooling_3d}[self.ndim]
        return f(x, self.ksize, self.stride, self.pad, cover_all=self.cover_all),

    def forward_expected(self, inputs):
        y, _ = _ref_max_pool(inputs[0], *self._params(), self.cover_all)
        return y.astype(self.dtype),


@pytest.mark.parametrize('ndim', [1, 2, 3])
@pytest.mark.parametrize('cover_all', [True, False])
def test_return_indices(ndim, cover_all):
    x = _distinct(_shapes[ndim], numpy.float32)
    y, indexes = F.max_pooling_nd(x, 3, 2, 1, cover_all=cover_all, return_indices=True)
    y_ref, idx_ref = _ref_max_pool(x, (3,) * ndim, (2,) * ndim, (1,) * ndim, cover_all)
    numpy.testing.assert_array_equal(y.array, y_ref.astype(numpy.float32))
    numpy.testing.assert_array_equal(indexes, idx_ref)


def test_default_cover_all_is_true():
    x = numpy.zeros((1, 1, 5, 5), 'f')
    assert F.max_pooling_2d(x, 2).shape == (1, 1, 3, 3)
    assert F.max_pooling_2d(x, 2, cover_all=False).shape == (1, 1, 2, 2)
    assert F.max_pooling_nd(numpy.zeros((1, 1, 5), 'f'), 2).shape == (1, 1, 3)


def test_gradient_goes_to_argmax():
    x = chainer.Variable(numpy.array([[[[1., 5.], [3., 2.]]]]))
    y = F.max_pooling_2d(x, 2)
    y.grad = numpy.ones_like(y.array)
    y.backward()
    numpy.testing.assert_array_equal(x.grad, [[[[0., 1.], [0., 0.]]]])


def test_overlapping_windows_accumulate():
    x = chainer.Variable(numpy.array([[[0., 9., 1., 0.]]]))
    y = F.max_pooling_1d(x, 2, stride=1, cover_all=False)
    y.grad = numpy.ones_like(y.array)
    y.backward()
    numpy.testing.assert_array_equal(x.grad, [[[0., 2., 1., 0.]]])


@pytest.mark.parametrize('func,shape', [
    (F.max_pooling_1d, (1, 1, 3, 3)),
    (F.max_pooling_2d, (1, 1, 3)),
    (F.max_pooling_3d, (1, 1, 3, 3)),
])
def test_wrong_ndim(func, shape):
    with pytest.raises(ValueError, match='should be'):
        func(numpy.zeros(shape, 'f'), 2)


def test_invalid_dtype():
    with pytest.raises(type_check.InvalidType):
        F.max_pooling_2d(numpy.zeros((1, 1, 3, 3), numpy.int32), 2)


@pytest.mark.parametrize('func,shape', [
    (F.max_pooling_2d, (1, 1, 3, 3)),
    (F.max_pooling_nd, (1, 1, 3)),
    (F.average_pooling_2d, (1, 1, 3, 3)),
    (F.average_pooling_nd, (1, 1, 3)),
])
def test_output_size_not_positive(func, shape):
    # AssertionError as v7
    with pytest.raises(AssertionError, match='must be positive'):
        func(numpy.zeros(shape, 'f'), 5, 1)


@pytest.mark.parametrize('func,shape', [
    (F.max_pooling_1d, (0, 1, 3)),
    (F.max_pooling_2d, (1, 0, 3, 3)),
    (F.max_pooling_nd, (0, 1, 3, 3, 3)),
])
def test_empty_input_is_invalid(func, shape):
    # as v7
    with pytest.raises(type_check.InvalidType):
        func(numpy.zeros(shape, 'f'), 2)


# --- CPU window loop (running maximum, first maximal position) and array-level backward ----

_window_cases = [
    (2, (2, 2), (2, 2), (0, 0), True),
    (2, (3, 3), (2, 2), (1, 1), True),
    (2, (3, 2), (1, 2), (1, 0), False),
    (1, (3,), (1,), (1,), False),
    (3, (2, 3, 2), (2, 1, 3), (0, 1, 1), True),
]


@pytest.mark.parametrize('ndim,ksize,stride,pad,cover_all', _window_cases)
def test_ties_pick_the_first_maximum(ndim, ksize, stride, pad, cover_all):
    # integer values: many windows hold several maxima; indexes follow argmax (the first)
    shape = (2, 3) + (7, 6, 5)[:ndim]
    x = numpy.random.RandomState(0).randint(0, 3, shape).astype(numpy.float32)
    y, indexes = F.max_pooling_nd(x, ksize, stride, pad, cover_all, return_indices=True)
    y_ref, idx_ref = _ref_max_pool(x, ksize, stride, pad, cover_all)
    numpy.testing.assert_array_equal(y.array, y_ref.astype(numpy.float32))
    numpy.testing.assert_array_equal(indexes, idx_ref)


@pytest.mark.parametrize('ndim,ksize,stride,pad,cover_all', _window_cases)
def test_array_backward_equals_variable_backward(ndim, ksize, stride, pad, cover_all,
                                                 monkeypatch):
    from chainer.functions.pooling import max_pooling_nd as mp_module
    shape = (2, 3) + (7, 6, 5)[:ndim]
    rng = numpy.random.RandomState(1)
    x = rng.randint(0, 3, shape).astype(numpy.float32)

    def grads(double):
        v = chainer.Variable(x.copy())
        y = F.max_pooling_nd(v, ksize, stride, pad, cover_all)
        # (windows made of padding only give -inf: no loss that multiplies the outputs)
        y.grad = numpy.random.RandomState(2).uniform(-1, 1, y.shape).astype(numpy.float32)
        y.backward(enable_double_backprop=double)
        return v.grad

    expected = grads(True)

    def fail(*args):
        raise AssertionError('the differentiable backward must not run')

    monkeypatch.setattr(mp_module.MaxPoolingND, 'backward', fail)
    numpy.testing.assert_array_equal(grads(False), expected)


def _fast_uniform(shape, dtype, low=-1, high=1, seed=0):
    return numpy.random.RandomState(seed).uniform(low, high, shape).astype(dtype)


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
@pytest.mark.parametrize('ndim,kwargs', [
    (2, dict(ksize=2, stride=2)), (2, dict(ksize=3, stride=2, pad=1, cover_all=False)),
    (1, dict(ksize=2)), (3, dict(ksize=2, stride=1, pad=1))])
def test_fast_backward(dtype, ndim, kwargs):
    x = numpy.random.RandomState(0).permutation(2 * 3 * 4 ** ndim).reshape(
        (2, 3) + (4,) * ndim).astype(dtype)  # distinct values: no ties
    func = lambda v: F.max_pooling_nd(v, **kwargs)  # noqa: E731
    gy = _fast_uniform(func(x).shape, dtype, seed=1)
    check_fast_backward(mp_module.MaxPoolingND, func, [x], [gy])
