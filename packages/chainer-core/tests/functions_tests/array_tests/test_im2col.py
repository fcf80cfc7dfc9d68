import numpy
import pytest

from chainer import functions
from chainer import testing
from chainer.utils import type_check


def _pair(x):
    return x if isinstance(x, tuple) else (x, x)


def _out_size(size, k, s, p, d, cover_all):
    dk = k + (k - 1) * (d - 1)
    if cover_all:
        return (size + 2 * p - dk + s - 1) // s + 1
    return (size + 2 * p - dk) // s + 1


def _im2col_ref(x, ksize, stride, pad, cover_all, dilate):
    kh, kw = _pair(ksize)
    sy, sx = _pair(stride)
    ph, pw = _pair(pad)
    dy, dx = _pair(dilate)
    n, c, h, w = x.shape
    oh = _out_size(h, kh, sy, ph, dy, cover_all)
    ow = _out_size(w, kw, sx, pw, dx, cover_all)
    y = numpy.zeros((n, c, kh, kw, oh, ow), dtype=x.dtype)
    for i in range(kh):
        for j in range(kw):
            for oy in range(oh):
                for ox in range(ow):
                    iy = oy * sy - ph + i * dy
                    ix = ox * sx - pw + j * dx
                    if 0 <= iy < h and 0 <= ix < w:
                        y[:, :, i, j, oy, ox] = x[:, :, iy, ix]
    return y.reshape(n, c * kh * kw, oh, ow)


@testing.parameterize(*testing.product_dict(
    [
        {'ksize': 2, 'stride': 1, 'pad': 0, 'cover_all': False,
         'dilate': 1},
        {'ksize': (2, 3), 'stride': (2, 1), 'pad': (1, 0),
         'cover_all': False, 'dilate': 1},
        {'ksize': 2, 'stride': 2, 'pad': 0, 'cover_all': True,
         'dilate': 1},
        {'ksize': 2, 'stride': 1, 'pad': 1, 'cover_all': False,
         'dilate': 2},
        {'ksize': (1, 2), 'stride': (1, 2), 'pad': (0, 1),
         'cover_all': True, 'dilate': (2, 1)},
    ],
    testing.product({
        'dtype': [numpy.float16, numpy.float32, numpy.float64]}),
))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestIm2Col(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_backward_options = {
                'dtype': numpy.float64, 'atol': 5e-3, 'rtol': 5e-3}
            self.check_double_backward_options = {
                'dtype': numpy.float64, 'atol': 5e-3, 'rtol': 5e-3}

    def generate_inputs(self):
        x = numpy.random.uniform(-1, 1, (2, 2, 4, 5)).astype(self.dtype)
        return x,

    def forward(self, inputs, device):
        x, = inputs
        return functions.im2col(x, self.ksize, self.stride, self.pad,
                                self.cover_all, self.dilate),

    def forward_expected(self, inputs):
        x, = inputs
        return _im2col_ref(x, self.ksize, self.stride, self.pad,
                           self.cover_all, self.dilate),


def test_im2col_defaults():
    x = numpy.arange(9, dtype=numpy.float32).reshape(1, 1, 3, 3)
    y = functions.im2col(x, 3)
    assert y.shape == (1, 9, 1, 1)
    numpy.testing.assert_array_equal(y.array.ravel(), numpy.arange(9))


@pytest.mark.parametrize('x', [
    numpy.zeros((1, 1, 3), numpy.float32),
    numpy.zeros((1, 1, 3, 3), numpy.int32),
])
def test_im2col_invalid_type(x):
    with pytest.raises(type_check.InvalidType):
        functions.im2col(x, 2)


def test_module_exposes_the_array_level_helpers():
    # as v7: chainer.functions.array.im2col re-exports chainer.utils.conv's helpers
    from chainer.functions.array import im2col as im2col_module
    from chainer.utils import conv
    for name in ('im2col_cpu', 'im2col_gpu', 'col2im_cpu', 'col2im_gpu'):
        assert getattr(im2col_module, name) is getattr(conv, name)
