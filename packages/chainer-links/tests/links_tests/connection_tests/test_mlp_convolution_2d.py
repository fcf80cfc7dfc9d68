import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
from chainer import testing
from chainer.testing import attr


class TestMLPConvolution2D:

    @pytest.fixture(autouse=True)
    def _reference(self, conv_reference):
        self.conv = conv_reference

    @pytest.mark.parametrize('activation, reference', [
        (F.relu, lambda h: numpy.maximum(h, 0)), (F.sigmoid, lambda h: 1 / (1 + numpy.exp(-h)))])
    @pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
    def test_forward(self, activation, reference, dtype, conv_tolerances):
        with chainer.using_config('dtype', dtype):
            link = L.MLPConvolution2D(3, (4, 5, 2), 3, stride=2, pad=1, activation=activation)
        x = numpy.random.uniform(-1, 1, (2, 3, 5, 6)).astype(dtype)
        h = self.conv(x, link[0].W.array, link[0].b.array, stride=2, pad=1)
        h = self.conv(reference(h), link[1].W.array, link[1].b.array)
        h = self.conv(reference(h), link[2].W.array, link[2].b.array)
        y = link(x)
        assert y.dtype == dtype
        testing.assert_allclose(y.array, h, **conv_tolerances(dtype)[0])

    @testing.fix_random()  # the initial weights and check_backward\'s directions
    def test_backward(self, check_backward_off_kinks):
        with chainer.using_config('dtype', numpy.float64):
            link = L.MLPConvolution2D(2, (3, 2), 2)

        def draw(rng):
            return rng.uniform(-1, 1, (2, 2, 3, 3)), rng.uniform(-1, 1, (2, 2, 2, 2))

        check_backward_off_kinks(link, draw, params=[p for _, p in link.namedparams()],
                                 atol=1e-4, rtol=1e-4)

    def test_children(self):
        link = L.MLPConvolution2D(3, (4, 5), 3, stride=2, pad=1)
        assert isinstance(link, chainer.ChainList) and len(link) == 2
        assert (link[0].in_channels, link[0].out_channels, link[0].ksize) == (3, 4, 3)
        assert (link[0].stride, link[0].pad) == ((2, 2), (1, 1))
        assert (link[1].in_channels, link[1].out_channels, link[1].ksize) == (4, 5, 1)
        assert (link[1].stride, link[1].pad) == ((1, 1), (0, 0))
        assert link.activation is F.relu

    def test_omitted_in_channels(self):
        link = L.MLPConvolution2D((4, 5), 3)
        assert (link[0].in_channels, link[0].out_channels, link[0].ksize) == (None, 4, 3)
        assert link(numpy.ones((1, 2, 5, 5), numpy.float32)).shape == (1, 5, 3, 3)

    def test_initializers(self):
        link = L.MLPConvolution2D(3, (4, 5), 3, conv_init=2., bias_init=3.)
        for conv in link:
            assert (conv.W.array == 2).all() and (conv.b.array == 3).all()

    def test_removed_arguments(self):
        with pytest.raises(ValueError, match='wscale is not supported'):
            L.MLPConvolution2D(3, (4, 5), 3, wscale=1)
        with pytest.raises(TypeError, match='wscale is not supported'):
            L.MLPConvolution2D(3, (4, 5), 3, 1, 0, F.relu, 2.)
        with pytest.raises(TypeError):
            L.MLPConvolution2D(3, (4, 5), 3, use_cudnn=True)

    def test_empty_out_channels(self):
        with pytest.raises(AssertionError):
            L.MLPConvolution2D(3, (), 3)

    def test_v7_layout(self, load_v7_npz):
        load_v7_npz(L.MLPConvolution2D(3, (4, 5), 3), {
            '0/W': numpy.random.rand(4, 3, 3, 3).astype(numpy.float32),
            '0/b': numpy.random.rand(4).astype(numpy.float32),
            '1/W': numpy.random.rand(5, 4, 1, 1).astype(numpy.float32),
            '1/b': numpy.random.rand(5).astype(numpy.float32)})

    def test_round_trips(self):
        src, dst = L.MLPConvolution2D(3, (4, 5), 3), L.MLPConvolution2D((4, 5), 3)
        testing.save_and_load_npz(src, dst)
        numpy.testing.assert_array_equal(dst[0].W.array, src[0].W.array)
        pytest.importorskip('h5py', reason='h5py (optional, chainer-core[hdf5]) is absent')
        dst = L.MLPConvolution2D(3, (4, 5), 3)
        testing.save_and_load_hdf5(src, dst)
        numpy.testing.assert_array_equal(dst[1].W.array, src[1].W.array)

    def test_copy_and_repeat(self):
        link = L.MLPConvolution2D(2, (3, 2), 3, pad=1)
        assert link.repeat(2)(numpy.ones((1, 2, 4, 4), numpy.float32)).shape == (1, 2, 4, 4)
        dup = link.copy(mode='copy')
        assert dup[0] is not link[0] and dup.activation is link.activation


@attr.gpu
def test_mlp_convolution_gpu():
    import cupy
    link = L.MLPConvolution2D(3, (4, 5), 3).to_gpu()
    assert isinstance(link(cupy.ones((1, 3, 5, 5), numpy.float32)).array, cupy.ndarray)
