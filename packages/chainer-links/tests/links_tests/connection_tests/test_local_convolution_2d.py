import numpy
import pytest

import chainer
from chainer import initializers
import chainer.links as L
from chainer import testing
from chainer.testing import attr


def _reference(x, W, b, stride):
    sy, sx = stride
    out_channels, out_h, out_w, _, kh, kw = W.shape
    y = numpy.zeros((x.shape[0], out_channels, out_h, out_w))
    for i in range(out_h):
        for j in range(out_w):
            patch = x[:, :, i * sy:i * sy + kh, j * sx:j * sx + kw]
            y[:, :, i, j] = numpy.einsum('nckl,ockl->no', patch, W[:, i, j])
    if b is not None:
        y += b
    return y


@testing.parameterize(*(testing.product({
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'nobias': [False, True],
    'lazy': [False],
    'stride': [1],
}) + testing.product({
    'dtype': [numpy.float32],
    'nobias': [False],
    'lazy': [False, True],
    'stride': [(2, 1)],
})))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestLocalConvolution2D(testing.LinkTestCase):

    def setUp(self):
        self.param_names = ('W',) if self.nobias else ('W', 'b')
        sy, sx = (self.stride, self.stride) if self.stride == 1 else self.stride
        self.out_size = ((5 - 3) // sy + 1, (4 - 2) // sx + 1)
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 5e-3, 'rtol': 5e-2}
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
        else:
            self.check_backward_options = {'atol': 1e-3, 'rtol': 1e-3}

    def generate_params(self):
        W = numpy.random.uniform(-1, 1, (2,) + self.out_size + (3, 3, 2)).astype(self.dtype)
        b = numpy.random.uniform(-1, 1, (2,) + self.out_size).astype(self.dtype)
        return (W,) if self.nobias else (W, b)

    def create_link(self, initializers):
        with chainer.using_config('dtype', self.dtype):
            return L.LocalConvolution2D(
                None if self.lazy else 3, 2, None if self.lazy else (5, 4), (3, 2),
                stride=self.stride, nobias=self.nobias, initialW=initializers[0],
                initial_bias=None if self.nobias else initializers[1])

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, (2, 3, 5, 4)).astype(self.dtype),

    def forward_expected(self, link, inputs):
        x, = inputs
        b = None if self.nobias else link.b.array
        stride = (1, 1) if self.stride == 1 else self.stride
        return _reference(x, link.W.array, b, stride).astype(self.dtype),


class TestLocalConvolution2DLink:

    def test_attributes(self):
        link = L.LocalConvolution2D(3, 4, (5, 5), 3)
        assert link.W.shape == (4, 3, 3, 3, 3, 3) and link.b.shape == (4, 3, 3)
        assert isinstance(link.W.initializer, initializers.LeCunNormal)
        assert (link.ksize, link.stride, link.nobias, link.out_channels) == (
            3, (1, 1), False, 4)

    def test_int_in_size(self):
        assert L.LocalConvolution2D(3, 4, 5, 3).W.shape == (4, 3, 3, 3, 3, 3)

    def test_stride_shapes_the_weight(self):
        link = L.LocalConvolution2D(3, 4, (7, 7), 3, stride=2)
        assert link.W.shape == (4, 3, 3, 3, 3, 3)
        assert link(numpy.ones((1, 3, 7, 7), numpy.float32)).shape == (1, 4, 3, 3)

    def test_lazy(self):
        link = L.LocalConvolution2D(None, 4, None, 3)
        assert link.W.array is None and link.b.array is None
        link(numpy.ones((1, 3, 5, 6), numpy.float32))
        assert link.W.shape == (4, 3, 4, 3, 3, 3) and link.b.shape == (4, 3, 4)

    def test_nobias(self):
        assert L.LocalConvolution2D(3, 4, (5, 5), 3, nobias=True).b is None

    def test_v7_layout(self, load_v7_npz):
        load_v7_npz(L.LocalConvolution2D(3, 4, (5, 5), 3),
                    {'W': numpy.random.rand(4, 3, 3, 3, 3, 3).astype(numpy.float32),
                     'b': numpy.random.rand(4, 3, 3).astype(numpy.float32)})

    def test_round_trips(self):
        src = L.LocalConvolution2D(3, 4, (5, 5), 3)
        dst = L.LocalConvolution2D(None, 4, None, 3)
        testing.save_and_load_npz(src, dst)
        numpy.testing.assert_array_equal(dst.W.array, src.W.array)
        numpy.testing.assert_array_equal(dst.b.array, src.b.array)
        pytest.importorskip('h5py', reason='h5py (optional, chainer-core[hdf5]) is absent')
        dst = L.LocalConvolution2D(3, 4, (5, 5), 3)
        testing.save_and_load_hdf5(src, dst)
        numpy.testing.assert_array_equal(dst.W.array, src.W.array)

    def test_copy_and_repeat(self):
        link = L.LocalConvolution2D(2, 2, (3, 3), 1)
        assert link.repeat(2)(numpy.ones((1, 2, 3, 3), numpy.float32)).shape == (1, 2, 3, 3)


@attr.gpu
def test_lazy_on_gpu():
    import cupy
    link = L.LocalConvolution2D(None, 4, None, 3).to_gpu()
    link(cupy.ones((1, 3, 5, 5), numpy.float32))
    assert isinstance(link.W.array, cupy.ndarray)
