import numpy
import pytest

import chainer
from chainer import initializers
import chainer.links as L
from chainer import testing
from chainer.testing import attr


def _relu(x):
    return numpy.maximum(x, 0)


def _max_pool_3x3_same(x):
    padded = numpy.pad(x, [(0, 0), (0, 0), (1, 1), (1, 1)], constant_values=-numpy.inf)
    h, w = x.shape[2:]
    return numpy.max([padded[:, :, i:i + h, j:j + w] for i in range(3) for j in range(3)],
                     axis=0)


class TestInception:

    @pytest.fixture(autouse=True)
    def _reference(self, conv_reference):
        self.conv = conv_reference

    def _apply(self, conv, x, pad=0):
        return self.conv(x, conv.W.array, conv.b.array, pad=pad)

    @pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
    def test_forward(self, dtype, conv_tolerances):
        with chainer.using_config('dtype', dtype):
            link = L.Inception(3, 2, 2, 3, 2, 4, 5)
        x = numpy.random.uniform(-1, 1, (2, 3, 5, 6)).astype(dtype)
        out1 = self._apply(link.conv1, x)
        out3 = self._apply(link.conv3, _relu(self._apply(link.proj3, x)), pad=1)
        out5 = self._apply(link.conv5, _relu(self._apply(link.proj5, x)), pad=2)
        pool = self._apply(link.projp, _max_pool_3x3_same(x))
        expected = _relu(numpy.concatenate([out1, out3, out5, pool], axis=1))
        y = link(x)
        assert y.shape == (2, 14, 5, 6) and y.dtype == dtype
        testing.assert_allclose(y.array, expected, **conv_tolerances(dtype)[0])

    @testing.fix_random()  # the initial weights and check_backward\'s directions
    def test_backward(self, check_backward_off_kinks, spread_values):
        with chainer.using_config('dtype', numpy.float64):
            # nonzero biases: a zero one would put the ReLU after an all-zero receptive field
            # exactly on its kink
            link = L.Inception(2, 1, 1, 1, 1, 1, 1, bias_init=initializers.Uniform(1))

        def draw(rng):
            return spread_values(rng, (1, 2, 3, 3)), rng.uniform(-1, 1, (1, 4, 3, 3))

        check_backward_off_kinks(link, draw, params=[p for _, p in link.namedparams()],
                                 atol=1e-3, rtol=1e-3)

    def test_children(self):
        link = L.Inception(3, 2, 2, 3, 2, 4, 5, conv_init=1., bias_init=2.)
        shapes = {name: p.shape for name, p in link.namedparams()}
        assert shapes == {
            '/conv1/W': (2, 3, 1, 1), '/conv1/b': (2,), '/proj3/W': (2, 3, 1, 1),
            '/proj3/b': (2,), '/conv3/W': (3, 2, 3, 3), '/conv3/b': (3,),
            '/proj5/W': (2, 3, 1, 1), '/proj5/b': (2,), '/conv5/W': (4, 2, 5, 5),
            '/conv5/b': (4,), '/projp/W': (5, 3, 1, 1), '/projp/b': (5,)}
        for name, p in link.namedparams():
            assert (p.array == (1. if name.endswith('W') else 2.)).all()
        assert (link.conv3.pad, link.conv5.pad) == ((1, 1), (2, 2))

    def test_lazy(self):
        link = L.Inception(None, 2, 2, 3, 2, 4, 5)
        assert link(numpy.ones((1, 3, 4, 4), numpy.float32)).shape == (1, 14, 4, 4)
        assert link.conv1.W.shape == (2, 3, 1, 1)

    def test_v7_layout(self, load_v7_npz):
        link = L.Inception(3, 2, 2, 3, 2, 4, 5)
        arrays = {name[1:]: numpy.random.rand(*p.shape).astype(numpy.float32)
                  for name, p in link.namedparams()}
        assert sorted(arrays) == [
            'conv1/W', 'conv1/b', 'conv3/W', 'conv3/b', 'conv5/W', 'conv5/b', 'proj3/W',
            'proj3/b', 'proj5/W', 'proj5/b', 'projp/W', 'projp/b']
        load_v7_npz(link, arrays)

    def test_round_trips(self):
        src, dst = L.Inception(3, 2, 2, 3, 2, 4, 5), L.Inception(3, 2, 2, 3, 2, 4, 5)
        testing.save_and_load_npz(src, dst)
        numpy.testing.assert_array_equal(dst.conv5.W.array, src.conv5.W.array)
        pytest.importorskip('h5py', reason='h5py (optional, chainer-core[hdf5]) is absent')
        dst = L.Inception(3, 2, 2, 3, 2, 4, 5)
        testing.save_and_load_hdf5(src, dst)
        numpy.testing.assert_array_equal(dst.projp.W.array, src.projp.W.array)

    def test_copy_and_repeat(self):
        link = L.Inception(4, 1, 1, 1, 1, 1, 1)
        assert link.repeat(2)(numpy.ones((1, 4, 3, 3), numpy.float32)).shape == (1, 4, 3, 3)
        assert link.copy(mode='copy').conv1 is not link.conv1


@attr.gpu
def test_inception_gpu():
    import cupy
    link = L.Inception(3, 2, 2, 3, 2, 4, 5).to_gpu()
    assert isinstance(link(cupy.ones((1, 3, 4, 4), numpy.float32)).array, cupy.ndarray)
