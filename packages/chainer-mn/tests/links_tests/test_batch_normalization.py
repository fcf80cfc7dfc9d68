"""MultiNodeBatchNormalization: the link of v7 (statistics of the global batch)."""
import copy

import numpy
import pytest

import chainer
import chainer.links as L
import chainermn
from chainermn.links import batch_normalization


def _batches(comm, shape=(3, 5), dtype=numpy.float32):
    rs = numpy.random.RandomState(0)
    x = rs.randn(3 * comm.size, *shape).astype(dtype)
    return x, x[3 * comm.rank:3 * comm.rank + 3]


def test_parameters_and_persistents(comm):
    link = chainermn.links.MultiNodeBatchNormalization(3, comm)
    assert sorted(name for name, _ in link.namedparams()) == ['/beta', '/gamma']
    assert sorted(link._persistent) == ['N', 'avg_mean', 'avg_var']
    assert link.gamma.dtype == numpy.float32
    numpy.testing.assert_array_equal(link.gamma.array, numpy.ones(3))
    numpy.testing.assert_array_equal(link.beta.array, numpy.zeros(3))
    # v7's MultiNodeBatchNormalization starts both running averages at 0
    numpy.testing.assert_array_equal(link.avg_mean, numpy.zeros(3))
    numpy.testing.assert_array_equal(link.avg_var, numpy.zeros(3))
    assert link.N == 0 and link.decay == 0.9 and link.eps == 2e-5
    assert str(link) == 'MultiNodeBatchNormalization()'


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
def test_parameters_start_with_nan_gradients(comm, dtype):
    # as v7 (and BatchNormalization): initialized parameters hold NaN gradients until cleared
    link = chainermn.links.MultiNodeBatchNormalization(3, comm, dtype=dtype)
    for param in (link.gamma, link.beta):
        assert param.grad.dtype == dtype and param.grad.shape == (3,)
        assert numpy.isnan(param.grad).all()


def test_options(comm):
    link = chainermn.links.MultiNodeBatchNormalization(
        (3, 2), comm, dtype=numpy.float64, use_gamma=False, use_beta=False)
    assert list(link.namedparams()) == []
    # as v7: no gamma/beta attributes at all
    assert not hasattr(link, 'gamma') and not hasattr(link, 'beta')
    assert link.avg_mean.shape == (3, 2) and link.avg_mean.dtype == numpy.float64
    link = chainermn.links.MultiNodeBatchNormalization(2, comm, initial_gamma=2.0,
                                                       initial_beta=numpy.array([1., 3.]))
    numpy.testing.assert_array_equal(link.gamma.array, [2, 2])
    numpy.testing.assert_array_equal(link.beta.array, [1, 3])
    with pytest.raises(ValueError, match='does not support foo'):
        chainermn.links.MultiNodeBatchNormalization(2, comm, communication_backend='foo')


@pytest.mark.parametrize('backend', ['auto', 'mpi'])
def test_communication_backend_is_resolved_in_a_private_attribute(comm, backend):
    # as v7: 'auto' resolves to 'mpi' for an MPI communicator, kept in _communication_backend
    link = chainermn.links.MultiNodeBatchNormalization(2, comm, communication_backend=backend)
    assert link._communication_backend == 'mpi'
    assert not hasattr(link, 'communication_backend')


def test_training_equals_batch_normalization_of_the_global_batch(comm):
    x_all, x = _batches(comm)
    link = chainermn.links.MultiNodeBatchNormalization(3, comm)
    link.cleargrads()
    y = link(x)
    bn = L.BatchNormalization(3)
    y_all = bn(x_all)
    part = slice(3 * comm.rank, 3 * comm.rank + 3)
    numpy.testing.assert_allclose(y.array, y_all.array[part], rtol=1e-5, atol=1e-5)
    numpy.testing.assert_allclose(link.avg_mean, bn.avg_mean, rtol=1e-5, atol=1e-6)
    # v7: 0.9 * 0 + 0.1 * var * m / (m - 1), m counted in the local batch
    var = x_all.transpose(1, 0, 2).reshape(3, -1).var(axis=1)
    m = 3 * 5
    numpy.testing.assert_allclose(link.avg_var, 0.1 * var * m / (m - 1), rtol=1e-5)


def test_test_mode_uses_the_running_averages(comm):
    _, x = _batches(comm)
    link = chainermn.links.MultiNodeBatchNormalization(3, comm)
    link.avg_mean[...] = [1, 2, 3]
    link.avg_var[...] = [4, 1, 0.25]
    with chainer.using_config('train', False):
        y = link(x)
    expected = (x - numpy.array([1, 2, 3]).reshape(3, 1)) / numpy.sqrt(
        numpy.array([4, 1, 0.25]).reshape(3, 1) + 2e-5)
    numpy.testing.assert_allclose(y.array, expected, rtol=1e-5)


def test_finetuning(comm):
    x_all, x = _batches(comm)
    link = chainermn.links.MultiNodeBatchNormalization(3, comm)
    link(x)
    link.start_finetuning()
    assert link.N == 0
    link(x, finetune=True)
    link(x, finetune=True)
    assert link.N == 2
    numpy.testing.assert_allclose(link.avg_mean, x_all.mean(axis=(0, 2)), rtol=1e-5,
                                  atol=1e-6)


def test_gradients_of_the_parameters(comm):
    x_all, x = _batches(comm)
    link = chainermn.links.MultiNodeBatchNormalization(3, comm)
    link.cleargrads()
    gy_all = numpy.random.RandomState(1).randn(*x_all.shape).astype(numpy.float32)
    y = link(x)
    y.grad = gy_all[3 * comm.rank:3 * comm.rank + 3]
    y.backward()
    bn = L.BatchNormalization(3)
    bn.cleargrads()
    y_all = bn(x_all)
    y_all.grad = gy_all
    y_all.backward()
    numpy.testing.assert_allclose(link.gamma.grad, bn.gamma.grad / comm.size, rtol=1e-4,
                                  atol=1e-5)
    numpy.testing.assert_allclose(link.beta.grad, bn.beta.grad / comm.size, rtol=1e-4,
                                  atol=1e-5)


def test_float16_input(comm):
    _, x = _batches(comm, dtype=numpy.float16)
    link = chainermn.links.MultiNodeBatchNormalization(3, comm)
    y = link(x)
    assert y.dtype == numpy.float16
    assert link.avg_mean.dtype == numpy.float32


def test_deepcopy_shares_the_communicator(comm):
    link = chainermn.links.MultiNodeBatchNormalization(3, comm)
    clone = copy.deepcopy(link)
    assert clone.comm is comm
    assert clone.gamma is not link.gamma
    numpy.testing.assert_array_equal(clone.gamma.array, link.gamma.array)


def test_serialization_keys(comm, tmp_path):
    link = chainermn.links.MultiNodeBatchNormalization(3, comm)
    path = tmp_path / 'mnbn{}.npz'.format(comm.rank)
    chainer.serializers.save_npz(str(path), link)
    with numpy.load(str(path)) as f:
        assert sorted(f.files) == ['N', 'avg_mean', 'avg_var', 'beta', 'gamma']
    assert batch_normalization.MultiNodeBatchNormalization is \
        chainermn.links.MultiNodeBatchNormalization
