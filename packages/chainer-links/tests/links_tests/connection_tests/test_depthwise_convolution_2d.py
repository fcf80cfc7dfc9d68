import numpy
import pytest

import chainer
from chainer import initializers
import chainer.links as L
from chainer import testing
from chainer.testing import attr
from chainer.utils import type_check


def _depthwise_reference(conv, x, W, b, stride, pad):
    # channel c of x convolved with W[m, c] gives output channel c * multiplier + m
    multiplier, channels = W.shape[:2]
    filters = W.transpose(1, 0, 2, 3).reshape(channels * multiplier, 1, *W.shape[2:])
    return conv(x, filters, b, stride=stride, pad=pad, groups=channels)


@testing.parameterize(*(testing.product({
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'nobias': [False, True],
    'lazy': [False],
}) + testing.product({
    'dtype': [numpy.float32],
    'nobias': [False, True],
    'lazy': [True],
})))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestDepthwiseConvolution2D(testing.LinkTestCase):

    def setUp(self):
        self.param_names = ('W',) if self.nobias else ('W', 'b')
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 5e-3, 'rtol': 5e-2}
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
        else:
            self.check_backward_options = {'atol': 1e-3, 'rtol': 1e-3}

    @pytest.fixture(autouse=True)
    def _reference(self, conv_reference):
        self.reference = conv_reference

    def generate_params(self):
        W = numpy.random.uniform(-1, 1, (2, 3, 3, 2)).astype(self.dtype)
        b = numpy.random.uniform(-1, 1, 6).astype(self.dtype)
        return (W,) if self.nobias else (W, b)

    def create_link(self, initializers):
        with chainer.using_config('dtype', self.dtype):
            return L.DepthwiseConvolution2D(
                None if self.lazy else 3, 2, (3, 2), stride=2, pad=1, nobias=self.nobias,
                initialW=initializers[0],
                initial_bias=None if self.nobias else initializers[1])

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, (2, 3, 5, 4)).astype(self.dtype),

    def forward_expected(self, link, inputs):
        x, = inputs
        b = None if self.nobias else link.b.array
        y = _depthwise_reference(self.reference, x, link.W.array, b, 2, 1)
        return y.astype(self.dtype),


class TestDepthwiseConvolution2DLink:

    def test_attributes(self):
        link = L.DepthwiseConvolution2D(3, 2, 3, stride=2, pad=1)
        assert link.W.shape == (2, 3, 3, 3) and link.b.shape == (6,)
        assert isinstance(link.W.initializer, initializers.HeNormal)
        numpy.testing.assert_allclose(link.W.initializer.scale, 1 / numpy.sqrt(2))
        assert (link.ksize, link.stride, link.pad) == (3, (2, 2), (1, 1))
        assert (link.channel_multiplier, link.nobias) == (2, False)

    def test_lazy_weight_and_bias(self):
        link = L.DepthwiseConvolution2D(None, 2, 3)
        assert link.W.array is None and link.b.array is None
        link(numpy.ones((1, 3, 5, 5), numpy.float32))
        assert link.W.shape == (2, 3, 3, 3) and link.b.shape == (6,)

    def test_lazy_nobias(self):
        link = L.DepthwiseConvolution2D(None, 2, 3, nobias=True)
        link(numpy.ones((1, 3, 5, 5), numpy.float32))
        assert link.b is None

    def test_wrong_channels(self):
        with pytest.raises(type_check.InvalidType):
            L.DepthwiseConvolution2D(3, 2, 3)(numpy.ones((1, 4, 5, 5), numpy.float32))

    def test_v7_layout(self, load_v7_npz):
        load_v7_npz(L.DepthwiseConvolution2D(3, 2, 3),
                    {'W': numpy.random.rand(2, 3, 3, 3).astype(numpy.float32),
                     'b': numpy.random.rand(6).astype(numpy.float32)})

    def test_round_trips(self):
        src, dst = L.DepthwiseConvolution2D(3, 2, 3), L.DepthwiseConvolution2D(None, 2, 3)
        testing.save_and_load_npz(src, dst)
        numpy.testing.assert_array_equal(dst.W.array, src.W.array)
        numpy.testing.assert_array_equal(dst.b.array, src.b.array)
        pytest.importorskip('h5py', reason='h5py (optional, chainer-core[hdf5]) is absent')
        dst = L.DepthwiseConvolution2D(3, 2, 3)
        testing.save_and_load_hdf5(src, dst)
        numpy.testing.assert_array_equal(dst.W.array, src.W.array)

    def test_copy_and_repeat(self):
        link = L.DepthwiseConvolution2D(2, 1, 3, pad=1)
        assert link.repeat(2)(numpy.ones((1, 2, 4, 4), numpy.float32)).shape == (1, 2, 4, 4)
        assert link.copy(mode='init').W.shape == (1, 2, 3, 3)


@attr.gpu
def test_lazy_on_gpu():
    import cupy
    link = L.DepthwiseConvolution2D(None, 2, 3).to_gpu()
    link(cupy.ones((1, 3, 5, 5), numpy.float32))
    assert isinstance(link.b.array, cupy.ndarray)
