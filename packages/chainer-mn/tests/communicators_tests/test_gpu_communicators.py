"""The communicators with CuPy gradients (NCCL communicators and MPI through host memory)."""
import numpy
import pytest

import chainer
import chainer.links as L
import chainermn
import chainermn.testing

NAMES = ('naive', 'flat', 'non_cuda_aware', 'pure_nccl', 'hierarchical', 'two_dimensional',
         'single_node')


def _model(device, rank, dtype=numpy.float32):
    model = chainer.Sequential(L.Linear(3, 4), L.Linear(4, 2))
    for param in model.params():
        param.array = param.array.astype(dtype)
        param.grad = numpy.full(param.shape, rank + 1, dtype)
    return model.to_device(device)


@pytest.mark.gpu
@pytest.mark.parametrize('name', NAMES)
@pytest.mark.parametrize('grad_dtype', [None, numpy.float16])
def test_mean_of_gpu_gradients(name, grad_dtype):
    if name == 'pure_nccl':
        comm = chainermn.create_communicator(name, allreduce_grad_dtype=grad_dtype)
    else:  # only pure_nccl takes it at creation (v7)
        comm = chainermn.create_communicator(name)
        comm.set_config('allreduce_grad_dtype', grad_dtype)
    device = chainermn.testing.get_device(comm.intra_rank)
    model = _model(device, comm.rank)
    comm.multi_node_mean_grad(model)
    for param in model.params():
        assert isinstance(param.grad, device.supported_array_types)
        numpy.testing.assert_allclose(chainer.backend.CpuDevice().send(param.grad),
                                      numpy.full(param.shape, (comm.size + 1) / 2), rtol=1e-3)
    comm.finalize()


@pytest.mark.gpu
@pytest.mark.parametrize('name', NAMES)
def test_bcast_data_of_gpu_parameters(name):
    comm = chainermn.create_communicator(name)
    device = chainermn.testing.get_device(comm.intra_rank)
    model = _model(device, comm.rank)
    for param in model.params():
        param.array[...] = comm.rank
    comm.bcast_data(model)
    for param in model.params():
        numpy.testing.assert_array_equal(chainer.backend.CpuDevice().send(param.array),
                                         numpy.zeros(param.shape))


@pytest.mark.gpu
def test_gpu_arrays_travel_through_host_memory():
    comm = chainermn.create_communicator('naive')
    device = chainermn.testing.get_device(comm.intra_rank)
    x = device.send(numpy.full((2, 3), comm.rank, numpy.float32))
    total = comm.allreduce(x)
    gathered = comm.allgather(x)
    assert isinstance(total, device.supported_array_types)
    numpy.testing.assert_array_equal(chainer.backend.CpuDevice().send(total),
                                     numpy.full((2, 3), comm.size * (comm.size - 1) / 2))
    assert all(isinstance(y, device.supported_array_types) for y in gathered)


@pytest.mark.gpu
@pytest.mark.parametrize('name', ['pure_nccl', 'hierarchical', 'two_dimensional'])
def test_multi_node_batch_normalization_with_nccl(name):
    # 3 channels: 6 packed statistics, not a multiple of the GPUs of a machine of 4.
    comm = chainermn.create_communicator(name)
    device = chainermn.testing.get_device(comm.intra_rank)
    link = chainermn.links.MultiNodeBatchNormalization(3, comm, communication_backend='nccl')
    link.to_device(device)
    rs = numpy.random.RandomState(0)
    x_all = rs.randn(3 * comm.size, 3).astype(numpy.float32)
    y = link(device.send(x_all[3 * comm.rank:3 * comm.rank + 3]))
    expected = (x_all - x_all.mean(axis=0)) / numpy.sqrt(x_all.var(axis=0) + 2e-5)
    numpy.testing.assert_allclose(chainer.backend.CpuDevice().send(y.array),
                                  expected[3 * comm.rank:3 * comm.rank + 3], rtol=1e-4,
                                  atol=1e-4)


@pytest.mark.gpu
def test_double_buffering_optimizer():
    comm = chainermn.create_communicator('pure_nccl')
    device = chainermn.testing.get_device(comm.intra_rank)
    model = _model(device, 0)
    optimizer = chainermn.create_multi_node_optimizer(
        chainer.optimizers.SGD(lr=1.0), comm, double_buffering=True)
    optimizer.setup(model)
    optimizer.update()  # broadcast
    before = chainer.backend.CpuDevice().send(model[0].b.array).copy()
    for _ in range(3):
        for param in model.params():
            param.grad = device.send(numpy.full(param.shape, comm.rank + 1, numpy.float32))
        optimizer.update()
    optimizer.wait()
    # the first update after the broadcast only starts the exchange: two updates happened
    numpy.testing.assert_allclose(chainer.backend.CpuDevice().send(model[0].b.array),
                                  before - 2 * (comm.size + 1) / 2, rtol=1e-5)
