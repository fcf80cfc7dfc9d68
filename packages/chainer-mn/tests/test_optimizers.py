"""The multi-node optimizer: broadcast first, then averaged gradients at every update."""
import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
import chainermn


def _model(rank):
    numpy.random.seed(rank)  # different initial parameters at each process
    return L.Linear(3, 2)


def _lossfun(model, rank):
    x = numpy.full((4, 3), rank + 1, numpy.float32)
    return lambda: F.sum(model(x))


def test_first_update_broadcasts_the_parameters(comm):
    model = _model(comm.rank)
    optimizer = chainermn.create_multi_node_optimizer(chainer.optimizers.SGD(lr=0.1), comm)
    assert optimizer.setup(model) is optimizer
    optimizer.update(_lossfun(model, comm.rank))
    first = model.W.array.copy()
    everywhere = comm.allgather(first)
    assert optimizer.t == 0  # no update yet
    optimizer.update(_lossfun(model, comm.rank))
    second = model.W.array.copy()
    for other in everywhere:
        numpy.testing.assert_array_equal(other, everywhere[0])
    # the gradient of W is the mean over the processes of 4 * (rank + 1) per element
    mean_grad = 4 * (comm.size + 1) / 2
    numpy.testing.assert_allclose(second, first - 0.1 * mean_grad, rtol=1e-6)
    numpy.testing.assert_allclose(model.W.grad, numpy.full((2, 3), mean_grad))
    assert optimizer.t == 1


def test_update_from_computed_gradients(comm):
    model = _model(0)
    optimizer = chainermn.create_multi_node_optimizer(chainer.optimizers.SGD(lr=1.0), comm)
    optimizer.setup(model)
    optimizer.update()  # broadcast
    before = model.b.array.copy()
    model.cleargrads()
    model.W.grad = numpy.zeros((2, 3), numpy.float32)
    model.b.grad = numpy.full(2, comm.rank, numpy.float32)
    optimizer.update()
    numpy.testing.assert_allclose(model.b.array, before - (comm.size - 1) / 2)


def test_new_parameters_are_broadcast_again(comm):
    model = chainer.Sequential(L.Linear(None, 2))
    optimizer = chainermn.create_multi_node_optimizer(chainer.optimizers.SGD(), comm)
    optimizer.setup(model)
    x = numpy.ones((1, 3), numpy.float32)
    optimizer.update(lambda: F.sum(model(x)))  # initializes W: broadcast, no update
    assert optimizer.t == 0
    assert optimizer.target_params == [('/0/W', True), ('/0/b', True)]
    optimizer.update(lambda: F.sum(model(x)))
    assert optimizer.t == 1


def test_unused_parameters_are_zero_filled(comm):
    model = chainer.Sequential(L.Linear(3, 2), L.Linear(2, 2))
    optimizer = chainermn.create_multi_node_optimizer(chainer.optimizers.SGD(), comm)
    optimizer.setup(model)
    x = numpy.ones((1, 3), numpy.float32)
    optimizer.update(lambda: F.sum(model[0](x)))
    optimizer.update(lambda: F.sum(model[0](x)))
    numpy.testing.assert_array_equal(model[1].W.grad, numpy.zeros((2, 2)))


def test_attributes_are_the_actual_optimizers(comm):
    actual = chainer.optimizers.MomentumSGD(lr=0.1)
    optimizer = chainermn.create_multi_node_optimizer(actual, comm, zero_fill=False)
    assert optimizer.actual_optimizer is actual
    assert optimizer.communicator is comm
    assert optimizer.zero_fill is False
    assert optimizer.lr == 0.1
    optimizer.lr = 0.5
    assert actual.lr == 0.5
    optimizer.setup(L.Linear(2, 2))
    assert optimizer.target is actual.target


def test_serialization(comm, tmp_path):
    model = _model(0)
    optimizer = chainermn.create_multi_node_optimizer(chainer.optimizers.Adam(), comm)
    optimizer.setup(model)
    optimizer.update(_lossfun(model, 0))
    optimizer.update(_lossfun(model, 0))
    path = str(tmp_path / 'opt{}.npz'.format(comm.rank))
    chainer.serializers.save_npz(path, optimizer)
    with numpy.load(path) as f:
        assert 't' in f.files and 'W/m' in f.files
    other = chainer.optimizers.Adam().setup(_model(1))
    chainer.serializers.load_npz(path, other)
    assert other.t == 1


def test_double_buffering_needs_pure_nccl(comm):
    with pytest.raises(ValueError, match='This communicator does not support double buffering'):
        chainermn.create_multi_node_optimizer(chainer.optimizers.SGD(), comm,
                                              double_buffering=True)
