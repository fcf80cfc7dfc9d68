"""Multi-node batch normalization: the statistics of the global batch, in forward and
backward (NumPy reference of batch normalization over the union of the local batches)."""
import numpy
import pytest

import chainer
from chainermn.functions import batch_normalization

EPS = 2e-5


def _global_batch(size, shape, dtype, seed=0):
    rs = numpy.random.RandomState(seed)
    x = rs.randn(3 * size, *shape).astype(dtype)
    gy = rs.randn(3 * size, *shape).astype(dtype)
    return x, gy


def _reference(x, gy, gamma, beta, axes):
    """y, gx, ggamma and gbeta of batch normalization over all of ``x`` (float64)."""
    x, gy = x.astype(numpy.float64), gy.astype(numpy.float64)
    mean = x.mean(axis=axes, keepdims=True)
    var = x.var(axis=axes, keepdims=True)
    shape = mean.shape
    g = gamma.astype(numpy.float64).reshape(shape)
    inv_std = 1 / numpy.sqrt(var + EPS)
    x_hat = (x - mean) * inv_std
    y = g * x_hat + beta.astype(numpy.float64).reshape(shape)
    m = x.size // gamma.size
    gbeta = gy.sum(axis=axes)
    ggamma = (gy * x_hat).sum(axis=axes)
    gx = g * inv_std * (gy - (x_hat * ggamma.reshape(shape) + gbeta.reshape(shape)) / m)
    return y, gx, ggamma, gbeta, mean.reshape(gamma.shape), var.reshape(gamma.shape)


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
@pytest.mark.parametrize('shape,axes', [((3,), (0,)), ((3, 4), (0, 2)), ((2, 3), (0,))])
def test_forward_backward_and_running_statistics(comm, dtype, shape, axes):
    size, rank = comm.size, comm.rank
    channels = shape if axes == (0,) else shape[:1]
    x_all, gy_all = _global_batch(size, shape, dtype)
    gamma = (numpy.arange(int(numpy.prod(channels))).reshape(channels) + 1.).astype(dtype)
    beta = (numpy.arange(int(numpy.prod(channels))).reshape(channels) * .5).astype(dtype)
    part = slice(3 * rank, 3 * rank + 3)
    x = chainer.Variable(x_all[part])
    g = chainer.Variable(gamma)
    b = chainer.Variable(beta)
    running_mean = numpy.zeros(channels, dtype)
    running_var = numpy.ones(channels, dtype)
    y = batch_normalization.multi_node_batch_normalization(
        x, g, b, comm, eps=EPS, running_mean=running_mean, running_var=running_var, decay=0.7)
    y.grad = gy_all[part]
    y.backward()

    ry, rgx, rggamma, rgbeta, rmean, rvar = _reference(x_all, gy_all, gamma, beta, axes)
    tol = {'rtol': 3e-2, 'atol': 3e-2} if dtype == numpy.float16 else {'rtol': 1e-4,
                                                                        'atol': 1e-5}
    assert y.dtype == dtype and x.grad.dtype == dtype and g.grad.dtype == dtype
    numpy.testing.assert_allclose(y.array, ry[part], **tol)
    numpy.testing.assert_allclose(x.grad, rgx[part], **tol)
    # gamma and beta get the gradient of the global batch divided by the processes (v7)
    numpy.testing.assert_allclose(g.grad, rggamma / size, **tol)
    numpy.testing.assert_allclose(b.grad, rgbeta / size, **tol)
    m_local = x.size // gamma.size
    numpy.testing.assert_allclose(running_mean, 0.3 * rmean, **tol)
    numpy.testing.assert_allclose(running_var, 0.7 + 0.3 * rvar * m_local / (m_local - 1),
                                  **tol)


