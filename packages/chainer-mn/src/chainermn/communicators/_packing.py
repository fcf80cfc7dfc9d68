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
    """Averages a list of arrays over the processes as one packed buffer.

    NumPy arrays are streamed through a cache-sized host buffer: each chunk of their
    concatenation is copied in, summed with one ``Allreduce`` and scaled back into the arrays,
    so the data goes through main memory once, as it would for an in-place average. CuPy
    arrays are packed into one device buffer first, so that one transfer moves it to and from
    the host.
    """

    def __init__(self):
        self._host = None

    def _host_buffer(self, n, dtype):
        buf = self._host
        if buf is None or buf.dtype != dtype or buf.size < n:
            buf = self._host = numpy.empty(n, dtype=dtype)
        return buf[:n]

    def __call__(self, mpi_comm, arrays, dtype=None):
        if not arrays or mpi_comm.size == 1:
            return
        dtype = comm_dtype(arrays, dtype)
        n = sum(a.size for a in arrays)
        if isinstance(arrays[0], numpy.ndarray):
            buf = self._host_buffer(min(n, _allreduce.MEAN_CHUNK), dtype)
            _stream_mean(mpi_comm, arrays, buf)
            return
        host = self._host_buffer(n, dtype)
        packed = backend.get_array_module(arrays[0]).empty(n, dtype=dtype)
        pack(arrays, packed)
        packed.get(out=host)
        _allreduce.mean_inplace(mpi_comm, host)
        packed.set(host)
        unpack(packed, arrays)


def _flat_views(arrays):
    """Flat views of the arrays (contiguous copies of the others, with their originals)."""
    views = []
    for a in arrays:
        if a.flags.c_contiguous:
            views.append((a.reshape(-1), None))
        else:
            views.append((a.ravel(), a))
    return views


def _stream_mean(mpi_comm, arrays, buf):
    """Averages host arrays chunk by chunk of their concatenation through ``buf``."""
    views = _flat_views(arrays)
    scale = buf.dtype.type(1.0 / mpi_comm.size)
    pieces = [(flat, 0) for flat, _ in views if flat.size]
    k = 0  # the array being packed, and where in it
    while k < len(pieces):
        parts = []
        filled = 0
        while filled < buf.size and k < len(pieces):
            flat, start = pieces[k]
            take = min(buf.size - filled, flat.size - start)
            buf[filled:filled + take] = flat[start:start + take]
            parts.append((flat, start, take, filled))
            filled += take
            if start + take == flat.size:
                k += 1
            else:
                pieces[k] = (flat, start + take)
        chunk = buf[:filled]
        _allreduce.sum_inplace(mpi_comm, chunk)
        for flat, start, take, at in parts:
            numpy.multiply(chunk[at:at + take], scale, out=flat[start:start + take],
                           casting='unsafe')
    for flat, original in views:
        if original is not None:
            original[...] = flat.reshape(original.shape)


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
