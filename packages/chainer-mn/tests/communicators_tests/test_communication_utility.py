"""Rank topology and the chunked object broadcast."""
import pytest

from chainermn.communicators import _communication_utility


def test_init_ranks_on_one_machine():
    from mpi4py import MPI
    world = MPI.COMM_WORLD
    ranks = _communication_utility.init_ranks(world)
    assert ranks == (world.rank, world.rank, world.size, 0, 1)


def test_init_ranks_of_several_machines(monkeypatch):
    from mpi4py import MPI

    class FakeComm:
        # 5 processes on the machines a, b, a, c, b; this one is rank 4
        rank = 4

        def allgather(self, value):
            return ['a', 'b', 'a', 'c', 'b']

    ranks = _communication_utility.init_ranks(FakeComm())
    assert ranks.rank == 4
    assert (ranks.intra_rank, ranks.intra_size) == (1, 2)
    assert (ranks.inter_rank, ranks.inter_size) == (1, 3)
    assert MPI.COMM_WORLD.size >= 1


@pytest.mark.parametrize('max_buf_len', [1, 3, 1000])
def test_chunked_bcast_obj(comm, max_buf_len):
    obj = [comm.rank, 'x' * 10]
    got = _communication_utility.chunked_bcast_obj(obj if comm.rank == 0 else None,
                                                   comm.mpi_comm, max_buf_len, root=0)
    assert got == [0, 'x' * 10]


def test_check_max_buf_len():
    _communication_utility.check_max_buf_len(1, 'f')
    _communication_utility.check_max_buf_len(2 ** 31 - 1, 'f')
    for bad in (0, -1, 2 ** 31):
        with pytest.raises(ValueError, match=r'f: max_buf_len must be in \[1, 2147483647\]'):
            _communication_utility.check_max_buf_len(bad, 'f')


def test_missing_mpi_is_named(monkeypatch):
    import sys
    import mpi4py
    monkeypatch.delattr(mpi4py, 'MPI')
    monkeypatch.setitem(sys.modules, 'mpi4py.MPI', None)
    with pytest.raises(ImportError, match='ChainerMN needs mpi4py and an MPI implementation'):
        _communication_utility.mpi()
