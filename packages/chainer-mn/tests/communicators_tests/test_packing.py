"""PackedMean: averaging many arrays as one buffer streamed in chunks."""
import numpy
import pytest

from chainermn.communicators import _allreduce
from chainermn.communicators import _packing

CHUNK = _allreduce.MEAN_CHUNK


@pytest.mark.parametrize('dtype,comm_dtype', [
    (numpy.float32, None), (numpy.float64, numpy.float16), (numpy.float16, numpy.float32)])
def test_arrays_across_chunk_boundaries(comm, dtype, comm_dtype):
    sizes = [(3,), (0,), (CHUNK - 1, 1), (2, CHUNK), (5, 7)]
    arrays = [numpy.full(shape, comm.rank + i, dtype) for i, shape in enumerate(sizes)]
    arrays[2] = numpy.asfortranarray(numpy.full((3, CHUNK // 3 + 1), comm.rank, dtype))
    _packing.PackedMean()(comm.mpi_comm, arrays, comm_dtype)
    mean_rank = (comm.size - 1) / 2
    for i, a in enumerate(arrays):
        assert a.dtype == dtype
        offset = 0 if i == 2 else i
        numpy.testing.assert_allclose(a, numpy.full(a.shape, mean_rank + offset), rtol=1e-3)


def test_buffer_is_reused(comm):
    mean = _packing.PackedMean()
    arrays = [numpy.ones(10, numpy.float32)]
    mean(comm.mpi_comm, arrays)
    first = mean._host
    mean(comm.mpi_comm, arrays)
    assert mean._host is first or comm.size == 1


def test_comm_dtype():
    a16, a32 = numpy.zeros(1, numpy.float16), numpy.zeros(1, numpy.float32)
    assert _packing.comm_dtype([a16, a32], None) == numpy.float32
    assert _packing.comm_dtype([a32], numpy.dtype(numpy.float16)) == numpy.float16
