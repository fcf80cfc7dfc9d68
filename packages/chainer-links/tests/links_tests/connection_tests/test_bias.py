import numpy
import pytest

import chainer
import chainer.links as L
from chainer import testing
from chainer.testing import attr
from chainer.utils import type_check


def _tolerances(dtype):
    if dtype == numpy.float16:
        return {'atol': 1e-3, 'rtol': 1e-3}, {'atol': 5e-2, 'rtol': 5e-2}
    return {'atol': 1e-6, 'rtol': 1e-6}, {'atol': 1e-4, 'rtol': 1e-4}


@testing.parameterize(*testing.product({
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'axis_shape': [(1, (3,)), (1, (3, 2)), (2, (2,)), (0, (4, 3, 2))],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestBias(testing.LinkTestCase):

    param_names = ('b',)

    def setUp(self):
        self.check_forward_options, self.check_backward_options = _tolerances(self.dtype)
        self.axis, self.shape = self.axis_shape

    def generate_params(self):
        return numpy.random.uniform(-1, 1, self.shape).astype(self.dtype),

    def create_link(self, initializers):
        with chainer.using_config('dtype', self.dtype):
            link = L.Bias(self.axis, self.shape)
        link.b.array[...] = initializers[0]
        return link

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, (4, 3, 2)).astype(self.dtype),

    def forward_expected(self, link, inputs):
        x, = inputs
        b = link.b.array
        shape = (1,) * self.axis + b.shape + (1,) * (x.ndim - self.axis - b.ndim)
        return (x + b.reshape(shape)).astype(self.dtype),


class TestBiasLink:

    def test_parameter(self):
        link = L.Bias(shape=(3,))
        assert link.b.shape == (3,) and link.b.dtype == numpy.float32
        numpy.testing.assert_array_equal(link.b.array, numpy.zeros(3))
        assert L.Bias(shape=3).b.shape == (3,)
        assert link.axis == 1

    def test_config_dtype(self):
        with chainer.using_config('dtype', numpy.float16):
            assert L.Bias(shape=(3,)).b.dtype == numpy.float16

    def test_bias_as_input(self):
        link = L.Bias(axis=2)
        assert not hasattr(link, 'b')
        assert list(link.params()) == []
        x = numpy.random.rand(2, 3, 4).astype(numpy.float32)
        b = numpy.random.rand(4).astype(numpy.float32)
        numpy.testing.assert_allclose(link(x, b).array, x + b)

    def test_wrong_number_of_inputs(self):
        x = numpy.ones((2, 3), numpy.float32)
        with pytest.raises(ValueError, match='Bias.forward takes 1 input'):
            L.Bias(shape=(3,))(x, x[0])
        with pytest.raises(ValueError, match='Bias.forward takes 2 input'):
            L.Bias()(x)

    def test_wrong_input_size(self):
        with pytest.raises(type_check.InvalidType, match='BroadcastTo'):
            L.Bias(shape=(3,))(numpy.ones((2, 4, 4), numpy.float32))

    def test_str(self):
        assert str(L.Bias(shape=(3,))) == 'Bias()'

    def test_v7_layout(self, load_v7_npz):
        load_v7_npz(L.Bias(shape=(3,)), {'b': numpy.arange(3, dtype=numpy.float32)})

    def test_round_trips(self):
        src, dst = L.Bias(shape=(3,)), L.Bias(shape=(3,))
        src.b.array[...] = [1, 2, 3]
        testing.save_and_load_npz(src, dst)
        numpy.testing.assert_array_equal(dst.b.array, [1, 2, 3])
        pytest.importorskip('h5py', reason='h5py (optional, chainer-core[hdf5]) is absent')
        dst = L.Bias(shape=(3,))
        testing.save_and_load_hdf5(src, dst)
        numpy.testing.assert_array_equal(dst.b.array, [1, 2, 3])

    def test_copy_and_repeat(self):
        link = L.Bias(shape=(3,))
        link.b.array[...] = 1
        seq = link.repeat(2, mode='copy')
        numpy.testing.assert_array_equal(seq(numpy.zeros((1, 3), numpy.float32)).array,
                                         [[2, 2, 2]])
        assert link.copy(mode='init').b.array.sum() == 0


@attr.gpu
def test_bias_gpu():
    import cupy
    link = L.Bias(shape=(3,)).to_gpu()
    assert isinstance(link(cupy.ones((2, 3), numpy.float32)).array, cupy.ndarray)
