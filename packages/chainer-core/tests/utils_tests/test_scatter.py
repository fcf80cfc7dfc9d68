import numpy
import pytest

from chainer.utils._scatter import scatter_add


def test_repeated_indices_are_summed():
    a = numpy.zeros(4, numpy.float32)
    out = scatter_add(a, numpy.array([1, 3, 1, 1]), numpy.array([1., 2., 3., 4.], numpy.float32))
    assert out is a
    numpy.testing.assert_array_equal(a, [0, 8, 0, 2])


def test_tuple_index_on_rows_and_columns():
    a = numpy.ones((2, 3))
    scatter_add(a, (numpy.array([0, 0, 1]), numpy.array([2, 2, 0])), numpy.array([1., 2., 5.]))
    numpy.testing.assert_array_equal(a, [[1, 1, 4], [6, 1, 1]])


@pytest.mark.gpu
def test_cupy_matches_numpy():
    import cupy
    index = numpy.array([0, 2, 0])
    values = numpy.arange(6, dtype=numpy.float32).reshape(3, 2)
    expected = scatter_add(numpy.zeros((3, 2), numpy.float32), index, values)
    got = scatter_add(cupy.zeros((3, 2), numpy.float32), cupy.asarray(index), cupy.asarray(values))
    numpy.testing.assert_array_equal(cupy.asnumpy(got), expected)
