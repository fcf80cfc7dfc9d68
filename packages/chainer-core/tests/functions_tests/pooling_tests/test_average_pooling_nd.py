import itertools

import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.functions.pooling import average_pooling_2d as avg2d_module
from chainer.utils import type_check


def _ref_avg_pool(x, ksize, stride, pad, pad_value):
    outs = [(d + 2 * p - k) // s + 1 for d, k, s, p in zip(x.shape[2:], ksize, stride, pad)]
    xp = numpy.pad(x.astype(numpy.float64), [(0, 0), (0, 0)] + [(p, p) for p in pad])
    ones = numpy.pad(numpy.ones(x.shape[2:]), [(p, p) for p in pad])
    y = numpy.empty(x.shape[:2] + tuple(outs))
    for pos in itertools.product(*[range(o) for o in outs]):
        sl = tuple(slice(q * s, q * s + k) for q, s, k in zip(pos, stride, ksize))
        total = xp[(slice(None), slice(None)) + sl].sum(axis=tuple(range(2, xp.ndim)))
        count = ones[sl].sum() if pad_value is None else numpy.prod(ksize)
        y[(slice(None), slice(None)) + pos] = total / count
    return y


_shapes = {1: (2, 3, 7), 2: (2, 3, 5, 4), 3: (1, 2, 4, 3, 5)}


@testing.parameterize(*(testing.product({
    'ndim': [1, 2, 3],
    'pad_value': [0, None],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}) + [
    {'ndim': 2, 'pad_value': 0, 'dtype': numpy.float64, 'func': '2d'},
    {'ndim': 2, 'pad_value': 0, 'dtype': numpy.float16, 'func': '2d'},
    {'ndim': 2, 'pad_value': None, 'dtype': numpy.float32, 'ksize': (2, 3),
     'stride': None, 'pad': (1, 1)},
]))
@testing.inject_backend_tests(None, [
    {},
    {'use_cuda': True, 'use_cudnn': 'never'},
    {'use_cuda': True, 'use_cudnn': 'always'},
    {'use_chainerx': True, 'chainerx_device': 'native:0'},
])
class TestAveragePoolingND(testing.FunctionTestCase):

    ksize = 3
    stride = 2
    pad = 1
    func = 'nd'

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 5e-3, 'rtol': 5e-3}
            self.check_backward_options = {'dtype': numpy.float64, 'atol': 5e-3, 'rtol': 5e-3}
        else:
            self.check_backward_options = {'atol': 1e-4, 'rtol': 1e-3}
        self.check_double_backward_options = self.check_backward_options

    def _params(self):
        def tup(v):
            return v if isinstance(v, tuple) else (v,) * self.ndim
        ksize = tup(self.ksize)
        return ksize, ksize if self.stride is None else tup(self.stride), tup(self.pad)

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, _shapes[self.ndim]).astype(self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        if self.func == '2d':
            return F.average_pooling_2d(x, self.ksize, self.stride, self.pad),
        f = {1: F.average_pooling_1d, 2: F.average_pooling_nd,
             3: F.average_pooling_3d}[self.ndim]
        return f(x, self.ksize, self.stride, self.pad, pad_value=self.pad_value),

    def forward_expected(self, inputs):
        y = _ref_avg_pool(inputs[0], *self._params(), self.pad_value)
        return y.astype(self.dtype),


def test_average_pooling_2d_node():
    node = avg2d_module.AveragePooling2D(3, 2, 1)
    assert (node.kh, node.kw, node.sy, node.sx, node.ph, node.pw) == (3, 3, 2, 2, 1, 1)


@pytest.mark.parametrize('kwargs', [{}, {'cover_all': True}, {'return_indices': True}])
def test_average_pooling_2d_node_ignores_cover_all(kwargs):
    # as v7: the node takes cover_all (default True) and return_indices but ignores them
    x = numpy.arange(36, dtype=numpy.float32).reshape(1, 1, 6, 6)
    y, = avg2d_module.AveragePooling2D(3, 2, **kwargs).apply((x,))
    testing.assert_allclose(y.array, F.average_pooling_2d(x, 3, 2).array)


@pytest.mark.parametrize('func,shape', [
    (F.average_pooling_1d, (0, 1, 3)),
    (F.average_pooling_nd, (1, 0, 3, 3)),
    (F.average_pooling_3d, (0, 1, 3, 3, 3)),
])
def test_empty_input_is_invalid(func, shape):
    # as v7 (for the N-D node)
    with pytest.raises(type_check.InvalidType):
        func(numpy.zeros(shape, 'f'), 2)


def test_average_pooling_2d_accepts_an_empty_input():
    # as v7 (its 2-D node has no such check)
    y = F.average_pooling_2d(numpy.zeros((0, 1, 4, 4), 'f'), 2)
    assert y.shape == (0, 1, 2, 2)


def test_invalid_pad_value():
    with pytest.raises(ValueError):
        F.average_pooling_nd(numpy.zeros((1, 1, 3, 3), 'f'), 2, pad_value=1)


def test_average_pooling_invalid():
    with pytest.raises(type_check.InvalidType):
        F.average_pooling_2d(numpy.zeros((1, 3, 3), 'f'), 2)
    with pytest.raises(ValueError, match='should be'):
        F.average_pooling_1d(numpy.zeros((1, 1, 3, 3), 'f'), 2)
