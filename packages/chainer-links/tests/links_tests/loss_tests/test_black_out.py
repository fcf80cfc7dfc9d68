import numpy
import pytest

import chainer
import chainer.links as L
from chainer import testing
from chainer.testing import attr
from chainer.utils import type_check
from chainer.utils import WalkerAlias


def _reference(x, t, W, samples):
    # -log p(t) - sum_j log(1 - p(s_j)), p the softmax over the target and the samples,
    # averaged over the batch
    x = x.astype(numpy.float64)
    W = W.astype(numpy.float64)
    losses = []
    for xi, ti, si in zip(x, t, samples):
        ids = numpy.concatenate([[ti], si])
        scores = W[ids].dot(xi)
        e = numpy.exp(scores - scores.max())
        p = e / e.sum()
        losses.append(-numpy.log(p[0]) - numpy.log(1 - p[1:]).sum())
    return numpy.mean(losses)


class TestBlackOut:

    def setup_method(self):
        self.link = L.BlackOut(3, [1, 2, 3, 4, 5], 2)
        self.link.W.array[...] = numpy.random.uniform(-1, 1, (5, 3))
        self.x = numpy.random.uniform(-1, 1, (4, 3)).astype(numpy.float32)
        self.t = numpy.array([0, 2, 4, 1], numpy.int32)

    def test_forward_with_fixed_samples(self):
        samples = numpy.array([[1, 3], [0, 4], [2, 3], [3, 4]], numpy.int32)
        self.link.sample_data = samples
        y = self.link(self.x, self.t)
        assert y.shape == () and y.dtype == numpy.float32
        numpy.testing.assert_allclose(
            y.array, _reference(self.x, self.t, self.link.W.array, samples), rtol=1e-5)

    def test_samples_come_from_the_sampler(self):
        numpy.random.seed(3)
        expected = WalkerAlias([1, 2, 3, 4, 5]).sample((4, 2))
        numpy.random.seed(3)
        y = self.link(self.x, self.t)
        numpy.testing.assert_allclose(
            y.array, _reference(self.x, self.t, self.link.W.array, expected), rtol=1e-5)

    def test_backward(self):
        self.link.sample_data = numpy.array([[1, 3], [0, 4], [2, 3], [3, 4]], numpy.int32)
        self.link.cleargrads()
        chainer.gradient_check.check_backward(
            lambda x: self.link(x, self.t), self.x, numpy.array(0.7, numpy.float32),
            params=(self.link.W,), dtype=numpy.float64, atol=1e-4, rtol=1e-4)


class TestBlackOutLink:

    def test_attributes(self):
        link = L.BlackOut(3, [1, 2, 3, 4], 2)
        assert link.W.shape == (4, 3) and link.W.dtype == numpy.float32
        assert numpy.isnan(link.W.array).all()
        assert isinstance(link.sampler, WalkerAlias)
        numpy.testing.assert_array_equal(link.sampler.threshold,
                                         WalkerAlias([1, 2, 3, 4]).threshold)
        assert link.sample_size == 2 and link.sample_data is None

    def test_config_dtype(self):
        with chainer.using_config('dtype', numpy.float64):
            assert L.BlackOut(3, [1, 2], 1).W.dtype == numpy.float64

    def test_no_reduce_argument(self):
        link = L.BlackOut(3, [1, 2], 1)
        with pytest.raises(TypeError):
            link(numpy.zeros((1, 3), numpy.float32), numpy.zeros(1, numpy.int32), reduce='no')

    def test_v7_layout(self, load_v7_npz):
        load_v7_npz(L.BlackOut(3, [1, 2, 3, 4], 2),
                    {'W': numpy.random.rand(4, 3).astype(numpy.float32)})

    def test_round_trips(self):
        src, dst = L.BlackOut(3, [1, 2, 3, 4], 2), L.BlackOut(3, [1, 2, 3, 4], 2)
        src.W.array[...] = numpy.random.rand(4, 3)
        testing.save_and_load_npz(src, dst)
        numpy.testing.assert_array_equal(dst.W.array, src.W.array)
        pytest.importorskip('h5py', reason='h5py (optional, chainer-core[hdf5]) is absent')
        dst = L.BlackOut(3, [1, 2, 3, 4], 2)
        testing.save_and_load_hdf5(src, dst)
        numpy.testing.assert_array_equal(dst.W.array, src.W.array)

    def test_copy(self):
        link = L.BlackOut(3, [1, 2, 3, 4], 2)
        dup = link.copy(mode='copy')
        assert dup.W.array is not link.W.array and dup.sample_size == 2


@attr.gpu
def test_black_out_gpu():
    import cupy
    link = L.BlackOut(3, [1, 2, 3, 4], 2)
    link.W.array[...] = 0.1
    link.to_gpu()
    assert link.sampler.use_gpu
    y = link(cupy.ones((2, 3), numpy.float32), cupy.array([0, 1], numpy.int32))
    assert isinstance(y.array, cupy.ndarray)
    link.to_cpu()
    assert not link.sampler.use_gpu


def test_wrong_input_size():
    link = L.BlackOut(3, [1, 1, 1], 2)
    with pytest.raises(type_check.InvalidType, match='MatMul'):
        link(numpy.zeros((2, 5), numpy.float32), numpy.zeros(2, numpy.int32))
