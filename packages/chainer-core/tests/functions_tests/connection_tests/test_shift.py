import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check


def _ref_shift(x, kh, kw, dy, dx):
    """Group i (center group last) is moved by (ky * dy, kx * dx) with zero fill."""
    n, c, h, w = x.shape
    n_groups = kh * kw
    size = c // n_groups
    center = (n_groups - 1) // 2
    y = numpy.zeros_like(x)
    for i in range(n_groups):
        g = {center: n_groups - 1, n_groups - 1: center}.get(i, i)
        ky = g // kw - kh // 2
        kx = g % kw - kw // 2
        cs = i * size
        ce = (i + 1) * size if i < n_groups - 1 else c
        for yy in range(h):
            for xx in range(w):
                sy, sx = yy - ky * dy, xx - kx * dx
                if 0 <= sy < h and 0 <= sx < w:
                    y[:, cs:ce, yy, xx] = x[:, cs:ce, sy, sx]
    return y


@testing.parameterize(*testing.product({
    'ksize': [3, (1, 3)],
    'dilate': [1, (2, 1)],
    'channels': [9, 11],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestShift(testing.FunctionTestCase):

    def setUp(self):
        self.check_backward_options = {'atol': 1e-3, 'rtol': 1e-3}
        if self.dtype == numpy.float16:
            self.check_backward_options = {'dtype': numpy.float64}
        self.check_double_backward_options = self.check_backward_options

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, (2, self.channels, 4, 5)).astype(self.dtype),

    def forward(self, inputs, device):
        return F.shift(inputs[0], ksize=self.ksize, dilate=self.dilate),

    def forward_expected(self, inputs):
        kh, kw = self.ksize if isinstance(self.ksize, tuple) else (self.ksize,) * 2
        dy, dx = self.dilate if isinstance(self.dilate, tuple) else (self.dilate,) * 2
        return _ref_shift(inputs[0], kh, kw, dy, dx),


def test_shift_center_group_unchanged():
    x = numpy.random.rand(1, 9, 3, 3).astype('f')
    y = F.shift(x).array
    numpy.testing.assert_array_equal(y[:, 8], x[:, 8])
    # group 0 is shifted by (-1, -1): y[i, j] = x[i + 1, j + 1]
    numpy.testing.assert_array_equal(y[0, 0, :2, :2], x[0, 0, 1:, 1:])


def test_shift_invalid():
    with pytest.raises(ValueError):
        F.shift(numpy.zeros((1, 9, 3, 3), 'f'), ksize=2)
    with pytest.raises(type_check.InvalidType):
        F.shift(numpy.zeros((1, 8, 3, 3), 'f'))
    with pytest.raises(type_check.InvalidType):
        F.shift(numpy.zeros((9, 3, 3), 'f'))
