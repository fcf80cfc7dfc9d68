import numpy
import pytest

import chainer
import chainer.links as L
from chainer import testing
from chainer.testing import attr


@testing.parameterize(*testing.product({
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'beta_shape': [(3,), (3, 2), ()],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestSwish(testing.LinkTestCase):

    param_names = ('beta',)

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 1e-3, 'rtol': 1e-3}
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}

    def generate_params(self):
        return numpy.random.uniform(-1, 1, self.beta_shape).astype(self.dtype),

    def create_link(self, initializers):
        with chainer.using_config('dtype', self.dtype):
            link = L.Swish(self.beta_shape)
        link.beta.array[...] = initializers[0]
        return link

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, (4, 3, 2)).astype(self.dtype),

    def forward_expected(self, link, inputs):
        x, = inputs
        beta = link.beta.array.reshape(
            (1,) + self.beta_shape + (1,) * (2 - len(self.beta_shape)))
        x64 = x.astype(numpy.float64)
        return (x64 / (1 + numpy.exp(-beta * x64))).astype(self.dtype),


class TestSwishLink:

    def test_parameter(self):
        link = L.Swish((3,))
        numpy.testing.assert_array_equal(link.beta.array, numpy.ones(3))
        numpy.testing.assert_array_equal(L.Swish(3, beta_init=2.).beta.array, [2., 2., 2.])

    def test_lazy_shape(self):
        link = L.Swish(None, beta_init=0.5)
        assert link.beta.array is None
        link(numpy.ones((2, 3, 2), numpy.float32))
        assert link.beta.shape == (3, 2)
        numpy.testing.assert_array_equal(link.beta.array, numpy.full((3, 2), 0.5))

    def test_shape_required(self):
        with pytest.raises(TypeError):
            L.Swish()

    def test_v7_layout(self, load_v7_npz):
        load_v7_npz(L.Swish((3,)), {'beta': numpy.random.rand(3).astype(numpy.float32)})

    def test_round_trips(self):
        src, dst = L.Swish((3,), beta_init=2.), L.Swish(None)
        testing.save_and_load_npz(src, dst)
        numpy.testing.assert_array_equal(dst.beta.array, [2., 2., 2.])
        pytest.importorskip('h5py', reason='h5py (optional, chainer-core[hdf5]) is absent')
        dst = L.Swish((3,))
        testing.save_and_load_hdf5(src, dst)
        numpy.testing.assert_array_equal(dst.beta.array, [2., 2., 2.])

    def test_copy_and_repeat(self):
        link = L.Swish((3,))
        assert link.repeat(2)(numpy.ones((1, 3), numpy.float32)).shape == (1, 3)
        assert link.copy(mode='copy').beta.array is not link.beta.array


@attr.gpu
def test_swish_gpu():
    import cupy
    link = L.Swish(None).to_gpu()
    link(cupy.ones((2, 3), numpy.float32))
    assert isinstance(link.beta.array, cupy.ndarray)
