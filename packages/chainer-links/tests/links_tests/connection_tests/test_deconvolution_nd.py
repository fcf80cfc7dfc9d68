import numpy
import pytest

import chainer
from chainer import initializers
import chainer.links as L
from chainer import testing
from chainer.testing import attr
from chainer.utils import type_check


@testing.parameterize(*(testing.product({
    'ndim': [1, 2, 3],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'nobias': [False, True],
    'lazy': [False],
    'args': [{}],
}) + testing.product({
    'ndim': [1, 3],
    'dtype': [numpy.float32],
    'nobias': [False],
    'lazy': [False, True],
    'args': [{'stride': 2, 'pad': 1}, {'dilate': 2, 'groups': 2}],
})))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestDeconvolutionND(testing.LinkTestCase):

    in_channels = 4
    out_channels = 2
    ksize = 2

    def setUp(self):
        self.param_names = ('W',) if self.nobias else ('W', 'b')
        self.groups = self.args.get('groups', 1)
        self.in_shape = (3, 4, 2)[:self.ndim]

    @pytest.fixture(autouse=True)
    def _reference(self, deconv_reference, conv_tolerances):
        self.reference = deconv_reference
        self.check_forward_options, self.check_backward_options = conv_tolerances(self.dtype)

    def generate_params(self):
        W = numpy.random.uniform(-1, 1, (self.in_channels, self.out_channels // self.groups)
                                 + (self.ksize,) * self.ndim).astype(self.dtype)
        b = numpy.random.uniform(-1, 1, self.out_channels).astype(self.dtype)
        return (W,) if self.nobias else (W, b)

    def create_link(self, initializers):
        initial_bias = None if self.nobias else initializers[1]
        in_channels = None if self.lazy else self.in_channels
        with chainer.using_config('dtype', self.dtype):
            return L.DeconvolutionND(
                self.ndim, in_channels, self.out_channels, self.ksize, nobias=self.nobias,
                initialW=initializers[0], initial_bias=initial_bias, **self.args)

    def generate_inputs(self):
        x = numpy.random.uniform(-1, 1, (2, self.in_channels) + self.in_shape)
        return x.astype(self.dtype),

    def forward_expected(self, link, inputs):
        x, = inputs
        b = None if self.nobias else link.b.array
        return self.reference(x, link.W.array, b, **self.args).astype(self.dtype),


@testing.inject_backend_tests(None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestDeconvolutionNDInitializers(testing.LinkInitializersTestCase):

    param_names = ('W', 'b')

    def generate_params(self):
        return initializers.Constant(1.), initializers.Constant(2.)

    def create_link(self, initializers):
        return L.DeconvolutionND(3, 3, 2, 2, initialW=initializers[0],
                                 initial_bias=initializers[1])

    def generate_inputs(self):
        return numpy.ones((1, 3, 2, 2, 2), numpy.float32),

    def get_initializers(self):
        return (
            (initializers.Constant(3.), 4., numpy.full((3, 2, 2, 2, 2), 5., numpy.float32)),
            (6., numpy.arange(2, dtype=numpy.float32), testing.InitializerArgument(None, 0.)),
        )


class TestDeconvolutionNDConstruction:

    def test_attributes(self):
        link = L.DeconvolutionND(3, 2, 4, 3, stride=2, pad=1, outsize=(5, 5, 5), dilate=1)
        assert link.W.shape == (2, 4, 3, 3, 3) and link.b.shape == (4,)
        assert link.ksize == (3, 3, 3) and link.dilate == (1, 1, 1)
        assert (link.stride, link.pad, link.outsize, link.groups) == (2, 1, (5, 5, 5), 1)

    def test_omitted_in_channels(self):
        link = L.DeconvolutionND(2, 4, 3)
        assert link.W.array is None
        y = link(numpy.ones((1, 5, 2, 2), numpy.float32))
        assert link.W.shape == (5, 4, 3, 3) and y.shape == (1, 4, 4, 4)

    def test_outsize(self):
        link = L.Deconvolution1D(2, 3, 3, stride=2, outsize=(8,))
        assert link(numpy.ones((1, 2, 3), numpy.float32)).shape == (1, 3, 8)

    @pytest.mark.parametrize('cls, ndim', [(L.Deconvolution1D, 1), (L.Deconvolution3D, 3)])
    def test_fixed_ndim(self, cls, ndim):
        link = cls(2, 4, 3)
        assert isinstance(link, L.DeconvolutionND)
        assert link.W.shape == (2, 4) + (3,) * ndim
        assert link(numpy.ones((1, 2) + (2,) * ndim, numpy.float32)).shape == (
            (1, 4) + (4,) * ndim)

    def test_groups_not_dividing(self):
        with pytest.raises(ValueError, match='input channels'):
            L.DeconvolutionND(2, 5, 4, 3, groups=2)

    def test_wrong_ndim_input(self):
        with pytest.raises(type_check.InvalidType,
                           match=r'in: DeconvolutionND \(Forward\)\n\nExpect: x.ndim == 5'):
            L.Deconvolution3D(2, 4, 3)(numpy.ones((1, 2, 3, 3), numpy.float32))
        with pytest.raises(AssertionError):  # what v7 raises
            L.DeconvolutionND(1, None, 4, 3)(numpy.ones((1, 2, 3, 3), numpy.float32))


class TestDeconvolutionNDSerialization:

    def test_npz_round_trip(self):
        src, dst = L.Deconvolution3D(2, 4, 2), L.DeconvolutionND(3, 4, 2)
        testing.save_and_load_npz(src, dst)
        numpy.testing.assert_array_equal(dst.W.array, src.W.array)

    def test_hdf5_round_trip(self):
        pytest.importorskip('h5py', reason='h5py (optional, chainer-core[hdf5]) is absent')
        src, dst = L.Deconvolution1D(2, 4, 2), L.Deconvolution1D(2, 4, 2)
        testing.save_and_load_hdf5(src, dst)
        numpy.testing.assert_array_equal(dst.W.array, src.W.array)

    def test_v7_layout(self, load_v7_npz):
        model = chainer.Sequential(L.Deconvolution1D(3, 4, 3))
        load_v7_npz(model, {'0/W': numpy.random.rand(3, 4, 3).astype(numpy.float32),
                            '0/b': numpy.random.rand(4).astype(numpy.float32)})

    def test_repeat(self):
        seq = L.Deconvolution1D(2, 2, 3, pad=1).repeat(2)
        assert seq(numpy.ones((1, 2, 6), numpy.float32)).shape == (1, 2, 6)


@attr.gpu
def test_lazy_on_gpu():
    import cupy
    link = L.DeconvolutionND(3, 4, 2).to_gpu()
    link(cupy.ones((1, 2, 3, 3, 3), numpy.float32))
    assert isinstance(link.W.array, cupy.ndarray)
