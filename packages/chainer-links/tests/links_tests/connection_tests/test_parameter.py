import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
from chainer import testing
from chainer.testing import attr


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
class TestParameter:

    def test_holds_array(self, dtype):
        array = numpy.arange(6, dtype=dtype).reshape(2, 3)
        link = L.Parameter(array)
        assert link.W.array is array
        assert link.W.dtype == dtype
        assert numpy.isnan(link.W.grad).all() and link.W.grad.dtype == dtype

    def test_forward_backward(self, dtype):
        link = L.Parameter(numpy.arange(3, dtype=dtype))
        link.cleargrads()
        y = link()
        assert y is not link.W and y.creator is not None
        numpy.testing.assert_array_equal(y.array, [0, 1, 2])
        F.sum(y * 2).backward()
        numpy.testing.assert_array_equal(link.W.grad, [2, 2, 2])


class TestParameterLink:

    def test_integer_array(self):
        # As v7: an integer array is held as is and passed through (no gradient to check).
        array = numpy.arange(3, dtype=numpy.int32)
        with pytest.warns(RuntimeWarning):
            link = L.Parameter(array)
        assert link.W.array is array
        y = link()
        assert y.dtype == numpy.int32
        numpy.testing.assert_array_equal(y.array, [0, 1, 2])

    def test_volatile_is_accepted(self):
        link = L.Parameter(numpy.zeros(3, numpy.float32))
        assert link(volatile='on').shape == (3,)

    def test_no_backprop_mode(self):
        link = L.Parameter(numpy.zeros(3, numpy.float32))
        with chainer.no_backprop_mode():
            assert link().creator is None

    def test_v7_layout(self, load_v7_npz):
        load_v7_npz(L.Parameter(numpy.zeros((2, 3), numpy.float32)),
                    {'W': numpy.random.rand(2, 3).astype(numpy.float32)})

    def test_round_trips(self):
        src = L.Parameter(numpy.random.rand(2, 3).astype(numpy.float32))
        dst = L.Parameter(numpy.zeros((2, 3), numpy.float32))
        testing.save_and_load_npz(src, dst)
        numpy.testing.assert_array_equal(dst.W.array, src.W.array)
        pytest.importorskip('h5py', reason='h5py (optional, chainer-core[hdf5]) is absent')
        dst = L.Parameter(numpy.zeros((2, 3), numpy.float32))
        testing.save_and_load_hdf5(src, dst)
        numpy.testing.assert_array_equal(dst.W.array, src.W.array)

    def test_copy(self):
        link = L.Parameter(numpy.ones(3, numpy.float32))
        assert link.copy(mode='share').W.array is link.W.array
        assert link.copy(mode='copy').W.array is not link.W.array
        assert str(link) == 'Parameter()'


@attr.gpu
def test_parameter_gpu():
    import cupy
    link = L.Parameter(numpy.zeros(3, numpy.float32)).to_gpu()
    assert isinstance(link().array, cupy.ndarray)
