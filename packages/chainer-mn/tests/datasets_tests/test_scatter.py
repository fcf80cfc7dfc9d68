"""scatter_dataset and scatter_index: v7's split of the indices among the processes."""
import warnings

import numpy
import pytest

import chainer
import chainermn
from chainermn.datasets import scatter


def _v7_ranges(n, size, force_equal_length):
    """The (begin, end) of every rank as Chainer v7 computes them."""
    if force_equal_length:
        n_sub = -(-n // size)
        return [(n * i // size, n * i // size + n_sub) for i in range(size)]
    q, r = divmod(n, size)
    return [(i * q + min(i, r), (i + 1) * q + min(i + 1, r)) for i in range(size)]


def test_v7_ranges_on_three_processes():
    # recorded with Chainer v7.8.1 on 3 processes
    assert _v7_ranges(10, 3, True) == [(0, 4), (3, 7), (6, 10)]
    assert _v7_ranges(10, 3, False) == [(0, 4), (4, 7), (7, 10)]
    assert _v7_ranges(11, 3, True) == [(0, 4), (3, 7), (7, 11)]
    assert _v7_ranges(11, 3, False) == [(0, 4), (4, 8), (8, 11)]
    assert _v7_ranges(1, 3, True) == [(0, 1)] * 3
    assert _v7_ranges(0, 3, True) == [(0, 0)] * 3


@pytest.mark.parametrize('force_equal_length', [True, False])
@pytest.mark.parametrize('n', [0, 1, 2, 3, 5, 10, 11])
def test_scatter_index(comm, n, force_equal_length):
    if not force_equal_length and 0 < n < comm.size:
        return  # see test_too_few_examples
    got = chainermn.scatter_index(n, comm, force_equal_length=force_equal_length)
    everything = comm.allreduce_obj([got])
    assert got == _v7_ranges(n, comm.size, force_equal_length)[comm.rank]
    covered = sorted(set(i for b, e in everything for i in range(b, e)))
    assert covered == list(range(n))
    lengths = {e - b for b, e in everything}
    if force_equal_length:
        assert len(lengths) == 1
    else:
        assert sum(e - b for b, e in everything) == n


@pytest.mark.parametrize('force_equal_length', [True, False])
@pytest.mark.parametrize('n', [0, 7, 12])
def test_scatter_dataset(comm, n, force_equal_length):
    root = comm.size - 1
    dataset = list(range(100, 100 + n)) if comm.rank == root else None
    sub = chainermn.scatter_dataset(dataset, comm, root=root,
                                    force_equal_length=force_equal_length)
    begin, end = _v7_ranges(n, comm.size, force_equal_length)[comm.rank]
    assert isinstance(sub, chainer.datasets.SubDataset)
    assert list(sub) == list(range(100 + begin, 100 + end))


def test_scatter_dataset_of_arrays_and_tuples(comm):
    x = numpy.arange(24, dtype=numpy.float32).reshape(12, 2)
    t = numpy.arange(12, dtype=numpy.int32)
    sub = chainermn.scatter_dataset(
        chainer.datasets.TupleDataset(x, t) if comm.rank == 0 else None, comm)
    begin, end = _v7_ranges(12, comm.size, True)[comm.rank]
    assert len(sub) == end - begin
    xb, tb = sub[0]
    numpy.testing.assert_array_equal(xb, x[begin])
    assert tb == t[begin]


def test_scatter_dataset_with_shuffle_and_seed(comm):
    dataset = list(range(10)) if comm.rank == 0 else None
    first = list(chainermn.scatter_dataset(dataset, comm, shuffle=True, seed=3))
    second = list(chainermn.scatter_dataset(dataset, comm, shuffle=True, seed=3))
    order = numpy.random.RandomState(3).permutation(10)
    begin, end = _v7_ranges(10, comm.size, True)[comm.rank]
    assert first == second == [int(i) for i in order[begin:end]]
    everything = comm.allreduce_obj([first])
    assert sorted(set(i for part in everything for i in part)) == list(range(10))


def test_scatter_dataset_with_small_chunks(comm):
    dataset = [str(i) * 5 for i in range(20)] if comm.rank == 0 else None
    sub = chainermn.scatter_dataset(dataset, comm, max_buf_len=7)
    begin, end = _v7_ranges(20, comm.size, True)[comm.rank]
    assert list(sub) == [str(i) * 5 for i in range(begin, end)]


def test_scatter_dataset_over_an_mpi4py_communicator(comm):
    sub = chainermn.scatter_dataset(list(range(6)) if comm.rank == 0 else None, comm.mpi_comm)
    begin, end = _v7_ranges(6, comm.size, True)[comm.rank]
    assert list(sub) == list(range(begin, end))


def test_too_few_examples(comm, need_processes):
    need_processes(2)
    dataset = [0] if comm.rank == 0 else None
    with pytest.raises(chainermn.DataSizeError, match='1 examples cannot be scattered to {} '
                                                      'processes'.format(comm.size)):
        chainermn.scatter_dataset(dataset, comm, force_equal_length=False)
    with pytest.raises(chainermn.datasets.DataSizeError):
        chainermn.scatter_index(1, comm, force_equal_length=False)
    # with equal lengths every process gets the example
    assert list(chainermn.scatter_dataset(dataset, comm)) == [0]


def test_errors_of_the_root_are_raised_everywhere(comm):
    with pytest.raises(TypeError, match='scatter_dataset: the dataset of the root process has '
                                        'no length: NoneType'):
        chainermn.scatter_dataset(None, comm)
    with pytest.raises(ValueError, match='non-negative integer'):
        chainermn.scatter_index(-1, comm)
    with pytest.raises(ValueError, match='root must be a rank of the communicator'):
        chainermn.scatter_index(3, comm, root=comm.size)
    with pytest.raises(ValueError, match='max_buf_len'):
        chainermn.scatter_dataset([1], comm, max_buf_len=0)


def test_data_size_error_is_a_runtime_error():
    assert issubclass(chainermn.DataSizeError, RuntimeError)
    assert chainermn.DataSizeError is scatter.DataSizeError


def test_deprecated_epoch_helpers(comm):
    dataset = list(range(10 if comm.rank == 0 else 1))
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        n = scatter.get_n_iterations_for_one_epoch(dataset, 3, comm)
        trigger = scatter.get_epoch_trigger(2, dataset, 3, comm)
    assert n == 4  # from the dataset of rank 0
    assert trigger == (8, 'iteration')
    messages = {str(m.message) for m in w if issubclass(m.category, DeprecationWarning)}
    assert messages == {
        'get_n_iterations_for_one_epoch is deprecated. Please use standard epoch triggers.',
        'get_epoch_trigger is deprecated. Please use standard epoch triggers.'}
