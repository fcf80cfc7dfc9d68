"""Arrays and objects between processes: the communication methods of the MPI communicators."""
import warnings

import numpy
import pytest

import chainer
import chainermn
from chainermn.communicators import mpi_communicator_base

NAMES = ('naive', 'flat', 'non_cuda_aware')
# The dtypes ChainerMN's array communication takes (others raise TypeError).
DTYPES = (numpy.float16, numpy.float32, numpy.float64, numpy.int32, numpy.int64)


@pytest.fixture(params=NAMES, scope='module')
def communicator(request):
    return chainermn.create_communicator(request.param)


def _array(rank, shape=(2, 3), dtype=numpy.float32):
    """A rank-dependent array (the same on every process for a given rank)."""
    data = numpy.arange(int(numpy.prod(shape)), dtype=numpy.float64) + 10 * rank
    return data.reshape(shape).astype(dtype)


def test_ranks(communicator):
    from mpi4py import MPI
    world = MPI.COMM_WORLD
    assert isinstance(communicator, mpi_communicator_base.MpiCommunicatorBase)
    assert isinstance(communicator, chainermn.CommunicatorBase)
    assert communicator.rank == world.rank
    assert communicator.size == world.size
    # the test jobs run on one machine
    assert communicator.intra_rank == world.rank
    assert communicator.intra_size == world.size
    assert communicator.inter_rank == 0
    assert communicator.inter_size == 1


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('shape', [(2, 3), (), (0, 4), (5,)])
def test_send_recv_array(communicator, need_processes, dtype, shape):
    need_processes(2)
    rank = communicator.rank
    received = None
    if rank == 0:
        communicator.send(_array(0, shape, dtype), 1, 7)
    elif rank == 1:
        received = communicator.recv(0, 7)
    if rank == 1:
        assert isinstance(received, numpy.ndarray)
        assert received.dtype == dtype
        numpy.testing.assert_array_equal(received, _array(0, shape, dtype))


def test_send_recv_tuple_and_non_contiguous(communicator, need_processes):
    need_processes(2)
    rank = communicator.rank
    x = _array(0, (3, 4)).T  # not contiguous
    got = single = None
    if rank == 0:
        communicator.send((x, x[:1], numpy.zeros((0,), numpy.float32)), 1, 3)
        communicator.send([x], 1, 4)
    elif rank == 1:
        got = communicator.recv(0, 3)
        single = communicator.recv(0, 4)
    if rank == 1:
        assert isinstance(got, tuple) and len(got) == 3
        numpy.testing.assert_array_equal(got[0], x)
        numpy.testing.assert_array_equal(got[1], x[:1])
        assert got[2].shape == (0,)
        assert isinstance(single, tuple) and len(single) == 1


def test_send_rejects_what_is_not_an_array(communicator):
    with pytest.raises(TypeError, match='same dtype'):
        communicator.send((numpy.zeros(2, numpy.float32), numpy.zeros(2, numpy.float64)), 0, 0)
    with pytest.raises(TypeError, match='numpy/cupy array'):
        communicator.send(chainer.Variable(numpy.zeros(2, numpy.float32)), 0, 0)
    with pytest.raises(ValueError, match='numpy or cupy arrays'):
        communicator.send([1, 2], 0, 0)


@pytest.mark.parametrize('dtype', DTYPES)
def test_bcast(communicator, dtype):
    results = []
    for root in range(communicator.size):
        x = _array(communicator.rank, (3, 2), dtype)
        y = communicator.bcast(x if communicator.rank == root else None, root=root)
        results.append((root, x, y))
    for root, x, y in results:
        numpy.testing.assert_array_equal(y, _array(root, (3, 2), dtype))
        assert y.dtype == dtype
        if communicator.rank == root:
            assert y is x


# What is not one array, and the exception of ChainerMN for it.
NOT_AN_ARRAY = [
    ([1, 2], ValueError),  # a list of non-arrays
    ('x', TypeError),
    (chainer.Variable(numpy.zeros(1, numpy.float32)), TypeError),
    ((numpy.zeros(1, numpy.float32), numpy.zeros(1, numpy.float64)), TypeError),  # 2 dtypes
    ([numpy.zeros(1), numpy.zeros(2)], TypeError),  # a tuple of arrays
]


