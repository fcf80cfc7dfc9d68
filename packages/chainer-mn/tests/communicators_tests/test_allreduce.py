"""Sums and means of host buffers, including the float16 fallback and the chunked mean."""
import numpy
import pytest

from chainermn.communicators import _allreduce


@pytest.mark.parametrize('has_float16', [True, False])
def test_float16_sum(comm, monkeypatch, has_float16):
    monkeypatch.setattr(_allreduce, '_mpi_has_float16', lambda MPI: has_float16)
    x = numpy.array([0.5, 1.25, -3.0, 1000.0], numpy.float16) * (comm.rank + 1)
    _allreduce.sum_inplace(comm.mpi_comm, x)
    factor = comm.size * (comm.size + 1) / 2
    numpy.testing.assert_array_equal(
        x, numpy.array([0.5, 1.25, -3.0, 1000.0], numpy.float16) * factor)
    assert x.dtype == numpy.float16


@pytest.mark.parametrize('n', [0, 1, _allreduce.MEAN_CHUNK - 1, _allreduce.MEAN_CHUNK,
                               2 * _allreduce.MEAN_CHUNK + 3])
def test_mean_inplace_in_chunks(comm, n):
    x = numpy.arange(n, dtype=numpy.float32) * (comm.rank + 1)
    _allreduce.mean_inplace(comm.mpi_comm, x)
    numpy.testing.assert_allclose(x, numpy.arange(n) * (comm.size + 1) / 2, rtol=1e-6)


def test_mean_into_another_dtype(comm):
    x = numpy.full((3, 2), comm.rank, numpy.float64)
    out = numpy.empty((2, 3), numpy.float16)
    _allreduce.mean_inplace(comm.mpi_comm, x, out=out)
    numpy.testing.assert_array_equal(out, numpy.full((2, 3), (comm.size - 1) / 2))
