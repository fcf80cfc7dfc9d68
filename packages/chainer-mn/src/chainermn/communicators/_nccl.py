"""NCCL through CuPy: availability, communicator setup, dtypes and reductions."""
import numpy


def check_available(communicator):
    """Raises RuntimeError naming what ``communicator`` lacks: CuPy, NCCL 2+ or a GPU."""
    prefix = '{} requires NCCL 2.0+, but NCCL is not available: '.format(communicator)
    try:
        import cupy
    except ImportError:
        raise RuntimeError(prefix + 'CuPy is not installed (pip install cupy-cuda12x, or use '
                           'the naive, flat or non_cuda_aware communicator on CPU)') from None
    try:
        from cupy.cuda import nccl
    except ImportError:
        raise RuntimeError(prefix + 'this CuPy has no NCCL (cupy.cuda.nccl). Please confirm '
                           'that NCCL is enabled in CuPy.') from None
    if nccl.get_version() < 2000:
        raise RuntimeError(prefix + 'NCCL {} is too old'.format(nccl.get_version()))
    if not cupy.cuda.is_available():
        raise RuntimeError(prefix + 'no CUDA GPU is available')


def create_comm(mpi_comm):
    """An NCCL communicator over the processes of ``mpi_comm`` (the current device of each)."""
    from cupy.cuda import nccl
    uid = nccl.get_unique_id() if mpi_comm.rank == 0 else None
    uid = mpi_comm.bcast(uid, root=0)
    return nccl.NcclCommunicator(mpi_comm.size, uid, mpi_comm.rank)


def nccl_dtype(dtype):
    """The NCCL datatype of a NumPy float dtype."""
    from cupy.cuda import nccl
    table = {numpy.dtype(numpy.float16): nccl.NCCL_FLOAT16,
             numpy.dtype(numpy.float32): nccl.NCCL_FLOAT32,
             numpy.dtype(numpy.float64): nccl.NCCL_FLOAT64}
    return table[numpy.dtype(dtype)]


def allreduce_sum(comm, buf, stream):
    """Sums the contiguous CuPy array ``buf`` in place over the NCCL communicator."""
    from cupy.cuda import nccl
    comm.allReduce(buf.data.ptr, buf.data.ptr, buf.size, nccl_dtype(buf.dtype), nccl.NCCL_SUM,
                   stream.ptr)


def reduce_sum(comm, buf, root, stream):
    """Sums ``buf`` of every process into ``buf`` of ``root`` (in place)."""
    from cupy.cuda import nccl
    comm.reduce(buf.data.ptr, buf.data.ptr, buf.size, nccl_dtype(buf.dtype), nccl.NCCL_SUM,
                root, stream.ptr)


def bcast(comm, buf, root, stream):
    """Broadcasts ``buf`` of ``root`` in place."""
    comm.bcast(buf.data.ptr, buf.size, nccl_dtype(buf.dtype), root, stream.ptr)


def reduce_scatter_sum(comm, buf, chunk, stream):
    """Sums ``buf`` (``size * len(chunk)`` long) and leaves this rank's part in ``chunk``."""
    from cupy.cuda import nccl
    comm.reduceScatter(buf.data.ptr, chunk.data.ptr, chunk.size, nccl_dtype(buf.dtype),
                       nccl.NCCL_SUM, stream.ptr)


def allgather(comm, chunk, buf, stream):
    """Gathers the ``chunk`` of every rank into ``buf`` (in rank order)."""
    comm.allGather(chunk.data.ptr, buf.data.ptr, chunk.size, nccl_dtype(buf.dtype), stream.ptr)