@pytest.mark.parametrize('bad,error', NOT_AN_ARRAY)
def test_bcast_of_no_array_raises_everywhere(communicator, bad, error):
    with pytest.raises(error, match='bcast'):
        communicator.bcast(bad if communicator.rank == 0 else None, root=0)


def test_gather_arrays_of_different_shapes(communicator):
    rank = communicator.rank
    root = communicator.size - 1
    x = _array(rank, (rank + 1, 2), numpy.float64)
    ys = communicator.gather(x, root=root)
    if rank == root:
        assert isinstance(ys, tuple) and len(ys) == communicator.size
        for r, y in enumerate(ys):
            numpy.testing.assert_array_equal(y, _array(r, (r + 1, 2), numpy.float64))
    else:
        assert ys is None


@pytest.mark.parametrize('method', ['gather', 'allgather'])
@pytest.mark.parametrize('bad,error', NOT_AN_ARRAY)
def test_gather_of_no_array_raises_everywhere(communicator, method, bad, error):
    last = communicator.size - 1
    with pytest.raises(error, match=method):
        getattr(communicator, method)(bad if communicator.rank == last else numpy.zeros(1))


@pytest.mark.parametrize('dtype', DTYPES)
def test_allgather(communicator, dtype):
    rank = communicator.rank
    ys = communicator.allgather(_array(rank, (2, rank + 1), dtype))
    assert isinstance(ys, tuple) and len(ys) == communicator.size
    for r, y in enumerate(ys):
        assert y.dtype == dtype
        numpy.testing.assert_array_equal(y, _array(r, (2, r + 1), dtype))


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('shape', [(2, 3), (), (0,)])
def test_allreduce_sums(communicator, dtype, shape):
    x = _array(communicator.rank, shape, dtype)
    original = x.copy()
    y = communicator.allreduce(x)
    expected = sum(_array(r, shape, numpy.float64) for r in range(communicator.size))
    assert y is not x and y.dtype == dtype and y.shape == shape
    numpy.testing.assert_array_equal(x, original)
    numpy.testing.assert_allclose(y.astype(numpy.float64), expected, rtol=1e-3)


def test_allreduce_of_a_non_contiguous_array(communicator):
    x = _array(communicator.rank, (3, 4)).T
    y = communicator.allreduce(x)
    expected = sum(_array(r, (3, 4)).T for r in range(communicator.size))
    numpy.testing.assert_array_equal(y, expected)


def test_allreduce_rejects_what_is_not_an_array(communicator):
    with pytest.raises(ValueError, match='numpy or cupy arrays'):
        communicator.allreduce([1, 2])
    with pytest.raises(TypeError, match='numpy/cupy array'):
        communicator.allreduce(chainer.Variable(numpy.zeros(2, numpy.float32)))


@pytest.mark.parametrize('as_array', [False, True])
def test_scatter(communicator, as_array):
    size = communicator.size
    root = size // 2
    xs = None
    if communicator.rank == root:
        xs = tuple(_array(r, (r + 1,)) for r in range(size))
        if as_array:
            xs = numpy.stack([_array(r, (2, 2)) for r in range(size)])
    y = communicator.scatter(xs, root=root)
    expected = _array(communicator.rank, (2, 2) if as_array else (communicator.rank + 1,))
    numpy.testing.assert_array_equal(y, expected)
    if communicator.rank == root:
        assert not numpy.shares_memory(y, xs[root])


def test_scatter_of_a_wrong_length_raises_everywhere(communicator):
    xs = (numpy.zeros(1),) * (communicator.size + 1) if communicator.rank == 0 else None
    with pytest.raises(ValueError, match='scatter'):
        communicator.scatter(xs, root=0)


def test_alltoall(communicator):
    size = communicator.size
    rank = communicator.rank
    xs = [_array(10 * rank + dest, (rank + 1, dest + 1), numpy.float64) for dest in range(size)]
    ys = communicator.alltoall(xs)
    assert isinstance(ys, tuple) and len(ys) == size
    for src, y in enumerate(ys):
        numpy.testing.assert_array_equal(
            y, _array(10 * src + rank, (src + 1, rank + 1), numpy.float64))


def test_alltoall_of_a_wrong_length_raises_everywhere(communicator):
    n = communicator.size + (1 if communicator.rank == 0 else 0)
    with pytest.raises(ValueError, match='alltoall'):
        communicator.alltoall([numpy.zeros(1)] * n)



