import numpy
import pytest

import chainer
import chainer.links as L
from chainer import testing
from chainer.testing import attr
from chainer.utils import WalkerAlias


def _reference(x, t, W, samples, reduce):
    # -log sigmoid(x.W[t]) - sum_j log sigmoid(-x.W[s_j]) per example (t = -1: 0)
    x = x.astype(numpy.float64)
    W = W.astype(numpy.float64)
    losses = numpy.zeros(len(x))
    for n, (xi, ti, si) in enumerate(zip(x, t, samples)):
        if ti == -1:
            continue
        losses[n] = numpy.logaddexp(0, -xi.dot(W[ti])) + sum(
            numpy.logaddexp(0, xi.dot(W[s])) for s in si[1:])
    return losses.sum() if reduce == 'sum' else losses


@testing.parameterize(*testing.product({
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'reduce': ['sum', 'no'],
}))
class TestNegativeSampling:

    def setup_method(self):
        with chainer.using_config('dtype', self.dtype):
            self.link = L.NegativeSampling(3, [10, 5, 2, 5, 2], 2)
        self.link.W.array[...] = numpy.random.uniform(-1, 1, (5, 3))
        self.x = numpy.random.uniform(-1, 1, (4, 3)).astype(self.dtype)
        self.t = numpy.array([0, 2, -1, 4], numpy.int32)
        self.tol = 1e-2 if self.dtype == numpy.float16 else 1e-5

    def test_forward(self):
        y, samples = self.link(self.x, self.t, reduce=self.reduce, return_samples=True)
        assert y.dtype == self.dtype
        assert samples.shape == (4, 3)
        numpy.testing.assert_array_equal(samples[:, 0], self.t)
        expected = _reference(self.x, self.t, self.link.W.array, samples, self.reduce)
        numpy.testing.assert_allclose(y.array, expected, rtol=self.tol, atol=self.tol)

    def test_backward(self):
        numpy.random.seed(0)
        _, samples = self.link(self.x, self.t, return_samples=True)
        gy = numpy.random.uniform(-1, 1, () if self.reduce == 'sum' else (4,))
        self.link.cleargrads()

        def f(x):
            numpy.random.seed(0)  # the same samples at every evaluation
            return self.link(x, self.t, reduce=self.reduce)

        tol = 5e-2 if self.dtype == numpy.float16 else 1e-4
        chainer.gradient_check.check_backward(
            f, self.x, gy.astype(self.dtype), params=(self.link.W,), dtype=numpy.float64,
            atol=tol, rtol=tol)


class TestNegativeSamplingLink:

    def test_attributes(self):
        link = L.NegativeSampling(3, [1, 2, 3, 4], 2)
        assert link.W.shape == (4, 3) and link.W.dtype == numpy.float32
        numpy.testing.assert_array_equal(link.W.array, numpy.zeros((4, 3)))
        assert link.sample_size == 2 and isinstance(link.sampler, WalkerAlias)
        powered = numpy.power(numpy.array([1, 2, 3, 4], numpy.float32), numpy.float32(0.75))
        numpy.testing.assert_array_equal(link.sampler.threshold,
                                         WalkerAlias(powered).threshold)

    def test_power(self):
        link = L.NegativeSampling(3, [1, 4], 2, power=0.5)
        numpy.testing.assert_allclose(link.sampler.threshold, WalkerAlias([1, 2]).threshold)

    def test_dtype(self):
        # As v7: W takes chainer.config.dtype; the dtype argument is accepted and unused.
        link = L.NegativeSampling(3, [1, 2], 1, dtype=numpy.float64)
        assert link.W.dtype == numpy.float32
        y = link(numpy.ones((2, 3), numpy.float32), numpy.array([0, 1], numpy.int32))
        assert y.dtype == numpy.float32
        with chainer.using_config('dtype', numpy.float16):
            assert L.NegativeSampling(3, [1, 2], 1).W.dtype == numpy.float16

    def test_samples_come_from_the_sampler(self):
        link = L.NegativeSampling(3, [1, 2, 3, 4], 2)
        numpy.random.seed(1)
        expected = link.sampler.sample((2, 3))
        numpy.random.seed(1)
        _, samples = link(numpy.ones((2, 3), numpy.float32), numpy.array([3, 0], numpy.int32),
                          return_samples=True)
        numpy.testing.assert_array_equal(samples[:, 1:], expected[:, 1:])

    def test_bad_arguments(self):
        link = L.NegativeSampling(3, [1, 2], 1)
        x, t = numpy.ones((2, 3), numpy.float32), numpy.zeros(2, numpy.int32)
        with pytest.raises(ValueError, match="'sum' and 'no'"):
            link(x, t, reduce='mean')
        with pytest.raises(TypeError):
            link(x, t, foo=1)

    def test_v7_layout(self, load_v7_npz):
        load_v7_npz(L.NegativeSampling(3, [1, 2, 3, 4], 2),
                    {'W': numpy.random.rand(4, 3).astype(numpy.float32)})

    def test_round_trips(self):
        src = L.NegativeSampling(3, [1, 2, 3, 4], 2)
        src.W.array[...] = numpy.random.rand(4, 3)
        dst = L.NegativeSampling(3, [1, 2, 3, 4], 2)
        testing.save_and_load_npz(src, dst)
        numpy.testing.assert_array_equal(dst.W.array, src.W.array)
        pytest.importorskip('h5py', reason='h5py (optional, chainer-core[hdf5]) is absent')
        dst = L.NegativeSampling(3, [1, 2, 3, 4], 2)
        testing.save_and_load_hdf5(src, dst)
        numpy.testing.assert_array_equal(dst.W.array, src.W.array)

    def test_copy(self):
        link = L.NegativeSampling(3, [1, 2, 3, 4], 2)
        assert link.copy(mode='copy').W.array is not link.W.array


@attr.gpu
def test_negative_sampling_gpu():
    import cupy
    link = L.NegativeSampling(3, [1, 2, 3, 4], 2).to_gpu()
    assert link.sampler.use_gpu
    y = link(cupy.ones((2, 3), numpy.float32), cupy.array([0, 1], numpy.int32))
    assert isinstance(y.array, cupy.ndarray)
