import numpy
import pytest

import chainer
from chainer import initializers
import chainer.links as L
from chainer import testing
from chainer.testing import attr
from chainer.utils import type_check


@testing.parameterize(*(testing.product({
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'nobias': [False, True],
    'lazy': [False, True],
    'args': [{}],
}) + testing.product({
    'dtype': [numpy.float32],
    'nobias': [False],
    'lazy': [False, True],
    'args': [{'stride': 2, 'pad': 1}, {'stride': (2, 1), 'dilate': (1, 2)},
             {'groups': 2, 'pad': (1, 0)}, {'stride': 2, 'outsize': (9, 7)}],
})))
@testing.inject_backend_tests(None, [{}, {'use_cuda': True},
                                     {'use_cuda': True, 'use_cudnn': 'always'},
                                     {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestDeconvolution2D(testing.LinkTestCase):

    in_channels = 4
    out_channels = 2

    def setUp(self):
        self.param_names = ('W',) if self.nobias else ('W', 'b')
        self.groups = self.args.get('groups', 1)

    @pytest.fixture(autouse=True)
    def _reference(self, deconv_reference, conv_tolerances):
        self.reference = deconv_reference
        self.check_forward_options, self.check_backward_options = conv_tolerances(self.dtype)

    def generate_params(self):
        W = numpy.random.uniform(
            -1, 1, (self.in_channels, self.out_channels // self.groups, 3, 2))
        b = numpy.random.uniform(-1, 1, self.out_channels)
        return (W.astype(self.dtype),) if self.nobias else (W.astype(self.dtype),
                                                            b.astype(self.dtype))

    def create_link(self, initializers):
        initial_bias = None if self.nobias else initializers[1]
        in_channels = None if self.lazy else self.in_channels
        with chainer.using_config('dtype', self.dtype):
            return L.Deconvolution2D(
                in_channels, self.out_channels, (3, 2), nobias=self.nobias,
                initialW=initializers[0], initial_bias=initial_bias, **self.args)

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, (2, self.in_channels, 4, 3)).astype(self.dtype),

    def forward_expected(self, link, inputs):
        x, = inputs
        args = dict(self.args)
        outsize = args.pop('outsize', None)
        b = None if self.nobias else link.b.array
        y = self.reference(x, link.W.array, b, **args)
        if outsize is not None:
            # the requested size is one more than computed: the extra row/column only
            # receives the bias
            extra = numpy.zeros(y.shape[:2] + outsize)
            if b is not None:
                extra += b.reshape(1, -1, 1, 1)
            extra[:, :, :y.shape[2], :y.shape[3]] = y
            y = extra
        return y.astype(self.dtype),


@testing.inject_backend_tests(None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestDeconvolution2DInitializers(testing.LinkInitializersTestCase):

    param_names = ('W', 'b')

    def generate_params(self):
        return initializers.Constant(1.), initializers.Constant(2.)

    def create_link(self, initializers):
        return L.Deconvolution2D(3, 2, 2, initialW=initializers[0],
                                 initial_bias=initializers[1])

    def generate_inputs(self):
        return numpy.ones((1, 3, 3, 3), numpy.float32),

    def get_initializers(self):
        return (
            (initializers.Constant(3.), 4., numpy.full((3, 2, 2, 2), 5., numpy.float32)),
            (6., numpy.arange(2, dtype=numpy.float32), testing.InitializerArgument(None, 0.)),
        )


class TestDeconvolution2DConstruction:

    def test_attributes(self):
        link = L.Deconvolution2D(3, 4, 3, stride=2, pad=1, outsize=(5, 5))
        assert link.W.shape == (3, 4, 3, 3) and link.b.shape == (4,)
        assert isinstance(link.W.initializer, initializers.LeCunNormal)
        assert (link.ksize, link.stride, link.pad, link.dilate) == (3, (2, 2), (1, 1), (1, 1))
        assert (link.outsize, link.out_channels, link.groups) == ((5, 5), 4, 1)
        assert L.Deconvolution2D(3, 4, 3).outsize == (None, None)

    def test_omitted_in_channels(self):
        link = L.Deconvolution2D(4, 3)
        assert link.W.array is None and link.out_channels == 4
        y = link(numpy.ones((1, 2, 3, 3), numpy.float32))
        assert link.W.shape == (2, 4, 3, 3)
        assert y.shape == (1, 4, 5, 5)

    def test_outsize(self):
        link = L.Deconvolution2D(None, 4, 3, stride=2, outsize=(8, 8))
        assert link(numpy.ones((1, 2, 3, 3), numpy.float32)).shape == (1, 4, 8, 8)

    def test_groups(self):
        assert L.Deconvolution2D(6, 4, 3, groups=2).W.shape == (6, 2, 3, 3)
        with pytest.raises(ValueError, match='input channels'):
            L.Deconvolution2D(5, 4, 3, groups=2)
        with pytest.raises(ValueError, match='output channels'):
            L.Deconvolution2D(4, 5, 3, groups=2)

    def test_removed_arguments(self):
        with pytest.raises(ValueError, match='cudnn_deterministic'):
            L.Deconvolution2D(3, 4, 3, deterministic=True)
        with pytest.raises(TypeError):
            L.Deconvolution2D(3, 4, 3, use_cudnn=False)

    def test_wrong_input(self):
        with pytest.raises(type_check.InvalidType):
            L.Deconvolution2D(3, 4, 3)(numpy.ones((1, 2, 3, 3), numpy.float32))

    def test_str(self):
        assert str(L.Deconvolution2D(3, 4, 3)) == 'Deconvolution2D()'


class TestDeconvolution2DSerialization:

    def test_npz_round_trip(self):
        src, dst = L.Deconvolution2D(3, 4, 3), L.Deconvolution2D(4, 3)
        testing.save_and_load_npz(src, dst)
        numpy.testing.assert_array_equal(dst.W.array, src.W.array)

    def test_hdf5_round_trip(self):
        pytest.importorskip('h5py', reason='h5py (optional, chainer-core[hdf5]) is absent')
        src, dst = L.Deconvolution2D(3, 4, 3), L.Deconvolution2D(3, 4, 3)
        testing.save_and_load_hdf5(src, dst)
        numpy.testing.assert_array_equal(dst.W.array, src.W.array)

    def test_v7_layout(self, load_v7_npz):
        model = chainer.Sequential(L.Deconvolution2D(3, 4, 3))
        load_v7_npz(model, {'0/W': numpy.random.rand(3, 4, 3, 3).astype(numpy.float32),
                            '0/b': numpy.random.rand(4).astype(numpy.float32)})

    def test_copy_and_repeat(self):
        link = L.Deconvolution2D(2, 2, 3, pad=1)
        assert link.copy(mode='copy').W.array is not link.W.array
        assert link.repeat(2)(numpy.ones((1, 2, 4, 4), numpy.float32)).shape == (1, 2, 4, 4)


@attr.gpu
def test_lazy_on_gpu():
    import cupy
    link = L.Deconvolution2D(4, 3).to_gpu()
    link(cupy.ones((1, 2, 3, 3), numpy.float32))
    assert isinstance(link.W.array, cupy.ndarray)