def test_alltoall_of_arrays_of_different_dtypes_raises_everywhere(communicator,
                                                                   need_processes):
    need_processes(2)
    xs = [numpy.zeros(1, numpy.float32)] * communicator.size
    if communicator.rank == 0:
        xs[-1] = numpy.zeros(1, numpy.float64)
    with pytest.raises(TypeError, match='alltoall'):
        communicator.alltoall(xs)


UNSUPPORTED_DTYPES = (numpy.int8, numpy.int16, numpy.uint8, numpy.uint32, numpy.bool_,
                      numpy.complex64)


@pytest.mark.parametrize('dtype', UNSUPPORTED_DTYPES)
@pytest.mark.parametrize('method', ['bcast', 'gather', 'allgather', 'allreduce', 'scatter',
                                    'alltoall'])
def test_collectives_of_an_unsupported_dtype_raise_everywhere(communicator, method, dtype):
    size = communicator.size
    x = numpy.ones((size, 2), dtype)
    arg = {'alltoall': list(x), 'scatter': x}.get(method, x[0])
    with pytest.raises(TypeError, match='does not support dtype ' + numpy.dtype(dtype).name):
        getattr(communicator, method)(arg)


@pytest.mark.parametrize('dtype', UNSUPPORTED_DTYPES)
def test_send_of_an_unsupported_dtype_raises(communicator, dtype):
    with pytest.raises(TypeError, match='send does not support dtype'):
        communicator.send(numpy.ones(2, dtype), dest=0, tag=0)
    with pytest.raises(TypeError, match='send does not support dtype'):
        communicator.send((numpy.ones(2, dtype),), dest=0, tag=0)

def test_send_recv_obj(communicator, need_processes):
    need_processes(2)
    got = any_tag = None
    if communicator.rank == 0:
        communicator.send_obj({'a': [1, 2], 'b': numpy.arange(3)}, 1, tag=5)
        communicator.send_obj('second', 1)
    elif communicator.rank == 1:
        got = communicator.recv_obj(0, tag=5)
        any_tag = communicator.recv_obj(0)
    if communicator.rank == 1:
        assert got['a'] == [1, 2]
        numpy.testing.assert_array_equal(got['b'], numpy.arange(3))
        assert any_tag == 'second'


@pytest.mark.parametrize('max_buf_len', [1, 7, 256 * 1024 * 1024])
def test_bcast_obj(communicator, max_buf_len):
    root = communicator.size - 1
    obj = {'rank': communicator.rank, 'data': list(range(20))}
    got = communicator.bcast_obj(obj if communicator.rank == root else None,
                                 max_buf_len=max_buf_len, root=root)
    assert got == {'rank': root, 'data': list(range(20))}


@pytest.mark.parametrize('max_buf_len', [0, 2 ** 31])
def test_bcast_obj_rejects_a_bad_max_buf_len(communicator, max_buf_len):
    with pytest.raises(ValueError, match='max_buf_len'):
        communicator.bcast_obj('x', max_buf_len=max_buf_len)


def test_gather_obj(communicator):
    got = communicator.gather_obj(('x', communicator.rank), root=0)
    if communicator.rank == 0:
        assert got == [('x', r) for r in range(communicator.size)]
    else:
        assert got is None


def test_allreduce_obj(communicator):
    size = communicator.size
    assert communicator.allreduce_obj(communicator.rank + 1) == size * (size + 1) // 2
    total = communicator.allreduce_obj(numpy.full(2, communicator.rank, numpy.float32))
    numpy.testing.assert_array_equal(total, numpy.full(2, size * (size - 1) / 2))
    assert communicator.allreduce_obj([communicator.rank]) == list(range(size))


def test_allreduce_obj_of_objects_without_sum_raises_everywhere(communicator, need_processes):
    need_processes(2)
    with pytest.raises(TypeError):
        communicator.allreduce_obj({'a': 1})


def test_split(communicator):
    rank = communicator.rank
    sub = communicator.split(rank % 2, rank)
    assert type(sub) is type(communicator)
    assert sub.size == len(range(rank % 2, communicator.size, 2))
    assert sub.rank == rank // 2
    assert sub.allreduce_obj(1) == sub.size


def test_split_orders_ranks_by_key(communicator):
    sub = communicator.split(0, -communicator.rank)
    assert sub.size == communicator.size
    assert sub.rank == communicator.size - 1 - communicator.rank


