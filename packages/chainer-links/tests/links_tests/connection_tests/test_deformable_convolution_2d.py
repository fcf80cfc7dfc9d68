import numpy
import pytest

import chainer
from chainer import initializers
import chainer.links as L
from chainer.links.connection.deformable_convolution_2d import DeformableConvolution2DSampler
from chainer import testing
from chainer.testing import attr


def _bilinear(img, y, x):
    # img (C, H, W) sampled at the real point (y, x); zero outside the image
    h, w = img.shape[1:]
    y0, x0 = int(numpy.floor(y)), int(numpy.floor(x))
    out = numpy.zeros(img.shape[0])
    for yy in (y0, y0 + 1):
        for xx in (x0, x0 + 1):
            if 0 <= yy < h and 0 <= xx < w:
                out += img[:, yy, xx] * (1 - abs(y - yy)) * (1 - abs(x - xx))
    return out


def _sampler_reference(x, offset, W, b, stride, pad):
    # offset channel k holds the x shift of point k, channel kh*kw + k its y shift
    sy, sx = stride
    py, px = pad
    out_c, _, kh, kw = W.shape
    n, _, out_h, out_w = offset.shape
    y = numpy.zeros((n, out_c, out_h, out_w))
    for i in range(n):
        for oy in range(out_h):
            for ox in range(out_w):
                for k in range(kh * kw):
                    ky, kx = divmod(k, kw)
                    dx = offset[i, k, oy, ox]
                    dy = offset[i, kh * kw + k, oy, ox]
                    v = _bilinear(x[i], oy * sy - py + ky + dy, ox * sx - px + kx + dx)
                    y[i, :, oy, ox] += W[:, :, ky, kx].dot(v)
    if b is not None:
        y += b.reshape(1, -1, 1, 1)
    return y


