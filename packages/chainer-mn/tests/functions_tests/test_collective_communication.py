"""Differentiable collectives: forward against what each process sent, backward against the
sums of the gradients of all processes (and central differences of the global loss)."""
import warnings

import numpy
import pytest

import chainer
import chainer.functions as F
import chainermn.functions


def _x(rank, shape=(2, 3), dtype=numpy.float32):
    return (numpy.arange(int(numpy.prod(shape))).reshape(shape) + 10 * rank).astype(dtype)


def _gy(rank, index, shape=(2, 3), dtype=numpy.float32):
    return (numpy.ones(shape) * (rank + 1) * (index + 2)).astype(dtype)


DTYPES = [numpy.float16, numpy.float32, numpy.float64]


@pytest.mark.parametrize('dtype', DTYPES)
def test_allgather(comm, dtype):
    rank, size = comm.rank, comm.size
    x = chainer.Variable(_x(rank, (rank + 1, 2), dtype))
    ys = chainermn.functions.allgather(comm, x)
    assert isinstance(ys, tuple) and len(ys) == size
    for q, y in enumerate(ys):
        assert y.dtype == dtype
        numpy.testing.assert_array_equal(y.array, _x(q, (q + 1, 2), dtype))
        y.grad = _gy(rank, q, (q + 1, 2), dtype)
    chainer.backward(ys, [y.grad_var for y in ys])
    # every process's output q has a gradient; x of process q gets their sum
    expected = sum(_gy(r, rank, (rank + 1, 2), numpy.float64) for r in range(size))
    assert x.grad.dtype == dtype
    numpy.testing.assert_allclose(x.grad, expected)


def test_allgather_with_unused_outputs(comm):
    x = chainer.Variable(_x(comm.rank))
    ys = chainermn.functions.allgather(comm, x)
    F.sum(ys[0]).backward()
    expected = numpy.full((2, 3), comm.size if comm.rank == 0 else 0, numpy.float32)
    numpy.testing.assert_array_equal(x.grad, expected)


def test_allgather_numerical_gradient(comm, numerical_global_grads):
    x = _x(comm.rank, (2, 2), numpy.float64) / 10
    w = numpy.arange(1, 5, dtype=numpy.float64).reshape(2, 2) + comm.rank

    def loss(x):
        ys = chainermn.functions.allgather(comm, x)
        return sum(F.sum(F.sin(y) * w * (q + 1)) for q, y in enumerate(ys))

    xv = chainer.Variable(x.copy())
    loss(xv).backward()
    numeric, = numerical_global_grads(lambda xs: loss(xs[0]).array, [x])
    numpy.testing.assert_allclose(xv.grad, numeric, rtol=1e-5, atol=1e-7)


@pytest.mark.parametrize('dtype', DTYPES)
def test_alltoall(comm, dtype):
    rank, size = comm.rank, comm.size
    xs = [chainer.Variable(_x(10 * rank + q, (q + 1,), dtype)) for q in range(size)]
    ys = chainermn.functions.alltoall(comm, xs)
    assert isinstance(ys, tuple) and len(ys) == size
    for q, y in enumerate(ys):
        numpy.testing.assert_array_equal(y.array, _x(10 * q + rank, (rank + 1,), dtype))
        y.grad = _gy(rank, q, (rank + 1,), dtype)
    chainer.backward(ys, [y.grad_var for y in ys])
    for q, x in enumerate(xs):
        # x[q] went to process q as its output ``rank``
        numpy.testing.assert_array_equal(x.grad, _gy(q, rank, (q + 1,), dtype))


def test_alltoall_numerical_gradient(comm, numerical_global_grads):
    size = comm.size
    xs = [_x(comm.rank + q, (2,), numpy.float64) / 10 for q in range(size)]

    def loss(xs):
        ys = chainermn.functions.alltoall(comm, xs)
        return sum(F.sum(F.exp(y) * (q + comm.rank + 1)) for q, y in enumerate(ys))

    variables = [chainer.Variable(x.copy()) for x in xs]
    loss(variables).backward()
    numeric = numerical_global_grads(lambda arrays: loss(arrays).array, xs)
    for v, n in zip(variables, numeric):
        numpy.testing.assert_allclose(v.grad, n, rtol=1e-5)


def test_alltoall_of_a_wrong_length(comm):
    with pytest.raises(ValueError, match='alltoall'):
        chainermn.functions.alltoall(comm, [chainer.Variable(_x(0))] * (comm.size + 1))


