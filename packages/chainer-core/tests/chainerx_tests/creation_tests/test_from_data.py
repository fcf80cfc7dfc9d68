"""chainerx.creation.from_data: creation from files, strings, iterables and functions."""
import numpy
import pytest

import chainerx
import chainerx.testing
from chainerx.creation import from_data


def test_fromfile_and_loadtxt(tmp_path):
    binary = tmp_path / 'data.bin'
    numpy.arange(4, dtype=numpy.float32).tofile(str(binary))
    chainerx.testing.assert_array_equal_ex(from_data.fromfile(str(binary), 'float32'),
                                           numpy.arange(4, dtype=numpy.float32))
    text = tmp_path / 'data.txt'
    text.write_text('# header\n1 2\n3 4\n')
    a = chainerx.loadtxt(str(text), device='native:1')
    assert a.device.name == 'native:1'
    chainerx.testing.assert_array_equal(a, [[1, 2], [3, 4]])
    first, second = chainerx.loadtxt(str(text), unpack=True)
    chainerx.testing.assert_array_equal(first, [1, 3])


def test_fromstring_fromiter_fromfunction():
    chainerx.testing.assert_array_equal(chainerx.fromstring('1 2 3', 'int32', sep=' '),
                                        [1, 2, 3])
    with pytest.raises(ValueError):
        chainerx.fromstring('abc', 'int8')
    a = chainerx.fromiter(iter(range(3)), 'float32')
    assert a.dtype == numpy.float32
    chainerx.testing.assert_array_equal(a, [0, 1, 2])
    f = chainerx.fromfunction(lambda i, j: i * 10 + j, (2, 3), dtype='int32')
    assert f.dtype == numpy.int32
    chainerx.testing.assert_array_equal(f, [[0, 1, 2], [10, 11, 12]])


def test_asanyarray():
    n = numpy.ones(2, numpy.int8)
    assert from_data.asanyarray(n).dtype == numpy.int8
