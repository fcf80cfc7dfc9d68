"""Arrays as MPI messages: validation, host staging of CuPy arrays, byte and sum buffers.

MPI moves host memory here: CuPy arrays are copied to the host before sending and the arrays
received for them are placed on the current CUDA device, as ChainerMN does.
"""
import collections

import numpy

import chainer
from chainermn.communicators import _communication_utility

# What the receiver needs to allocate one array: its shape, dtype and whether it goes to a GPU.
Header = collections.namedtuple('Header', ('shape', 'dtype', 'gpu'))

# The dtypes the array communication methods take, as ChainerMN's.
SUPPORTED_DTYPES = frozenset(numpy.dtype(t) for t in (
    numpy.float16, numpy.float32, numpy.float64, numpy.int32, numpy.int64))


def _is_array(x):
    return isinstance(x, chainer.get_array_types())


def _is_gpu(x):
    return not isinstance(x, numpy.ndarray)


def check_dtype(x, caller):
    """Raises TypeError unless the dtype of array ``x`` is one of :data:`SUPPORTED_DTYPES`."""
    if x.dtype not in SUPPORTED_DTYPES:
        raise TypeError('{} does not support dtype {}'.format(caller, x.dtype))


def check_array(x, caller):
    """Raises unless ``x`` is a NumPy or CuPy array of a supported dtype, with the exception
    types of ChainerMN.

    Raises:
        ValueError: ``x`` is a tuple/list holding something that is not an array.
        TypeError: ``x`` is any other non-array, a tuple/list of arrays included, or its
            dtype is not supported.
    """
    if isinstance(x, (tuple, list)):
        message_arrays(x, caller)
        raise TypeError('{}: message object must be a numpy/cupy array, not {} '
                        '({} cannot handle tuple data)'.format(caller, type(x).__name__, caller))
    if not _is_array(x):
        raise TypeError('{}: message object must be a numpy/cupy array, not {}'.format(
            caller, type(x).__name__))
    check_dtype(x, caller)


def message_arrays(data, caller):
    """``(arrays, is_tuple)`` of a message: one array, or a tuple/list of same-dtype arrays.

    Raises:
        TypeError: ``data`` is neither (a Variable, for example), the dtypes differ or one is
            not supported.
        ValueError: a tuple/list holds something that is not an array.
    """
    if isinstance(data, (tuple, list)):
        if not all(_is_array(x) for x in data):
            raise ValueError('{}: all message objects must be either numpy or cupy arrays.'
                             .format(caller))
        if len({x.dtype for x in data}) > 1:
            raise TypeError('{}: message objects must be the same dtype, not {}'.format(
                caller, ', '.join(str(x.dtype) for x in data)))
        for x in data:
            check_dtype(x, caller)
        return tuple(data), True
    if not _is_array(data):
        raise TypeError('{}: message object must be numpy/cupy array or its tuple, not {}'
                        .format(caller, type(data).__name__))
    check_dtype(data, caller)
    return (data,), False


def check_same_dtype(headers, caller):
    """Raises TypeError unless the arrays ``headers`` describe (one per process) have one dtype."""
    dtypes = [numpy.dtype(h.dtype) for h in headers]
    if len(set(dtypes)) > 1:
        raise TypeError('{}: all dtypes must be the same, not {}'.format(
            caller, ', '.join(str(d) for d in dtypes)))


def header(x):
    """The :class:`Header` describing array ``x``."""
    return Header(tuple(x.shape), x.dtype.str, _is_gpu(x))


def to_host(x):
    """A C-contiguous NumPy array with the contents of ``x`` (``x`` itself when it is one)."""
    if _is_gpu(x):
        return x.get(order='C')
    return x if x.flags.c_contiguous else x.copy(order='C')


def empty_host(head):
    """An uninitialized host array for a message described by ``head``."""
    return numpy.empty(head.shape, dtype=numpy.dtype(head.dtype))


def to_device(host, gpu):
    """``host`` itself, or a copy on the current CUDA device when ``gpu``."""
    if not gpu:
        return host
    from chainer.backends import cuda
    return cuda.cupy.asarray(host)


def byte_buffer(host):
    """The mpi4py buffer spec that moves the bytes of a contiguous host array."""
    MPI = _communication_utility.mpi()
    return [host.reshape(-1).view(numpy.uint8), MPI.BYTE]


def nbytes(head):
    return int(numpy.prod(head.shape, dtype=numpy.int64)) * numpy.dtype(head.dtype).itemsize


def split_bytes(buf, headers):
    """Splits a byte array into host arrays described by ``headers``, in order (views of it,
    or copies where a view would not be aligned for its dtype)."""
    arrays = []
    offset = 0
    for head in headers:
        n = nbytes(head)
        array = buf[offset:offset + n].view(numpy.dtype(head.dtype)).reshape(head.shape)
        arrays.append(array if array.flags.aligned else array.copy())
        offset += n
    return arrays


def counts_and_displacements(sizes):
    """MPI ``counts`` and ``displs`` of consecutive blocks of the given byte sizes."""
    displs = numpy.zeros(len(sizes), dtype=numpy.int64)
    numpy.cumsum(sizes[:-1], out=displs[1:])
    return [int(s) for s in sizes], [int(d) for d in displs]
