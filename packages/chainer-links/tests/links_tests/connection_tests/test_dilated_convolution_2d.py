import numpy
import pytest

import chainer
from chainer import initializers
import chainer.links as L
from chainer import testing
from chainer.testing import attr


@testing.parameterize(*(testing.product({
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'nobias': [False, True],
    'lazy': [False],
}) + testing.product({
    'dtype': [numpy.float32],
    'nobias': [False],
    'lazy': [True],
})))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestDilatedConvolution2D(testing.LinkTestCase):

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
        b = numpy.random.uniform(-1, 1, 2).astype(self.dtype)
        return (W,) if self.nobias else (W, b)

    def create_link(self, initializers):
        with chainer.using_config('dtype', self.dtype):
            return L.DilatedConvolution2D(
                None if self.lazy else 3, 2, (3, 2), stride=(1, 2), pad=(2, 1), dilate=(2, 1),
                nobias=self.nobias, initialW=initializers[0],
                initial_bias=None if self.nobias else initializers[1])

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, (2, 3, 5, 6)).astype(self.dtype),

    def forward_expected(self, link, inputs):
        x, = inputs
        b = None if self.nobias else link.b.array
        y = self.reference(x, link.W.array, b, stride=(1, 2), pad=(2, 1), dilate=(2, 1))
        return y.astype(self.dtype),


class TestDilatedConvolution2DLink:

    def test_attributes(self):
        link = L.DilatedConvolution2D(3, 4, 3, stride=2, pad=(1, 2), dilate=2)
        assert link.W.shape == (4, 3, 3, 3) and link.b.shape == (4,)
        assert isinstance(link.W.initializer, initializers.LeCunNormal)
        assert (link.ksize, link.stride, link.pad, link.dilate, link.out_channels) == (
            3, (2, 2), (1, 2), (2, 2), 4)

    def test_omitted_in_channels(self):
        link = L.DilatedConvolution2D(4, 3, dilate=2)
        assert link.W.array is None and (link.out_channels, link.ksize) == (4, 3)
        assert link(numpy.ones((1, 2, 7, 7), numpy.float32)).shape == (1, 4, 3, 3)
        assert link.W.shape == (4, 2, 3, 3)

    def test_unexpected_argument(self):
        with pytest.raises(TypeError):
            L.DilatedConvolution2D(3, 4, 3, groups=2)

    @pytest.mark.parametrize('ksize', [(3,), (3, 3, 3)])
    def test_ksize_of_another_length(self, ksize):
        with pytest.raises(ValueError, match='values to unpack'):
            L.DilatedConvolution2D(3, 4, ksize)

    def test_v7_layout(self, load_v7_npz):
        load_v7_npz(L.DilatedConvolution2D(3, 4, 3),
                    {'W': numpy.random.rand(4, 3, 3, 3).astype(numpy.float32),
                     'b': numpy.random.rand(4).astype(numpy.float32)})

    def test_round_trips(self):
        src, dst = L.DilatedConvolution2D(3, 4, 3), L.DilatedConvolution2D(4, 3)
        testing.save_and_load_npz(src, dst)
        numpy.testing.assert_array_equal(dst.W.array, src.W.array)
        pytest.importorskip('h5py', reason='h5py (optional, chainer-core[hdf5]) is absent')
        dst = L.DilatedConvolution2D(3, 4, 3)
        testing.save_and_load_hdf5(src, dst)
        numpy.testing.assert_array_equal(dst.W.array, src.W.array)

    def test_copy_and_repeat(self):
        link = L.DilatedConvolution2D(2, 2, 3, pad=2, dilate=2)
        assert link.repeat(2)(numpy.ones((1, 2, 5, 5), numpy.float32)).shape == (1, 2, 5, 5)
        assert link.copy(mode='copy').W.array is not link.W.array


@attr.gpu
def test_lazy_on_gpu():
    import cupy
    link = L.DilatedConvolution2D(4, 3).to_gpu()
    link(cupy.ones((1, 2, 5, 5), numpy.float32))
    assert isinstance(link.W.array, cupy.ndarray)
