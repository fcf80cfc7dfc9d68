import numpy
import pytest

import chainer
from chainer import initializers
import chainer.links as L
from chainer import testing
from chainer.testing import attr


@testing.parameterize(*testing.product({
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'shape': [(), (3,), (3, 2)],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestPReLU(testing.LinkTestCase):

    param_names = ('W',)
    dodge_nondifferentiable = True

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}

    def generate_params(self):
        return numpy.random.uniform(-1, 1, self.shape).astype(self.dtype),

    def create_link(self, initializers):
        with chainer.using_config('dtype', self.dtype):
            link = L.PReLU(self.shape)
        link.W.array[...] = initializers[0]
        return link

    def generate_inputs(self):
        x = numpy.random.uniform(-1, 1, (4, 3, 2)).astype(self.dtype)
        x[numpy.abs(x) < 0.05] = 0.5
        return x,

    def forward_expected(self, link, inputs):
        x, = inputs
        W = link.W.array.reshape((1,) + self.shape + (1,) * (2 - len(self.shape)))
        return numpy.where(x >= 0, x, x * W).astype(self.dtype),


class TestPReLULink:

    def test_parameter(self):
        link = L.PReLU()
        assert link.W.shape == () and link.W.dtype == numpy.float32
        assert float(link.W.array) == 0.25
        assert L.PReLU(3, init=0.5).W.shape == (3,)
        numpy.testing.assert_array_equal(L.PReLU((3,), init=0.5).W.array, [.5, .5, .5])

    def test_config_dtype(self):
        with chainer.using_config('dtype', numpy.float16):
            assert L.PReLU().W.dtype == numpy.float16

    def test_v7_layout(self, load_v7_npz):
        load_v7_npz(L.PReLU((3,)), {'W': numpy.random.rand(3).astype(numpy.float32)})

    def test_round_trips(self):
        src, dst = L.PReLU((3,), init=0.1), L.PReLU((3,))
        testing.save_and_load_npz(src, dst)
        numpy.testing.assert_allclose(dst.W.array, [.1, .1, .1])
        pytest.importorskip('h5py', reason='h5py (optional, chainer-core[hdf5]) is absent')
        dst = L.PReLU((3,))
        testing.save_and_load_hdf5(src, dst)
        numpy.testing.assert_allclose(dst.W.array, [.1, .1, .1])

    def test_copy_and_repeat(self):
        link = L.PReLU(init=0.5)
        x = numpy.array([[-4.]], numpy.float32)
        numpy.testing.assert_array_equal(link.repeat(2, mode='copy')(x).array, [[-1.]])
        assert isinstance(link.copy(mode='init').W.initializer, initializers.Constant)


@attr.gpu
def test_prelu_gpu():
    import cupy
    link = L.PReLU().to_gpu()
    assert isinstance(link(cupy.ones((2, 3), numpy.float32)).array, cupy.ndarray)
