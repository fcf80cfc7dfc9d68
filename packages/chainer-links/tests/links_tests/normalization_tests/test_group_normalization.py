import numpy
import pytest

import chainer
from chainer import initializers
import chainer.links as L
from chainer import testing
from chainer.testing import attr
from chainer.utils import type_check


@testing.parameterize(*testing.product({
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'shape': [(2, 4, 3), (2, 4, 3, 2)],
    'lazy': [False, True],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestGroupNormalization(testing.LinkTestCase):

    param_names = ('gamma', 'beta')
    groups = 2
    eps = 1e-5

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 1e-2, 'rtol': 1e-2}
            self.check_backward_options = {'atol': 5e-2, 'rtol': 1e-1}
        else:
            self.check_backward_options = {'atol': 1e-3, 'rtol': 1e-3}

    def generate_params(self):
        return (numpy.random.uniform(.5, 1, 4).astype(self.dtype),
                numpy.random.uniform(-1, 1, 4).astype(self.dtype))

    def create_link(self, initializers):
        with chainer.using_config('dtype', self.dtype):
            return L.GroupNormalization(self.groups, None if self.lazy else 4,
                                        initial_gamma=initializers[0],
                                        initial_beta=initializers[1])

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, self.shape).astype(self.dtype),

    def forward(self, link, inputs, device):
        # lazily created parameters take the configured dtype
        with chainer.using_config('dtype', self.dtype):
            return link(*inputs),

    def forward_expected(self, link, inputs):
        x, = inputs
        grouped = x.astype(numpy.float64).reshape(x.shape[0], self.groups, -1)
        mean = grouped.mean(axis=2, keepdims=True)
        var = grouped.var(axis=2, keepdims=True)
        y = ((grouped - mean) / numpy.sqrt(var + self.eps)).reshape(x.shape)
        extra = (1,) * (x.ndim - 2)
        y = y * link.gamma.array.reshape((1, 4) + extra) + link.beta.array.reshape(
            (1, 4) + extra)
        return y.astype(self.dtype),


class TestGroupNormalizationLink:

    def test_parameters(self):
        link = L.GroupNormalization(2, 4, eps=1e-3, initial_gamma=2., initial_beta=3.)
        numpy.testing.assert_array_equal(link.gamma.array, numpy.full(4, 2.))
        numpy.testing.assert_array_equal(link.beta.array, numpy.full(4, 3.))
        assert (link.groups, link.eps) == (2, 1e-3)
        default = L.GroupNormalization(2, 4)
        numpy.testing.assert_array_equal(default.gamma.array, numpy.ones(4))
        numpy.testing.assert_array_equal(default.beta.array, numpy.zeros(4))
        assert default.eps == 1e-5

    def test_lazy(self):
        link = L.GroupNormalization(2)
        assert link.gamma.array is None and link.beta.array is None
        link(numpy.random.rand(2, 6, 3).astype(numpy.float32))
        assert link.gamma.shape == (6,) and link.beta.shape == (6,)

    def test_lazy_dtype_is_that_of_the_construction(self):
        # As v7: a lazy layer built under float16 creates float16 parameters later on, and
        # one built under float32 keeps float32 (gradients too) whatever the config then.
        with chainer.using_config('dtype', numpy.float16):
            link = L.GroupNormalization(2)
        link(numpy.ones((2, 4, 3), numpy.float16))
        assert link.gamma.dtype == link.beta.dtype == numpy.float16
        link = L.GroupNormalization(2)
        with chainer.using_config('dtype', numpy.float16):
            link(numpy.ones((2, 4, 3), numpy.float32))
        assert link.gamma.dtype == link.gamma.grad.dtype == numpy.float32

    @pytest.mark.parametrize('size', [4, None])
    def test_mixed16_parameters_are_float32(self, size):
        # As v7: under mixed16 the scale and shift are float32, the output follows the input.
        with chainer.using_config('dtype', chainer.mixed16):
            link = L.GroupNormalization(2, size)
            y = link(numpy.ones((2, 4, 3), numpy.float16))
        assert link.gamma.dtype == link.beta.dtype == numpy.float32
        assert y.dtype == numpy.float16

    def test_lazy_one_dimensional_input(self):
        # As v7: a ValueError before the parameters are created.
        link = L.GroupNormalization(2)
        with pytest.raises(ValueError, match='channel axis'):
            link(numpy.ones(4, numpy.float32))
        assert link.gamma.array is None

    def test_groups_not_dividing(self):
        with pytest.raises(ValueError, match='groups'):
            L.GroupNormalization(3, 4)(numpy.ones((2, 4, 3), numpy.float32))

    def test_wrong_number_of_channels(self):
        with pytest.raises(type_check.InvalidType, match='GroupNormalization'):
            L.GroupNormalization(2, 4)(numpy.ones((2, 6, 3), numpy.float32))

    @pytest.mark.parametrize('dtype', [numpy.float16, numpy.float64])
    def test_input_of_another_dtype(self, dtype):
        # as in v7: float32 parameters (the default dtype) with a float16 or float64 input
        link = L.GroupNormalization(2)
        x = chainer.Variable(numpy.random.uniform(-1, 1, (2, 4, 3)).astype(dtype))
        y = link(x)
        assert y.dtype == dtype and link.gamma.dtype == numpy.float32
        link.cleargrads()  # (lazily created parameters start with NaN gradients, as in v7)
        y.grad = numpy.ones_like(y.array)
        y.backward()
        assert x.grad.dtype == dtype
        assert link.gamma.grad.dtype == link.beta.grad.dtype == numpy.float32
        numpy.testing.assert_allclose(link.beta.grad, numpy.full(4, 6.))

    def test_initializer_objects(self):
        link = L.GroupNormalization(2, 4, initial_gamma=initializers.Constant(5.))
        numpy.testing.assert_array_equal(link.gamma.array, numpy.full(4, 5.))

    def test_v7_layout(self, load_v7_npz):
        load_v7_npz(L.GroupNormalization(2, 4), {
            'gamma': numpy.random.rand(4).astype(numpy.float32),
            'beta': numpy.random.rand(4).astype(numpy.float32)})

    def test_round_trips(self):
        src, dst = L.GroupNormalization(2, 4, initial_gamma=2.), L.GroupNormalization(2)
        testing.save_and_load_npz(src, dst)
        numpy.testing.assert_array_equal(dst.gamma.array, numpy.full(4, 2.))
        pytest.importorskip('h5py', reason='h5py (optional, chainer-core[hdf5]) is absent')
        dst = L.GroupNormalization(2, 4)
        testing.save_and_load_hdf5(src, dst)
        numpy.testing.assert_array_equal(dst.gamma.array, numpy.full(4, 2.))

    def test_copy_and_repeat(self):
        link = L.GroupNormalization(2, 4)
        assert link.repeat(2)(numpy.random.rand(2, 4, 3).astype(numpy.float32)).shape == (2, 4, 3)
        assert link.copy(mode='copy').gamma.array is not link.gamma.array


@attr.gpu
def test_group_normalization_gpu():
    import cupy
    link = L.GroupNormalization(2).to_gpu()
    link(cupy.ones((2, 4, 3), numpy.float32))
    assert isinstance(link.gamma.array, cupy.ndarray)