def test_split_starts_with_default_configs(communicator):
    # as v7: the new communicator is made directly, batched_copy off, nothing carried over
    communicator.set_config('allreduce_grad_dtype', numpy.float16)
    try:
        sub = communicator.split(0, communicator.rank)
    finally:
        communicator.set_config('allreduce_grad_dtype', None)
    assert sub.get_config() == {'batched_copy': False, 'allreduce_grad_dtype': None}


@pytest.mark.parametrize('name', NAMES)
def test_communicator_made_directly_has_batched_copy_off(comm, name):
    # as v7 (create_communicator turns it on)
    cls = type(chainermn.create_communicator(name))
    assert cls(comm.mpi_comm).get_config('batched_copy') is False


def test_configs(communicator):
    assert communicator.get_config() == {'batched_copy': True, 'allreduce_grad_dtype': None}
    assert communicator.get_config('batched_copy') is True
    with pytest.raises(ValueError, match='Unknown config: foo'):
        communicator.set_config('foo', 1)
    with pytest.raises(KeyError):
        communicator.get_config('foo')
    communicator.set_config('allreduce_grad_dtype', numpy.float16)
    try:
        assert communicator.get_config('allreduce_grad_dtype') == numpy.float16
    finally:
        communicator.set_config('allreduce_grad_dtype', None)
    with pytest.raises(ValueError, match='allreduce_grad_dtype'):
        communicator.set_config('allreduce_grad_dtype', numpy.int32)


def test_config_scope_registers_assigned_attributes(communicator):
    assert not communicator.within_config_scope
    with communicator.config_scope():
        assert communicator.within_config_scope
        communicator.extra_setting = 3
    communicator.not_a_setting = 4
    try:
        assert communicator.get_config('extra_setting') == 3
        assert 'not_a_setting' not in communicator.get_config()
    finally:
        del communicator._configs['extra_setting']


@pytest.mark.parametrize('method,name', [
    ('bcast', 'MpiCommunicatorBase.bcast'), ('allgather', 'MpiCommunicatorBase.allgather'),
    ('gather', 'MpiCommunicatorBase.gather'), ('scatter', 'CommunicatorBase.scatter'),
    ('alltoall', 'MpiCommunicatorBase.alltoall')])
def test_experimental_warnings(communicator, method, name):
    x = numpy.zeros(communicator.size, numpy.float32)
    args = {'bcast': (x,), 'allgather': (x,), 'gather': (x,), 'alltoall': (list(x[:, None]),),
            'scatter': (x,)}[method]
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        getattr(communicator, method)(*args)
    messages = [str(m.message) for m in w if issubclass(m.category, FutureWarning)]
    assert 'chainermn.communicators.{} is experimental. The interface can change in the ' \
        'future.'.format(name) in messages


def _dtype_of_rank(rank):
    return numpy.float32 if rank == 0 else numpy.float64


def test_allgather_of_arrays_of_different_dtypes_raises_everywhere(communicator,
                                                                     need_processes):
    # as v7: 'all dtypes must be the same'
    need_processes(2)
    with pytest.raises(TypeError, match='allgather: all dtypes must be the same'):
        communicator.allgather(numpy.ones(3, _dtype_of_rank(communicator.rank)))


@pytest.mark.parametrize('root', [0, 1])
def test_gather_of_arrays_of_different_dtypes_raises_at_root(communicator, need_processes,
                                                              root):
    # as v7: the root raises, the others return None
    need_processes(2)
    x = numpy.ones(3, _dtype_of_rank(communicator.rank))
    if communicator.rank == root:
        with pytest.raises(TypeError, match='gather: all dtypes must be the same'):
            communicator.gather(x, root=root)
    else:
        assert communicator.gather(x, root=root) is None


def test_alltoall_of_processes_of_different_dtypes_raises_everywhere(communicator,
                                                                     need_processes):
    # each process sends one dtype, but not the same as the others: as v7
    need_processes(2)
    xs = [numpy.ones(2, _dtype_of_rank(communicator.rank))] * communicator.size
    with pytest.raises(TypeError, match='alltoall: all dtypes must be the same'):
        communicator.alltoall(xs)


def test_chunked_bcast_obj_is_importable_from_this_module(comm):
    # v7 code imports it from mpi_communicator_base
    got = mpi_communicator_base.chunked_bcast_obj(
        {'rank': comm.rank} if comm.rank == 0 else None, comm.mpi_comm, max_buf_len=4)
    assert got == {'rank': 0}