@pytest.mark.parametrize('dtype', DTYPES)
def test_bcast(comm, dtype):
    rank = comm.rank
    for root in range(comm.size):
        x = chainer.Variable(_x(rank, dtype=dtype))
        y = chainermn.functions.bcast(comm, x if rank == root else None, root=root)
        numpy.testing.assert_array_equal(y.array, _x(root, dtype=dtype))
        y.grad = _gy(rank, 0, dtype=dtype)
        y.backward()
        if rank == root:
            expected = sum(_gy(r, 0) for r in range(comm.size))
            numpy.testing.assert_array_equal(x.grad, expected.astype(dtype))
        else:
            assert x.grad is None


def test_bcast_numerical_gradient(comm, numerical_global_grads):
    x = _x(comm.rank, (3,), numpy.float64) / 10

    def loss(x):
        y = chainermn.functions.bcast(comm, x, root=0)
        return F.sum(F.tanh(y) * (comm.rank + 2))

    xv = chainer.Variable(x.copy())
    loss(xv).backward()
    numeric, = numerical_global_grads(lambda xs: loss(xs[0]).array, [x])
    if comm.rank == 0:
        numpy.testing.assert_allclose(xv.grad, numeric, rtol=1e-5)
    else:
        numpy.testing.assert_array_equal(numeric, numpy.zeros(3))


@pytest.mark.parametrize('dtype', DTYPES)
def test_gather(comm, dtype):
    rank, size = comm.rank, comm.size
    root = size - 1
    x = chainer.Variable(_x(rank, (rank + 1, 2), dtype))
    ys = chainermn.functions.gather(comm, x, root=root)
    if rank == root:
        assert isinstance(ys, tuple) and len(ys) == size
        for q, y in enumerate(ys):
            numpy.testing.assert_array_equal(y.array, _x(q, (q + 1, 2), dtype))
            y.grad = _gy(rank, q, (q + 1, 2), dtype)
        chainer.backward(ys, [y.grad_var for y in ys])
    else:
        assert isinstance(ys, chainer.Variable)
        # the delegate has the dtype of x, as v7's
        assert ys.shape == (0,) and ys.dtype == dtype
        ys.backward()
    numpy.testing.assert_array_equal(x.grad, _gy(root, rank, (rank + 1, 2), dtype))


@pytest.mark.parametrize('dtype', DTYPES)
def test_scatter(comm, dtype):
    rank, size = comm.rank, comm.size
    root = size // 2
    xs = None
    if rank == root:
        xs = tuple(chainer.Variable(_x(q, (q + 1,), dtype)) for q in range(size))
    y = chainermn.functions.scatter(comm, xs, root=root)
    numpy.testing.assert_array_equal(y.array, _x(rank, (rank + 1,), dtype))
    y.grad = _gy(rank, 0, (rank + 1,), dtype)
    y.backward()
    if rank == root:
        for q, x in enumerate(xs):
            numpy.testing.assert_array_equal(x.grad, _gy(q, 0, (q + 1,), dtype))


def test_scatter_of_a_wrong_length_raises_everywhere(comm):
    xs = (chainer.Variable(_x(0)),) * (comm.size + 1) if comm.rank == 0 else None
    with pytest.raises(ValueError, match='scatter'):
        chainermn.functions.scatter(comm, xs)


@pytest.mark.parametrize('function,name', [('allgather', 'all_gather'), ('bcast', 'bcast'),
                                           ('gather', 'gather')])
def test_experimental_warnings(comm, function, name):
    x = chainer.Variable(_x(comm.rank))
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        getattr(chainermn.functions, function)(comm, x)
    messages = [str(m.message) for m in w]
    assert ('chainermn.functions.{} is experimental. The interface can change in the future.'
            .format(name)) in messages


def test_nodes_are_callable_like_v7_functions(comm):
    from chainermn.functions import collective_communication as cc
    x = chainer.Variable(_x(comm.rank))
    ys = cc.AllGather(comm)(x)
    ys = ys if isinstance(ys, tuple) else (ys,)
    assert len(ys) == comm.size
    numpy.testing.assert_array_equal(ys[-1].array, _x(comm.size - 1))


@pytest.mark.gpu
def test_gpu_variables(comm):
    import chainermn.testing
    device = chainermn.testing.get_device(comm.intra_rank)
    x = chainer.Variable(device.send(_x(comm.rank)))
    ys = chainermn.functions.allgather(comm, x)
    F.sum(sum(ys)).backward()
    assert all(isinstance(y.array, device.supported_array_types) for y in ys)
    numpy.testing.assert_array_equal(chainer.backend.CpuDevice().send(x.grad),
                                     numpy.full((2, 3), comm.size))
