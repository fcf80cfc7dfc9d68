"""send and recv: the values travel forward, the gradients come back in backward."""
import numpy
import pytest

import chainer
import chainer.functions as F
import chainermn.functions


def _x(shape=(2, 3), dtype=numpy.float32, offset=0):
    return (numpy.arange(int(numpy.prod(shape))).reshape(shape) + offset).astype(dtype)


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
def test_send_recv(comm, need_processes, dtype):
    need_processes(2)
    rank = comm.rank
    x = chainer.Variable(_x(dtype=dtype))
    delegate = y = None
    if rank == 0:
        delegate = chainermn.functions.send(x * 2, comm, rank=1)
        delegate.backward()
    elif rank == 1:
        y = chainermn.functions.recv(comm, rank=0)
        F.sum(y * 3).backward()
    if rank == 0:
        assert delegate.shape == (0,) and delegate.dtype == numpy.float32
        assert delegate.requires_grad
        numpy.testing.assert_array_equal(x.grad, numpy.full((2, 3), 6, dtype))
    elif rank == 1:
        assert y.dtype == dtype
        numpy.testing.assert_array_equal(y.array, _x(dtype=dtype) * 2)


def test_send_recv_tuple(comm, need_processes):
    need_processes(2)
    a = chainer.Variable(_x((2,)))
    b = chainer.Variable(_x((3, 1), offset=5))
    got = forced = None
    if comm.rank == 0:
        delegate = chainermn.functions.send((a, b), comm, 1, tag=4)
        delegate.backward()
        chainermn.functions.send(a, comm, 1, tag=5).backward()
    elif comm.rank == 1:
        got = chainermn.functions.recv(comm, 0, tag=4)
        F.sum(got[0] * 2 + 1).backward()  # no gradient for got[1]: zeros are sent back
        forced = chainermn.functions.recv(comm, 0, tag=5, force_tuple=True)
        F.sum(forced[0]).backward()
    if comm.rank == 0:
        numpy.testing.assert_array_equal(a.grad, [3, 3])
        numpy.testing.assert_array_equal(b.grad, numpy.zeros((3, 1)))
    elif comm.rank == 1:
        assert isinstance(got, tuple) and len(got) == 2
        numpy.testing.assert_array_equal(got[1].array, _x((3, 1), offset=5))
        assert isinstance(forced, tuple) and len(forced) == 1


def test_a_tuple_of_one_variable_arrives_as_the_variable(comm, need_processes):
    # as v7: recv gives a tuple only for several variables (or with force_tuple)
    need_processes(2)
    a = chainer.Variable(_x((2,)))
    got = None
    if comm.rank == 0:
        chainermn.functions.send((a,), comm, 1, tag=6).backward()
    elif comm.rank == 1:
        got = chainermn.functions.recv(comm, 0, tag=6)
        F.sum(got * 4).backward()
    if comm.rank == 0:
        numpy.testing.assert_array_equal(a.grad, [4, 4])
    elif comm.rank == 1:
        assert isinstance(got, chainer.Variable)
        numpy.testing.assert_array_equal(got.array, _x((2,)))


def test_recv_gives_zeros_to_a_variable_standing_for_the_delegate(comm, need_processes):
    # as v7: any variable may be the delegate; it gets zeros of its shape and dtype
    need_processes(2)
    stand_in = chainer.Variable(numpy.ones((2, 2), numpy.float64))
    if comm.rank == 0:
        chainermn.functions.send(chainer.Variable(_x((3,))), comm, 1, tag=7).backward()
    elif comm.rank == 1:
        y = chainermn.functions.recv(comm, 0, delegate_variable=stand_in, tag=7)
        F.sum(y).backward()
        assert stand_in.grad.dtype == numpy.float64
        numpy.testing.assert_array_equal(stand_in.grad, numpy.zeros((2, 2)))


