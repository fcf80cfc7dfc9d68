import numpy
import pytest

import chainer
import chainerx
from chainer import utils


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
@pytest.mark.parametrize('ldnz', [None, 10])
def test_to_coo_roundtrip(dtype, ldnz):
    x = numpy.array([[0, 1, 0], [2, 0, 3]], dtype)
    coo = utils.to_coo(x, ldnz=ldnz, requires_grad=True)
    assert isinstance(coo, utils.CooMatrix)
    assert isinstance(coo.data, chainer.Variable)
    assert coo.data.requires_grad
    assert coo.shape == (2, 3)
    assert coo.order == 'C'
    n = 3 if ldnz is None else ldnz
    assert coo.data.shape == (n,) and coo.row.shape == (n,) and coo.col.shape == (n,)
    assert coo.row.dtype == numpy.int32
    assert coo.row[:3].tolist() == [0, 1, 1] and coo.col[:3].tolist() == [1, 0, 2]
    assert (coo.row[3:] == -1).all()
    numpy.testing.assert_array_equal(coo.to_dense(), x)
    assert coo.to_dense().dtype == dtype


def test_to_coo_batched():
    x = numpy.zeros((2, 2, 3), numpy.float32)
    x[0, 0, 1] = 1
    x[1, 1, 0] = 2
    x[1, 1, 2] = 3
    coo = utils.to_coo(x)
    assert coo.data.shape == (2, 2)
    assert coo.shape == (2, 3)
    assert not coo.data.requires_grad
    numpy.testing.assert_array_equal(coo.to_dense(), x)


@pytest.mark.parametrize('shape', [(2, 3), (2, 2, 3)])
def test_to_coo_of_chainerx_arrays_stays_on_their_device(shape):
    x = numpy.zeros(shape, numpy.float32)
    x[..., 0, 1] = 1
    x[..., 1, 2] = 3
    coo = utils.to_coo(chainerx.array(x, device='native:1'), ldnz=3, requires_grad=True)
    for array in (coo.data.array, coo.row, coo.col):
        assert isinstance(array, chainerx.ndarray) and array.device.name == 'native:1'
    assert coo.data.requires_grad and coo.order == 'C'
    assert chainerx.to_numpy(coo.row)[..., :2].tolist() == numpy.broadcast_to(
        [0, 1], shape[:-2] + (2,)).tolist()
    dense = coo.to_dense()
    assert isinstance(dense, chainerx.ndarray) and dense.device.name == 'native:1'
    numpy.testing.assert_array_equal(chainerx.to_numpy(dense), x)


def test_to_coo_invalid_ndim():
    with pytest.raises(ValueError):
        utils.to_coo(numpy.zeros(3, numpy.float32))


def test_coo_matrix_validation():
    d = numpy.ones(2, numpy.float32)
    i = numpy.array([0, 1], numpy.int32)
    with pytest.raises(ValueError):
        utils.CooMatrix(numpy.ones((1, 1, 2), numpy.float32), i, i, (2, 2))
    with pytest.raises(ValueError):
        utils.CooMatrix(d, i[None], i, (2, 2))
    with pytest.raises(ValueError):
        utils.CooMatrix(d, i, i, (2, 2, 2))
    with pytest.raises(ValueError):
        utils.CooMatrix(d, i, i, (0, 2))
    with pytest.raises(ValueError):
        utils.CooMatrix(d, i, i, (2, 2), order='X')
    assert utils.CooMatrix(d, i, i, (2, 2), order='other').order == 'other'


def test_coo_duplicate_entries_are_summed():
    coo = utils.CooMatrix(numpy.array([1.0, 2.0]), numpy.array([0, 0]), numpy.array([1, 1]),
                          (2, 2))
    numpy.testing.assert_array_equal(coo.to_dense(), [[0, 3], [0, 0]])


@pytest.mark.parametrize('row,col,order', [
    ([0, 0, 1, 2], [0, 2, 1, 0], 'C'),
    ([0, 1, 0, 2], [0, 0, 1, 2], 'F'),
    ([1, 0, 2], [1, 2, 0], 'other'),
    ([0, 1, -1, -1], [1, 0, -1, -1], 'C'),
    ([[0, 1], [1, 0]], [[1, 0], [0, 1]], 'other'),
    ([[0, 1], [0, -1]], [[0, 0], [1, -1]], 'C'),
])
def test_get_order(row, col, order):
    assert utils.get_order(numpy.array(row), numpy.array(col)) == order


def test_get_order_invalid():
    with pytest.raises(ValueError):
        utils.get_order(numpy.array([0, -1]), numpy.array([0, 1]))
    with pytest.raises(ValueError):
        utils.get_order(numpy.array([0, 1]), numpy.array([0, 1, 2]))