@testing.parameterize(*testing.product({
    'nobias': [False, True],
    'stride_pad': [((1, 1), (0, 0)), ((2, 1), (1, 1))],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestDeformableConvolution2DSampler(testing.LinkTestCase):

    def setUp(self):
        self.param_names = ('W',) if self.nobias else ('W', 'b')
        self.stride, self.pad = self.stride_pad
        self.check_backward_options = {'atol': 1e-3, 'rtol': 1e-3}
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 2e-2, 'rtol': 5e-2}
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
        self.dodge_nondifferentiable = True

    def generate_params(self):
        W = numpy.random.uniform(-1, 1, (2, 3, 2, 2)).astype(self.dtype)
        b = numpy.random.uniform(-1, 1, 2).astype(self.dtype)
        return (W,) if self.nobias else (W, b)

    def create_link(self, initializers):
        with chainer.using_config('dtype', self.dtype):
            return DeformableConvolution2DSampler(
                3, 2, 2, self.stride, self.pad, nobias=self.nobias, initialW=initializers[0],
                initial_bias=None if self.nobias else initializers[1])

    def generate_inputs(self):
        x = numpy.random.uniform(-1, 1, (1, 3, 4, 4)).astype(self.dtype)
        out_h = (4 + 2 * self.pad[0] - 2) // self.stride[0] + 1
        out_w = (4 + 2 * self.pad[1] - 2) // self.stride[1] + 1
        # offsets away from integers, where bilinear sampling is not differentiable
        offset = numpy.random.uniform(0.1, 0.4, (1, 8, out_h, out_w)) * numpy.random.choice(
            [-1, 1], (1, 8, out_h, out_w))
        return x, offset.astype(self.dtype)

    def forward_expected(self, link, inputs):
        x, offset = inputs
        b = None if self.nobias else link.b.array
        y = _sampler_reference(x, offset, link.W.array, b, self.stride, self.pad)
        return y.astype(self.dtype),


class TestDeformableConvolution2D:

    def test_forward_is_offset_then_sampler(self):
        link = L.DeformableConvolution2D(3, 2, 3, pad=1,
                                         deform_initialW=initializers.Normal())
        x = numpy.random.uniform(-1, 1, (1, 3, 4, 4)).astype(numpy.float32)
        offset = link.offset_conv(x)
        expected = _sampler_reference(x, offset.array, link.deform_conv.W.array,
                                      link.deform_conv.b.array, (1, 1), (1, 1))
        numpy.testing.assert_allclose(link(x).array, expected, rtol=1e-4, atol=1e-5)

    def test_children(self):
        link = L.DeformableConvolution2D(3, 4, (3, 2), stride=2, pad=1, offset_nobias=True,
                                         deform_initial_bias=2.)
        assert isinstance(link.offset_conv, L.Convolution2D)
        assert link.offset_conv.W.shape == (12, 3, 3, 2) and link.offset_conv.b is None
        assert (link.offset_conv.stride, link.offset_conv.pad) == ((2, 2), (1, 1))
        sampler = link.deform_conv
        assert isinstance(sampler, DeformableConvolution2DSampler)
        assert sampler.W.shape == (4, 3, 3, 2)
        numpy.testing.assert_array_equal(sampler.W.array, numpy.zeros((4, 3, 3, 2)))
        numpy.testing.assert_array_equal(sampler.b.array, numpy.full(4, 2.))
        assert (sampler.ksize, sampler.stride, sampler.pad, sampler.out_channels) == (
            (3, 2), (2, 2), (1, 1), 4)
        assert sampler.initialW is None

    def test_lazy_sampler(self):
        sampler = DeformableConvolution2DSampler(None, 4, 3, initial_bias=2.)
        # as in v7, the bias waits for the filter
        assert sampler.W.array is None and sampler.b.array is None
        sampler(numpy.ones((1, 3, 5, 5), numpy.float32),
                numpy.zeros((1, 18, 3, 3), numpy.float32))
        assert sampler.W.shape == (4, 3, 3, 3)
        assert isinstance(sampler.W.initializer, initializers.Zero)
        numpy.testing.assert_array_equal(sampler.b.array, numpy.full(4, 2.))
        assert DeformableConvolution2DSampler(3, 4, 3).b.shape == (4,)
        assert DeformableConvolution2DSampler(None, 4, 3, nobias=True).b is None

    def test_lazy(self):
        link = L.DeformableConvolution2D(None, 4, 3)
        assert link(numpy.ones((1, 2, 5, 5), numpy.float32)).shape == (1, 4, 3, 3)

    def test_v7_layout(self, load_v7_npz):
        load_v7_npz(L.DeformableConvolution2D(3, 4, 3), {
            'deform_conv/W': numpy.random.rand(4, 3, 3, 3).astype(numpy.float32),
            'deform_conv/b': numpy.random.rand(4).astype(numpy.float32),
            'offset_conv/W': numpy.random.rand(18, 3, 3, 3).astype(numpy.float32),
            'offset_conv/b': numpy.random.rand(18).astype(numpy.float32)})

    def test_round_trips(self):
        src = L.DeformableConvolution2D(3, 4, 3, deform_initialW=initializers.Normal())
        dst = L.DeformableConvolution2D(None, 4, 3)
        testing.save_and_load_npz(src, dst)
        numpy.testing.assert_array_equal(dst.deform_conv.W.array, src.deform_conv.W.array)
        pytest.importorskip('h5py', reason='h5py (optional, chainer-core[hdf5]) is absent')
        dst = L.DeformableConvolution2D(3, 4, 3)
        testing.save_and_load_hdf5(src, dst)
        numpy.testing.assert_array_equal(dst.offset_conv.W.array, src.offset_conv.W.array)

    def test_copy_and_repeat(self):
        link = L.DeformableConvolution2D(2, 2, 3, pad=1)
        assert link.repeat(2)(numpy.ones((1, 2, 4, 4), numpy.float32)).shape == (1, 2, 4, 4)
        assert link.copy(mode='copy').deform_conv is not link.deform_conv


@attr.gpu
def test_deformable_gpu():
    import cupy
    link = L.DeformableConvolution2D(None, 4, 3).to_gpu()
    assert isinstance(link(cupy.ones((1, 2, 5, 5), numpy.float32)).array, cupy.ndarray)
