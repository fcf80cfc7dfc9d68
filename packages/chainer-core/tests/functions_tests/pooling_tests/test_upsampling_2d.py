import warnings

import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check


def _ref_upsample(x, indexes, k, s, p, outs):
    kh, kw = k
    sy, sx = s
    ph, pw = p
    big = numpy.zeros(x.shape[:2] + (outs[0] + 2 * ph + sy + kh, outs[1] + 2 * pw + sx + kw))
    n, c, h, w = x.shape
    for b in range(n):
        for ch in range(c):
            for i in range(h):
                for j in range(w):
                    dy, dx = divmod(int(indexes[b, ch, i, j]), kw)
                    big[b, ch, i * sy + dy, j * sx + dx] += x[b, ch, i, j]
    return big[:, :, ph:ph + outs[0], pw:pw + outs[1]]


@testing.parameterize(*testing.product({
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'params': [((2, 2), (2, 2), (0, 0), True),
               ((3, 2), (2, 1), (1, 0), True),
               ((3, 3), (2, 2), (1, 1), False)],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestUpsampling2D(testing.FunctionTestCase):

    def setUp(self):
        self.ksize, self.stride, self.pad, self.cover_all = self.params
        self.in_shape = (2, 3, 5, 4)
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 5e-3, 'rtol': 5e-3}
            # the analytic gradients are float16 sums of up to 6 terms
            self.check_backward_options = {'dtype': numpy.float64, 'atol': 1e-3, 'rtol': 1e-2}
            self.check_double_backward_options = {'dtype': numpy.float64,
                                                  'atol': 1e-3, 'rtol': 1e-2}
        # indexes from a max pooling of a random input
        src = numpy.random.permutation(numpy.prod(self.in_shape)).reshape(self.in_shape)
        _, self.indexes = F.max_pooling_2d(
            src.astype(numpy.float64), self.ksize, self.stride, self.pad,
            cover_all=self.cover_all, return_indices=True)

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, self.indexes.shape).astype(self.dtype),

    def forward(self, inputs, device):
        indexes = device.send(self.indexes)
        return F.upsampling_2d(inputs[0], indexes, self.ksize, self.stride, self.pad,
                               outsize=self.in_shape[2:], cover_all=self.cover_all),

    def forward_expected(self, inputs):
        y = _ref_upsample(inputs[0], self.indexes, self.ksize, self.stride, self.pad,
                          self.in_shape[2:])
        return y.astype(self.dtype),


def test_upsampling_inverts_max_pooling_positions():
    x = numpy.random.permutation(16).reshape(1, 1, 4, 4).astype(numpy.float32)
    y, indexes = F.max_pooling_2d(x, 2, return_indices=True)
    up = F.upsampling_2d(y, indexes, 2, outsize=(4, 4))
    mask = up.array != 0
    numpy.testing.assert_array_equal(up.array[mask], x[mask])
    assert mask.sum() == 4 and up.array.max() == 15


def test_upsampling_default_outsize():
    x = numpy.ones((1, 1, 2, 3), 'f')
    indexes = numpy.zeros((1, 1, 2, 3), numpy.int64)
    assert F.upsampling_2d(x, indexes, 2, cover_all=False).shape == (1, 1, 4, 6)
    assert F.upsampling_2d(x, indexes, 2).shape == (1, 1, 3, 5)


def test_upsampling_invalid():
    x = numpy.ones((1, 1, 2, 3), 'f')
    with pytest.raises(type_check.InvalidType):
        F.upsampling_2d(x, numpy.zeros((1, 1, 2, 2), numpy.int64), 2)
    with pytest.raises(type_check.InvalidType):
        F.upsampling_2d(x, numpy.zeros((1, 1, 2, 3), numpy.int64), 2, outsize=(7, 6),
                        cover_all=False)


def test_windows_in_the_padding_give_no_warning():
    # With cover_all and padding, some pooling windows lie in the padding only: their -inf
    # maxima must not produce NumPy warnings when upsampled (v7 produces none).
    x = numpy.random.uniform(-1, 1, (1, 2, 5, 5)).astype(numpy.float32)
    y, indexes = F.max_pooling_2d(x, 2, 2, 1, cover_all=True, return_indices=True)
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        z = F.upsampling_2d(y, indexes, 2, 2, 1, cover_all=True)
    assert z.shape == (1, 2, 5, 5) and numpy.isfinite(z.array).all()
