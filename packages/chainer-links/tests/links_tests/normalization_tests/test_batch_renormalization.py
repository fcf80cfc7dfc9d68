import numpy
import pytest

import chainer
import chainer.links as L
from chainer import testing
from chainer.testing import attr


def _x(shape=(6, 3), seed=0):
    return numpy.random.RandomState(seed).uniform(-1, 1, shape).astype(numpy.float32)


def _renormalize(x, gamma, beta, mean, var, rmax, dmax, eps):
    # the forward pass of batch renormalization (r and d are constants), in float64
    x = x.astype(numpy.float64)
    mu = x.mean(axis=0)
    sigma = numpy.sqrt(x.var(axis=0) + eps)
    running_sigma = numpy.sqrt(var + eps)
    r = numpy.clip(sigma / running_sigma, 1 / rmax, rmax)
    d = numpy.clip((mu - mean) / running_sigma, -dmax, dmax)
    return ((x - mu) / sigma * r + d) * gamma + beta


@testing.parameterize(*testing.product({
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'rmax_dmax': [(1, 0), (1.5, 0.5)],
}))
class TestBatchRenormalization:

    def setup_method(self):
        self.link = L.BatchRenormalization(3, *self.rmax_dmax, dtype=self.dtype,
                                           initial_gamma=numpy.array([1., 2., .5]),
                                           initial_beta=numpy.array([0., 1., -1.]),
                                           initial_avg_mean=0.2, initial_avg_var=1.5)
        self.x = _x().astype(self.dtype)
        # (forward, running statistics, gradients) tolerances
        if self.dtype == numpy.float16:
            self.tol = ({'atol': 1e-2, 'rtol': 1e-2}, {'atol': 1e-3, 'rtol': 1e-3},
                        {'atol': 5e-2, 'rtol': 5e-2})
        else:
            self.tol = ({'atol': 1e-5, 'rtol': 1e-4}, {'atol': 0, 'rtol': 1e-5},
                        {'atol': 1e-4, 'rtol': 1e-3})

    def test_forward_train(self):
        y = self.link(self.x)
        expected = _renormalize(self.x, [1., 2., .5], [0., 1., -1.], 0.2, 1.5,
                                *self.rmax_dmax, 2e-5)
        assert y.dtype == self.dtype
        testing.assert_allclose(y.array, expected, **self.tol[0])
        testing.assert_allclose(
            self.link.avg_mean, 0.9 * 0.2 + 0.1 * self.x.astype(numpy.float64).mean(axis=0),
            **self.tol[1])

    def test_forward_test(self):
        with chainer.using_config('train', False):
            y = self.link(self.x)
        x = self.x.astype(numpy.float64)
        expected = (x - 0.2) / numpy.sqrt(1.5 + 2e-5) * [1., 2., .5] + [0., 1., -1.]
        assert y.dtype == self.dtype
        testing.assert_allclose(y.array, expected, **self.tol[0])
        numpy.testing.assert_array_equal(self.link.avg_mean, numpy.full(3, 0.2, self.dtype))

    def test_backward(self):
        # r and d are constants of the backward pass
        self.link.cleargrads()
        gy = numpy.random.uniform(-1, 1, self.x.shape).astype(self.dtype)
        with chainer.using_config('train', False):
            chainer.gradient_check.check_backward(
                self.link, self.x, gy, params=(self.link.gamma, self.link.beta),
                dtype=numpy.float64, atol=1e-3, rtol=1e-3, eps=1e-2)

    def test_backward_train_parameters(self):
        x = chainer.Variable(self.x)
        y = self.link(x)
        gy = numpy.random.uniform(-1, 1, y.shape).astype(self.dtype)
        self.link.cleargrads()
        y.grad = gy
        y.backward()
        gy = gy.astype(numpy.float64)
        xhat = _renormalize(self.x.astype(numpy.float64), 1., 0., 0.2, 1.5, *self.rmax_dmax,
                            2e-5)
        testing.assert_allclose(self.link.beta.grad, gy.sum(axis=0), **self.tol[2])
        testing.assert_allclose(self.link.gamma.grad, (gy * xhat).sum(axis=0), **self.tol[2])


class TestBatchRenormalizationLink:

    def test_is_batch_normalization(self):
        link = L.BatchRenormalization(3, rmax=2, dmax=1)
        assert isinstance(link, L.BatchNormalization)
        assert (link.rmax, link.dmax, link.r, link.d) == (2, 1, None, None)
        assert sorted(link._persistent) == ['N', 'avg_mean', 'avg_var']
        assert str(link) == ('BatchRenormalization(size=3, decay=0.9, eps=2e-05, '
                             'dtype=float32, use_gamma=True, use_beta=True)')

    def test_initial_statistics(self):
        link = L.BatchRenormalization(3, initial_avg_mean=1., initial_avg_var=2.)
        numpy.testing.assert_array_equal(link.avg_mean, numpy.ones(3))
        numpy.testing.assert_array_equal(link.avg_var, numpy.full(3, 2.))

    def test_finetune(self):
        link = L.BatchRenormalization(3)
        x1, x2 = _x(seed=1), _x(seed=2)
        link(x1, finetune=True)
        link(x2, finetune=True)
        assert link.N == 2
        numpy.testing.assert_allclose(
            link.avg_mean, (x1.mean(axis=0) + x2.mean(axis=0)) / 2, rtol=1e-5)
        link.start_finetuning()
        assert link.N == 0

    def test_no_gamma(self):
        link = L.BatchRenormalization(3, use_gamma=False)
        assert link.gamma is None and [n for n, _ in link.namedparams()] == ['/beta']
        assert link(_x()).shape == (6, 3)

    def test_unexpected_arguments(self):
        with pytest.raises(TypeError):
            L.BatchRenormalization(3, axis=0)
        with pytest.raises(TypeError):
            L.BatchRenormalization(3)(_x(), test=True)

    def test_v7_layout(self, load_v7_npz):
        load_v7_npz(L.BatchRenormalization(3), {
            'gamma': numpy.random.rand(3).astype(numpy.float32),
            'beta': numpy.random.rand(3).astype(numpy.float32),
            'avg_mean': numpy.random.rand(3).astype(numpy.float32),
            'avg_var': numpy.random.rand(3).astype(numpy.float32),
            'N': numpy.array(4)})

    def test_round_trips(self):
        src, dst = L.BatchRenormalization(3), L.BatchRenormalization(3)
        src(_x())
        testing.save_and_load_npz(src, dst)
        numpy.testing.assert_array_equal(dst.avg_var, src.avg_var)
        pytest.importorskip('h5py', reason='h5py (optional, chainer-core[hdf5]) is absent')
        dst = L.BatchRenormalization(3)
        testing.save_and_load_hdf5(src, dst)
        numpy.testing.assert_array_equal(dst.avg_mean, src.avg_mean)

    def test_copy_and_repeat(self):
        link = L.BatchRenormalization(3)
        assert link.repeat(2)(_x()).shape == (6, 3)
        dup = link.copy(mode='copy')
        assert dup.avg_mean is not link.avg_mean and dup.rmax == link.rmax


@attr.gpu
def test_batch_renormalization_gpu():
    import cupy
    link = L.BatchRenormalization(3).to_gpu()
    link(cupy.asarray(_x()))
    assert isinstance(link.avg_mean, cupy.ndarray)
