"""Averaging many gradients through one packed buffer (one Allreduce for the whole model)."""
import numpy

from chainer import backend
from chainermn.communicators import _allreduce


def comm_dtype(arrays, dtype):
    """The dtype to communicate ``arrays`` in: ``dtype``, or the one they all fit in."""
    if dtype is not None:
        return dtype
    return numpy.result_type(*[a.dtype for a in arrays])


class PackedMean:
    """Averages a list of arrays over the processes with a single ``Allreduce``.

    The arrays are copied into one contiguous host buffer (kept between calls), averaged and
    copied back. CuPy arrays are packed on their device first, so that one transfer moves the
    whole buffer to and from the host.
    """

    def __init__(self):
        self._host = None

    def _host_buffer(self, n, dtype):
        buf = self._host
        if buf is None or buf.dtype != dtype or buf.size < n:
            buf = self._host = numpy.empty(n, dtype=dtype)
        return buf[:n]

    def __call__(self, mpi_comm, arrays, dtype=None):
        if not arrays:
            return
        dtype = comm_dtype(arrays, dtype)
        n = sum(a.size for a in arrays)
        host = self._host_buffer(n, dtype)
        if isinstance(arrays[0], numpy.ndarray):
            pack(arrays, host)
            _allreduce.mean_inplace(mpi_comm, host)
            unpack(host, arrays)
            return
        packed = backend.get_array_module(arrays[0]).empty(n, dtype=dtype)
        pack(arrays, packed)
        packed.get(out=host)
        _allreduce.mean_inplace(mpi_comm, host)
        packed.set(host)
        unpack(packed, arrays)


def pack(arrays, buf):
    """Copies the arrays one after the other into the flat buffer ``buf``."""
    offset = 0
    for a in arrays:
        buf[offset:offset + a.size].reshape(a.shape)[...] = a
        offset += a.size


def unpack(buf, arrays):
    """Copies consecutive parts of the flat buffer ``buf`` back into the arrays."""
    offset = 0
    for a in arrays:
        a[...] = buf[offset:offset + a.size].reshape(a.shape)
        offset += a.size
