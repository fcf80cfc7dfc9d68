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
    'args': [{'stride': 2, 'pad': 1}, {'stride': (1, 2), 'pad': (2, 0), 'dilate': 2},
             {'groups': 2}, {'groups': 2, 'dilate': (2, 1), 'pad': 1}],
})))
@testing.inject_backend_tests(None, [{}, {'use_cuda': True},
                                     {'use_cuda': True, 'use_cudnn': 'always'},
                                     {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestConvolution2D(testing.LinkTestCase):

    in_channels = 4
    out_channels = 2

    def setUp(self):
        self.param_names = ('W',) if self.nobias else ('W', 'b')
        self.groups = self.args.get('groups', 1)

    @pytest.fixture(autouse=True)
    def _reference(self, conv_reference, conv_tolerances):
        self.reference = conv_reference
        self.check_forward_options, self.check_backward_options = conv_tolerances(self.dtype)

    def generate_params(self):
        W = numpy.random.uniform(
            -1, 1, (self.out_channels, self.in_channels // self.groups, 3, 2)).astype(self.dtype)
        b = numpy.random.uniform(-1, 1, self.out_channels).astype(self.dtype)
        return (W,) if self.nobias else (W, b)

    def create_link(self, initializers):
        initial_bias = None if self.nobias else initializers[1]
        in_channels = None if self.lazy else self.in_channels
        with chainer.using_config('dtype', self.dtype):
            return L.Convolution2D(
                in_channels, self.out_channels, (3, 2), nobias=self.nobias,
                initialW=initializers[0], initial_bias=initial_bias, **self.args)

    def generate_inputs(self):
        x = numpy.random.uniform(-1, 1, (2, self.in_channels, 5, 4)).astype(self.dtype)
        return x,

    def forward_expected(self, link, inputs):
        x, = inputs
        args = dict(self.args)
        b = None if self.nobias else link.b.array
        return self.reference(x, link.W.array, b, **args).astype(self.dtype),


@testing.inject_backend_tests(None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestConvolution2DInitializers(testing.LinkInitializersTestCase):

    param_names = ('W', 'b')

    def generate_params(self):
        return initializers.Constant(1.), initializers.Constant(2.)

    def create_link(self, initializers):
        return L.Convolution2D(3, 2, 2, initialW=initializers[0],
                               initial_bias=initializers[1])

    def generate_inputs(self):
        return numpy.ones((1, 3, 3, 3), numpy.float32),

    def get_initializers(self):
        return (
            (initializers.Constant(3.), 4., numpy.full((2, 3, 2, 2), 5., numpy.float32)),
            (initializers.Constant(-1.), 6., numpy.arange(2, dtype=numpy.float32),
             testing.InitializerArgument(None, 0.)),
        )


class TestConvolution2DConstruction:

    def test_parameters_and_attributes(self):
        link = L.Convolution2D(3, 4, 3, stride=2, pad=1)
        assert link.W.shape == (4, 3, 3, 3) and link.W.dtype == numpy.float32
        assert link.b.shape == (4,)
        numpy.testing.assert_array_equal(link.b.array, numpy.zeros(4))
        assert isinstance(link.W.initializer, initializers.LeCunNormal)
        assert (link.in_channels, link.out_channels, link.ksize) == (3, 4, 3)
        assert (link.stride, link.pad, link.dilate, link.groups) == ((2, 2), (1, 1), (1, 1), 1)
        assert link.cudnn_fast is False and link.x_layout is None

    def test_omitted_in_channels(self):
        link = L.Convolution2D(4, 3)
        assert (link.in_channels, link.out_channels, link.ksize) == (None, 4, 3)
        assert link.W.array is None
        y = link(numpy.ones((2, 5, 6, 6), numpy.float32))
        assert link.W.shape == (4, 5, 3, 3)
        assert y.shape == (2, 4, 4, 4)
        assert link.in_channels is None

    def test_groups(self):
        link = L.Convolution2D(None, 6, 3, groups=2)
        link(numpy.ones((1, 4, 5, 5), numpy.float32))
        assert link.W.shape == (6, 2, 3, 3)

    @pytest.mark.parametrize('in_channels, out_channels, groups, message', [
        (4, 5, 2, 'output channels'), (5, 6, 2, 'input channels')])
    def test_groups_not_dividing(self, in_channels, out_channels, groups, message):
        with pytest.raises(ValueError, match=message):
            L.Convolution2D(in_channels, out_channels, 3, groups=groups)

    def test_groups_not_dividing_lazy(self):
        link = L.Convolution2D(None, 6, 3, groups=4)
        with pytest.raises(ValueError, match='output channels'):
            link(numpy.ones((1, 4, 5, 5), numpy.float32))

    def test_deterministic_removed(self):
        with pytest.raises(ValueError, match='cudnn_deterministic'):
            L.Convolution2D(3, 4, 3, deterministic=True)

    @pytest.mark.parametrize('kwargs', [{'use_cudnn': True}, {'wscale': 1}, {'bias': 0},
                                        {'cover_all': True}])
    def test_unexpected_arguments(self, kwargs):
        with pytest.raises(TypeError, match='unexpected keyword argument'):
            L.Convolution2D(3, 4, 3, **kwargs)

    def test_wrong_input_channels(self):
        link = L.Convolution2D(3, 4, 3)
        with pytest.raises(type_check.InvalidType) as e:
            link(numpy.ones((1, 2, 5, 5), numpy.float32))
        assert 'Convolution2D' in str(e.value)

    def test_str(self):
        assert str(L.Convolution2D(3, 4, 3, stride=2, pad=(1, 2))) == (
            'Convolution2D(in_channels=3, out_channels=4, ksize=3, stride=(2, 2), '
            'pad=(1, 2), nobias=False, dilate=(1, 1), groups=1)')

    def test_compute_mode_cudnn_fast(self):
        with chainer.using_config('compute_mode', 'cudnn_fast'):
            link = L.Convolution2D(3, 4, 3)
        assert link.cudnn_fast is True
        assert link.x_layout == chainer.memory_layouts.CUDNN_CHANNEL_LAST_X


class TestConvolution2DFromParams:

    def test_copies(self):
        W = numpy.random.uniform(-1, 1, (4, 3, 3, 2)).astype(numpy.float32)
        b = numpy.random.uniform(-1, 1, 4).astype(numpy.float32)
        link = L.Convolution2D.from_params(chainer.Variable(W), b, stride=2)
        assert link.W.array is not W
        numpy.testing.assert_array_equal(link.W.array, W)
        numpy.testing.assert_array_equal(link.b.array, b)
        assert (link.in_channels, link.out_channels, link.ksize) == (3, 4, (3, 2))
        assert link.stride == (2, 2)

    def test_groups(self):
        link = L.Convolution2D.from_params(numpy.ones((4, 2, 3, 3), numpy.float32), groups=2)
        assert (link.in_channels, link.groups) == (4, 2)
        assert link.W.shape == (4, 2, 3, 3)

    def test_bias_size_mismatch(self):
        with pytest.raises(ValueError, match='out_channels'):
            L.Convolution2D.from_params(numpy.ones((4, 3, 3, 3), numpy.float32),
                                        numpy.ones(5, numpy.float32))

    def test_unexpected_argument(self):
        with pytest.raises(TypeError):
            L.Convolution2D.from_params(numpy.ones((4, 3, 3, 3), numpy.float32), ksize=2)


class TestConvolution2DCopyAndSerialization:

    def test_copy_init_keeps_shape(self):
        link = L.Convolution2D(3, 4, 3)
        dup = link.copy(mode='init')
        assert dup.W.shape == link.W.shape
        assert not numpy.array_equal(dup.W.array, link.W.array)

    def test_repeat(self):
        seq = L.Convolution2D(3, 3, 3, pad=1).repeat(2)
        assert len(seq) == 2
        assert seq(numpy.ones((1, 3, 4, 4), numpy.float32)).shape == (1, 3, 4, 4)

    def test_npz_round_trip(self):
        src, dst = L.Convolution2D(3, 4, 3), L.Convolution2D(4, 3)
        testing.save_and_load_npz(src, dst)
        numpy.testing.assert_array_equal(dst.W.array, src.W.array)

    def test_hdf5_round_trip(self):
        pytest.importorskip('h5py', reason='h5py (optional, chainer-core[hdf5]) is absent')
        src, dst = L.Convolution2D(3, 4, 3), L.Convolution2D(3, 4, 3)
        testing.save_and_load_hdf5(src, dst)
        numpy.testing.assert_array_equal(dst.W.array, src.W.array)

    def test_v7_layout(self, load_v7_npz):
        model = chainer.Sequential(L.Convolution2D(3, 4, 3), L.Convolution2D(4, 2, 1))
        load_v7_npz(model, {
            '0/W': numpy.random.rand(4, 3, 3, 3).astype(numpy.float32),
            '0/b': numpy.random.rand(4).astype(numpy.float32),
            '1/W': numpy.random.rand(2, 4, 1, 1).astype(numpy.float32),
            '1/b': numpy.random.rand(2).astype(numpy.float32)})


@attr.gpu
def test_lazy_on_gpu():
    import cupy
    link = L.Convolution2D(4, 3).to_device('@cupy:0')
    y = link(cupy.ones((1, 2, 5, 5), numpy.float32))
    assert isinstance(link.W.array, cupy.ndarray)
    assert y.shape == (1, 4, 3, 3)