def test_batches_of_different_sizes(comm, need_processes):
    # as v7: the mean is the mean of the processes' means (each process weighs the same),
    # the variance the mean of their mean squares minus its square; backward divides the
    # summed gradient statistics by the process's own batch size times the processes
    need_processes(2)
    size, rank = comm.size, comm.rank
    rs = numpy.random.RandomState(0)
    parts = [rs.randn(r + 1, 2) for r in range(size)]
    gys = [rs.randn(r + 1, 2) for r in range(size)]
    gamma = numpy.array([1.5, .5])
    x = chainer.Variable(parts[rank])
    g = chainer.Variable(gamma.copy())
    b = chainer.Variable(numpy.zeros(2))
    running_mean, running_var = numpy.zeros(2), numpy.ones(2)
    y = batch_normalization.multi_node_batch_normalization(
        x, g, b, comm, eps=EPS, running_mean=running_mean, running_var=running_var, decay=0.5)
    y.grad = gys[rank]
    y.backward()

    mean = sum(p.mean(axis=0) for p in parts) / size
    var = sum((p * p).mean(axis=0) for p in parts) / size - mean * mean
    inv_std = 1 / numpy.sqrt(var + EPS)
    x_hats = [(p - mean) * inv_std for p in parts]
    gbeta = sum(gy.sum(axis=0) for gy in gys)
    ggamma = sum((gy * xh).sum(axis=0) for gy, xh in zip(gys, x_hats))
    m = rank + 1
    gx = gamma * inv_std * (gys[rank] - (x_hats[rank] * ggamma + gbeta) / (m * size))
    numpy.testing.assert_allclose(y.array, gamma * x_hats[rank], rtol=1e-6, atol=1e-8)
    numpy.testing.assert_allclose(x.grad, gx, rtol=1e-6, atol=1e-8)
    numpy.testing.assert_allclose(g.grad, ggamma / size, rtol=1e-6)
    numpy.testing.assert_allclose(b.grad, gbeta / size, rtol=1e-6)
    numpy.testing.assert_allclose(running_mean, .5 * mean, rtol=1e-6)
    numpy.testing.assert_allclose(running_var, .5 + .5 * var * m / max(m - 1, 1), rtol=1e-6)


def test_numerical_gradient(comm, numerical_global_grads):
    rs = numpy.random.RandomState(comm.rank)
    x = rs.randn(3, 2).astype(numpy.float64)
    gamma = numpy.array([1.5, .5])
    beta = numpy.array([.1, -.2])
    w = rs.randn(3, 2)

    def loss(x, gamma, beta):
        y = batch_normalization.multi_node_batch_normalization(x, gamma, beta, comm, eps=EPS)
        return chainer.functions.sum(y * y * w)

    variables = [chainer.Variable(a.copy()) for a in (x, gamma, beta)]
    loss(*variables).backward()
    numeric = numerical_global_grads(lambda arrays: loss(*arrays).array, [x, gamma, beta],
                                     eps=1e-4)
    numpy.testing.assert_allclose(variables[0].grad, numeric[0], rtol=1e-4, atol=1e-6)
    # each process has its copy of the parameters: the numerical gradient of a copy is the
    # part of its process, the analytic one the global gradient divided by the processes
    for analytic, numerical in zip(variables[1:], numeric[1:]):
        numpy.testing.assert_allclose(comm.allreduce(analytic.grad), comm.allreduce(numerical),
                                      rtol=1e-4, atol=1e-6)


def test_communication_backend(comm):
    assert batch_normalization.get_communication_backend(comm) == 'mpi'
    assert batch_normalization.get_communication_backend(comm, 'mpi') == 'mpi'
    with pytest.raises(ValueError, match='nccl is not supported in MultiNodeBatchNormalization '
                                         'when using'):
        batch_normalization.get_communication_backend(comm, 'nccl')
    with pytest.raises(ValueError, match='MultiNodeBatchNormalization does not support foo.'):
        batch_normalization.get_communication_backend(comm, 'foo')
    selector = batch_normalization.MultiNodeBNImplSelector(comm, 'auto')
    assert isinstance(selector(), batch_normalization._MpiImpl)
