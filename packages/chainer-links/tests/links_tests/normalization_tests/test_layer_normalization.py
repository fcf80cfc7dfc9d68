import numpy
import pytest

import chainer
import chainer.links as L
from chainer import testing
from chainer.testing import attr
from chainer.utils import type_check


@testing.parameterize(*testing.product({
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'lazy': [False, True],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestLayerNormalization(testing.LinkTestCase):

    param_names = ('gamma', 'beta')
    eps = 1e-6

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 1e-2, 'rtol': 1e-2}
            self.check_backward_options = {'atol': 5e-2, 'rtol': 1e-1}
        else:
            self.check_backward_options = {'atol': 1e-3, 'rtol': 1e-3}

    def generate_params(self):
        return (numpy.random.uniform(.5, 1, 5).astype(self.dtype),
                numpy.random.uniform(-1, 1, 5).astype(self.dtype))

    def create_link(self, initializers):
        with chainer.using_config('dtype', self.dtype):
            return L.LayerNormalization(None if self.lazy else 5,
                                        initial_gamma=initializers[0],
                                        initial_beta=initializers[1])

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, (3, 5)).astype(self.dtype),

    def forward(self, link, inputs, device):
        # lazily created parameters take the configured dtype
        with chainer.using_config('dtype', self.dtype):
            return link(*inputs),

    def forward_expected(self, link, inputs):
        x, = inputs
        x64 = x.astype(numpy.float64)
        mean = x64.mean(axis=1, keepdims=True)
        std = numpy.sqrt(x64.var(axis=1, keepdims=True) + self.eps)
        return ((x64 - mean) / std * link.gamma.array + link.beta.array).astype(self.dtype),


class TestLayerNormalizationLink:

    def test_parameters(self):
        link = L.LayerNormalization(4, eps=1e-3, initial_gamma=2., initial_beta=3.)
        numpy.testing.assert_array_equal(link.gamma.array, numpy.full(4, 2.))
        numpy.testing.assert_array_equal(link.beta.array, numpy.full(4, 3.))
        assert link.eps == 1e-3 and L.LayerNormalization().eps == 1e-6

    def test_config_dtype(self):
        with chainer.using_config('dtype', numpy.float16):
            assert L.LayerNormalization(4).gamma.dtype == numpy.float16

    def test_lazy(self):
        link = L.LayerNormalization()
        assert link.gamma.array is None
        link(numpy.random.rand(2, 4).astype(numpy.float32))
        assert link.gamma.shape == (4,) and link.beta.shape == (4,)

    def test_not_2d(self):
        with pytest.raises(type_check.InvalidType) as e:
            L.LayerNormalization()(numpy.random.rand(2, 4, 3).astype(numpy.float32))
        assert 'LayerNormalization' in str(e.value)

    def test_v7_layout(self, load_v7_npz):
        load_v7_npz(L.LayerNormalization(4), {
            'gamma': numpy.random.rand(4).astype(numpy.float32),
            'beta': numpy.random.rand(4).astype(numpy.float32)})

    def test_round_trips(self):
        src, dst = L.LayerNormalization(4, initial_beta=2.), L.LayerNormalization()
        testing.save_and_load_npz(src, dst)
        numpy.testing.assert_array_equal(dst.beta.array, numpy.full(4, 2.))
        pytest.importorskip('h5py', reason='h5py (optional, chainer-core[hdf5]) is absent')
        dst = L.LayerNormalization(4)
        testing.save_and_load_hdf5(src, dst)
        numpy.testing.assert_array_equal(dst.beta.array, numpy.full(4, 2.))

    def test_copy_and_repeat(self):
        link = L.LayerNormalization(4)
        assert link.repeat(2)(numpy.random.rand(2, 4).astype(numpy.float32)).shape == (2, 4)
        assert link.copy(mode='copy').beta.array is not link.beta.array


@attr.gpu
def test_layer_normalization_gpu():
    import cupy
    link = L.LayerNormalization().to_gpu()
    link(cupy.ones((2, 4), numpy.float32))
    assert isinstance(link.gamma.array, cupy.ndarray)
