"""Sums and means of host arrays over MPI, in place.

A mean is an ``Allreduce`` followed by a scaling by ``1 / size``. Large buffers are reduced in
cache-sized chunks and each chunk is scaled right after its reduction, while it is still in
the cache, so the scaling costs no extra trip through main memory.
"""
import numpy

from chainermn.communicators import _communication_utility

# Elements per chunk of a large mean: 256 KiB of float32, small enough to stay in the L2 cache.
MEAN_CHUNK = 1 << 16

_float16_sum = None


def _mpi_has_float16(MPI):
    fromcode = getattr(MPI.Datatype, 'fromcode', None)
    try:
        datatype = fromcode('e') if fromcode else MPI._typedict.get('e')
    except (KeyError, ValueError):
        return False
    return datatype is not None and datatype != MPI.DATATYPE_NULL


def _add_float16(inbuf, inoutbuf, datatype):
    inout = numpy.frombuffer(inoutbuf, dtype=numpy.float16)
    inout += numpy.frombuffer(inbuf, dtype=numpy.float16)


def sum_spec(host):
    """``(buffer, op)`` that sums the contiguous host array ``host`` with ``Allreduce``.

    float16 is summed by MPI when it knows the type, else by a NumPy-backed user operation.
    """
    MPI = _communication_utility.mpi()
    if host.dtype == numpy.float16 and not _mpi_has_float16(MPI):
        global _float16_sum
        if _float16_sum is None:
            _float16_sum = MPI.Op.Create(_add_float16, commute=True)
        return [host.reshape(-1).view(numpy.uint16), MPI.UINT16_T], _float16_sum
    return host, MPI.SUM


def sum_inplace(mpi_comm, host):
    """Replaces the contiguous host array ``host`` by its sum over the processes."""
    MPI = _communication_utility.mpi()
    buf, op = sum_spec(host)
    mpi_comm.Allreduce(MPI.IN_PLACE, buf, op=op)


def mean_inplace(mpi_comm, host, out=None):
    """Averages the contiguous host array ``host`` over the processes into ``out``.

    ``out`` (``host`` by default, C-contiguous) may have another dtype and shape with the same
    size; the mean is cast to it. ``host`` holds the sums afterwards, unless ``out`` is ``host``.
    """
    flat = host.reshape(-1)
    flat_out = flat if out is None else out.reshape(-1)
    size = mpi_comm.size
    if size == 1:
        if out is not None and out is not host:
            numpy.copyto(flat_out, flat, casting='unsafe')
        return
    scale = 1.0 / size
    for start in range(0, max(flat.size, 1), MEAN_CHUNK):
        chunk = flat[start:start + MEAN_CHUNK]
        sum_inplace(mpi_comm, chunk)
        numpy.multiply(chunk, chunk.dtype.type(scale), out=flat_out[start:start + MEAN_CHUNK],
                       casting='unsafe')