def test_send_of_variables_without_gradient(comm, need_processes):
    need_processes(2)
    x = chainer.Variable(_x(), requires_grad=False)
    delegate = y = None
    if comm.rank == 0:
        delegate = chainermn.functions.send(x, comm, 1)
        delegate.backward()  # receives (and drops) the gradient of the receiver
    elif comm.rank == 1:
        y = chainermn.functions.recv(comm, 0)
        F.sum(y).backward()
    if comm.rank == 0:
        assert delegate.requires_grad and delegate.creator is not None
        assert x.grad is None
    elif comm.rank == 1:
        assert y.requires_grad


def test_chain_through_a_delegate(comm, need_processes):
    need_processes(2)
    x = chainer.Variable(numpy.ones(2, numpy.float32))
    y = None
    if comm.rank == 0:
        delegate = chainermn.functions.send(x, comm, 1)
        y = chainermn.functions.recv(comm, 1, delegate_variable=delegate)
        F.sum(y * 5).backward()
    elif comm.rank == 1:
        z = chainermn.functions.recv(comm, 0)
        chainermn.functions.send(z * 2, comm, 0).backward()
    if comm.rank == 0:
        numpy.testing.assert_array_equal(y.array, [2, 2])
        numpy.testing.assert_array_equal(x.grad, [10, 10])


def test_ring(comm, need_processes):
    need_processes(3)
    rank, size = comm.rank, comm.size
    x = chainer.Variable(numpy.full(2, rank + 1, numpy.float64))
    after, before = (rank + 1) % size, (rank - 1) % size
    if rank == 0:
        delegate = chainermn.functions.send(x, comm, after)
        h = chainermn.functions.recv(comm, before, delegate_variable=delegate)
        F.sum(h * h).backward()
    else:
        h = chainermn.functions.recv(comm, before)
        chainermn.functions.send(h * x, comm, after).backward()
    total = 1
    for r in range(size):
        total *= r + 1
    # h at rank 0 is the product of all x; d(h . h)/dx_r = 2 h * h / x_r
    numpy.testing.assert_allclose(x.grad, numpy.full(2, 2 * total * total / (rank + 1)))


def test_send_to_itself(comm):
    x = chainer.Variable(_x())
    with pytest.raises(ValueError, match='rank must be different from communicator rank'):
        chainermn.functions.send(x, comm, comm.rank)
    with pytest.raises(ValueError, match='rank must be different from communicator rank'):
        chainermn.functions.recv(comm, comm.rank)


def test_send_numerical_gradient(comm, need_processes, numerical_global_grads):
    need_processes(2)
    x = _x((3,), numpy.float64) / 10 + comm.rank

    def loss(x, backward):
        if comm.rank == 0:
            delegate = chainermn.functions.send(F.sin(x), comm, 1)
            if backward:
                delegate.backward()
            return 0.0
        if comm.rank == 1:
            y = chainermn.functions.recv(comm, 0)
            loss = F.sum(y * y * x)
            if backward:
                loss.backward()
            return loss.array
        return 0.0

    xv = chainer.Variable(x.copy())
    loss(xv, True)
    numeric, = numerical_global_grads(lambda xs: loss(xs[0], False), [x])
    if comm.rank < 2:
        numpy.testing.assert_allclose(xv.grad, numeric, rtol=1e-5)


def test_nodes_are_callable_like_v7_functions(comm, need_processes):
    need_processes(2)
    from chainermn.functions import point_to_point_communication as p2p
    x = chainer.Variable(_x())
    y = None
    if comm.rank == 0:
        delegate = p2p.Send(comm, peer_rank=1, peer_tag=3)(x)
        assert isinstance(delegate, chainer.Variable) and delegate.shape == (0,)
        delegate.grad = numpy.empty((0,), numpy.float32)
        delegate.backward()
    elif comm.rank == 1:
        dummy = chainer.Variable(numpy.empty((0,), numpy.float32))
        y = p2p.Recv(comm, peer_rank=0, peer_tag=3)(dummy)
        F.sum(y * 2).backward()
    if comm.rank == 0:
        numpy.testing.assert_array_equal(x.grad, numpy.full((2, 3), 2))
    elif comm.rank == 1:
        numpy.testing.assert_array_equal(y.array, _x())
