from unittest import mock
import warnings

import numpy
import pytest

import chainer
import chainer.links as L
from chainer.links.normalization import decorrelated_batch_normalization as dbn
from chainer import testing
from chainer.testing import attr


def _x(shape=(8, 4, 3), seed=0):
    return numpy.random.RandomState(seed).uniform(-1, 1, shape).astype(numpy.float32)


def _whiten(x, groups, eps):
    # ZCA whitening of each channel group over the batch and spatial axes, in float64
    n, c = x.shape[:2]
    g = x.astype(numpy.float64).reshape(n, groups, c // groups, -1).transpose(1, 2, 0, 3)
    g = g.reshape(groups, c // groups, -1)
    y = numpy.empty_like(g)
    for i in range(groups):
        centered = g[i] - g[i].mean(axis=1, keepdims=True)
        cov = centered.dot(centered.T) / centered.shape[1] + eps * numpy.eye(c // groups)
        w, v = numpy.linalg.eigh(cov)
        y[i] = (v / numpy.sqrt(w)).dot(v.T).dot(centered)
    y = y.reshape(groups, c // groups, n, -1).transpose(2, 0, 1, 3)
    return y.reshape(x.shape)


class TestDecorrelatedBatchNormalization:

    def test_forward_train(self):
        link = L.DecorrelatedBatchNormalization(4, groups=2)
        x = _x()
        numpy.testing.assert_allclose(link(x).array, _whiten(x, 2, 2e-5), rtol=1e-3,
                                      atol=1e-4)
        group_means = x.transpose(1, 0, 2).reshape(2, 2, -1).mean(axis=2)
        numpy.testing.assert_allclose(link.avg_mean, 0.1 * group_means, rtol=1e-4)
        assert link.N == 0

    def test_forward_test_uses_running_statistics(self):
        link = L.DecorrelatedBatchNormalization(4, groups=2)
        link.avg_mean[...] = [[1., 2.], [3., 4.]]
        link.avg_projection[...] = [[[2., 0.], [0., 1.]], [[1., 1.], [0., 1.]]]
        x = _x((2, 4))
        with chainer.using_config('train', False):
            y = link(x).array
        expected = numpy.concatenate([
            (x[:, :2] - [1., 2.]).dot(link.avg_projection[0].T),
            (x[:, 2:] - [3., 4.]).dot(link.avg_projection[1].T)], axis=1)
        numpy.testing.assert_allclose(y, expected, rtol=1e-5)

    def test_backward(self):
        link = L.DecorrelatedBatchNormalization(4, groups=2, dtype=numpy.float64)
        x = _x().astype(numpy.float64)
        gy = numpy.random.uniform(-1, 1, x.shape)
        chainer.gradient_check.check_backward(link, x, gy, atol=1e-4, rtol=1e-4)

    def test_finetune(self):
        link = L.DecorrelatedBatchNormalization(4, groups=2)
        link(_x(seed=1), finetune=True)
        link(_x(seed=2), finetune=True)
        assert link.N == 2
        link.start_finetuning()
        assert link.N == 0

    def test_statistics(self):
        link = L.DecorrelatedBatchNormalization(6, groups=3, decay=0.5, eps=1e-3,
                                                dtype=numpy.float64)
        numpy.testing.assert_array_equal(link.avg_mean, numpy.zeros((3, 2)))
        numpy.testing.assert_array_equal(link.avg_projection,
                                         numpy.broadcast_to(numpy.eye(2), (3, 2, 2)))
        assert link.avg_mean.dtype == numpy.float64
        assert (link.N, link.decay, link.eps, link.groups) == (0, 0.5, 1e-3, 3)
        assert list(link.params()) == []
        assert str(link) == 'DecorrelatedBatchNormalization()'

    def test_unexpected_arguments(self):
        with pytest.raises(TypeError):
            L.DecorrelatedBatchNormalization(4, groups=2)(_x(), test=True)


class TestDecorrelatedBatchNormalizationStatisticsLayout:

    def test_fix_current_layout_unchanged(self):
        mean = numpy.arange(4.).reshape(2, 2)
        projection = numpy.arange(8.).reshape(2, 2, 2)
        with warnings.catch_warnings():
            warnings.simplefilter('error')
            assert dbn.fix_avg_mean(mean, 2) is mean
            assert dbn.fix_avg_projection(projection, 2) is projection

    def test_fix_old_layout(self):
        with pytest.warns(UserWarning, match='old DecorrelatedBatchNormalization'):
            mean = dbn.fix_avg_mean(numpy.arange(2.), 3)
        numpy.testing.assert_array_equal(mean, [[0., 1.]] * 3)
        with pytest.warns(UserWarning, match='old DecorrelatedBatchNormalization'):
            projection = dbn.fix_avg_projection(numpy.eye(2), 3)
        assert projection.shape == (3, 2, 2)

    def test_v7_layout(self, load_v7_npz):
        load_v7_npz(L.DecorrelatedBatchNormalization(4, groups=2), {
            'avg_mean': numpy.random.rand(2, 2).astype(numpy.float32),
            'avg_projection': numpy.random.rand(2, 2, 2).astype(numpy.float32),
            'N': numpy.array(5)})

    def test_load_old_layout(self, tmp_path):
        file = tmp_path / 'old.npz'
        numpy.savez(file, avg_mean=numpy.array([1., 2.], numpy.float32),
                    avg_projection=numpy.eye(2, dtype=numpy.float32), N=numpy.array(3))
        link = L.DecorrelatedBatchNormalization(4, groups=2)
        mean = link.avg_mean
        with pytest.warns(UserWarning, match='old DecorrelatedBatchNormalization'):
            chainer.serializers.load_npz(str(file), link)
        assert link.avg_mean is mean
        numpy.testing.assert_array_equal(link.avg_mean, [[1., 2.], [1., 2.]])
        numpy.testing.assert_array_equal(link.avg_projection, [numpy.eye(2)] * 2)
        assert link.N == 3

    def test_load_mismatching_layout(self, tmp_path):
        file = tmp_path / 'other.npz'
        numpy.savez(file, avg_mean=numpy.zeros((2, 4), numpy.float32),
                    avg_projection=numpy.zeros((2, 4, 4), numpy.float32), N=numpy.array(0))
        link = L.DecorrelatedBatchNormalization(4, groups=2)
        with pytest.raises(ValueError, match='avg_mean'):
            chainer.serializers.load_npz(str(file), link)
        assert link.avg_mean.shape == (2, 2)

    def test_round_trips(self):
        src = L.DecorrelatedBatchNormalization(4, groups=2)
        src(_x())
        dst = L.DecorrelatedBatchNormalization(4, groups=2)
        testing.save_and_load_npz(src, dst)
        numpy.testing.assert_array_equal(dst.avg_projection, src.avg_projection)
        pytest.importorskip('h5py', reason='h5py (optional, chainer-core[hdf5]) is absent')
        dst = L.DecorrelatedBatchNormalization(4, groups=2)
        testing.save_and_load_hdf5(src, dst)
        numpy.testing.assert_array_equal(dst.avg_mean, src.avg_mean)

    def test_copy_and_repeat(self):
        link = L.DecorrelatedBatchNormalization(4, groups=2)
        assert link.repeat(2)(_x()).shape == (8, 4, 3)
        assert link.copy(mode='copy').avg_projection is not link.avg_projection


@attr.gpu
def test_decorrelated_batch_normalization_gpu():
    import cupy
    link = L.DecorrelatedBatchNormalization(4, groups=2).to_gpu()
    link(cupy.asarray(_x()))
    assert isinstance(link.avg_projection, cupy.ndarray)


@pytest.mark.parametrize('train, name', [
    (True, 'decorrelated_batch_normalization'),
    (False, 'fixed_decorrelated_batch_normalization')])
def test_the_link_calls_the_function_through_chainer_functions(train, name):
    # as v7: patching chainer.functions.<name> intercepts the link's call
    link = L.DecorrelatedBatchNormalization(4, groups=2)
    x = numpy.ones((5, 4), numpy.float32)
    with mock.patch('chainer.functions.' + name, return_value='patched') as patched:
        with chainer.using_config('train', train):
            assert link(x) == 'patched'
    assert patched.call_count == 1
