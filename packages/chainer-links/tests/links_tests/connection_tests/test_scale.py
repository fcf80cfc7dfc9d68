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


def _expand(param, axis, ndim):
    return param.reshape((1,) * axis + param.shape + (1,) * (ndim - axis - param.ndim))


@testing.parameterize(*(testing.product({
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'axis_shape': [(1, (3,)), (1, (3, 2)), (2, (2,))],
    'bias_term': [False],
}) + testing.product({
    'dtype': [numpy.float32, numpy.float64],
    'axis_shape': [(1, (3,)), (2, (2,))],
    'bias_term': [True],
})))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestScale(testing.LinkTestCase):

    def setUp(self):
        self.check_forward_options, self.check_backward_options = _tolerances(self.dtype)
        self.axis, self.shape = self.axis_shape
        self.param_names = ('W',)
        if self.bias_term:
            # the bias of the child link keeps its dtype: differentiate in it
            self.numerical_grad_dtype = None
            self.check_backward_options = {'atol': 1e-3, 'rtol': 1e-3}

    def generate_params(self):
        return numpy.random.uniform(-1, 1, self.shape).astype(self.dtype),

    def create_link(self, initializers):
        with chainer.using_config('dtype', self.dtype):
            link = L.Scale(self.axis, self.shape, bias_term=self.bias_term)
        link.W.array[...] = initializers[0]
        if self.bias_term:
            link.bias.b.array[...] = numpy.random.uniform(-1, 1, self.shape)
        return link

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, (4, 3, 2)).astype(self.dtype),

    def forward_expected(self, link, inputs):
        x, = inputs
        y = x * _expand(link.W.array, self.axis, x.ndim)
        if self.bias_term:
            y = y + _expand(link.bias.b.array, self.axis, x.ndim)
        return y.astype(self.dtype),


class TestScaleLink:

    def test_parameters(self):
        link = L.Scale(W_shape=(3,), bias_term=True)
        assert sorted(name for name, _ in link.namedparams()) == ['/W', '/bias/b']
        numpy.testing.assert_array_equal(link.W.array, numpy.ones(3))
        numpy.testing.assert_array_equal(link.bias.b.array, numpy.zeros(3))
        assert isinstance(link.bias, L.Bias) and link.axis == 1
        assert L.Scale(W_shape=3).W.shape == (3,)

    def test_bias_takes_weight_shape(self):
        assert L.Scale(W_shape=(3,), bias_term=True, bias_shape=(5,)).bias.b.shape == (3,)

    def test_scale_as_input(self):
        link = L.Scale(bias_term=True, bias_shape=(3,))
        assert not hasattr(link, 'W')
        link.bias.b.array[...] = 1
        x = numpy.random.rand(2, 3).astype(numpy.float32)
        w = numpy.random.rand(3).astype(numpy.float32)
        numpy.testing.assert_allclose(link(x, w).array, x * w + 1, rtol=1e-6)

    def test_bias_shape_required(self):
        with pytest.raises(ValueError, match='bias_shape should be given'):
            L.Scale(bias_term=True)

    def test_wrong_number_of_inputs(self):
        with pytest.raises(ValueError, match='Scale.forward takes 2 input'):
            L.Scale()(numpy.ones((2, 3), numpy.float32))

    def test_wrong_input_size(self):
        with pytest.raises(type_check.InvalidType, match='BroadcastTo'):
            L.Scale(W_shape=(3,))(numpy.ones((2, 4, 4), numpy.float32))

    def test_config_dtype(self):
        with chainer.using_config('dtype', numpy.float16):
            link = L.Scale(W_shape=(3,), bias_term=True)
        assert link.W.dtype == numpy.float16 and link.bias.b.dtype == numpy.float16

    def test_v7_layout(self, load_v7_npz):
        load_v7_npz(L.Scale(W_shape=(3,), bias_term=True),
                    {'W': numpy.arange(3, dtype=numpy.float32),
                     'bias/b': numpy.arange(3, dtype=numpy.float32)})

    def test_round_trips(self):
        src = L.Scale(W_shape=(3,), bias_term=True)
        src.W.array[...] = 2
        dst = L.Scale(W_shape=(3,), bias_term=True)
        testing.save_and_load_npz(src, dst)
        numpy.testing.assert_array_equal(dst.W.array, [2, 2, 2])
        pytest.importorskip('h5py', reason='h5py (optional, chainer-core[hdf5]) is absent')
        dst = L.Scale(W_shape=(3,), bias_term=True)
        testing.save_and_load_hdf5(src, dst)
        numpy.testing.assert_array_equal(dst.W.array, [2, 2, 2])

    def test_copy_and_repeat(self):
        link = L.Scale(W_shape=(3,), bias_term=True)
        dup = link.copy(mode='copy')
        assert dup.bias is not link.bias and dup.bias.b.array is not link.bias.b.array
        assert len(link.repeat(3)) == 3


@attr.gpu
def test_scale_gpu():
    import cupy
    link = L.Scale(W_shape=(3,), bias_term=True).to_gpu()
    assert isinstance(link(cupy.ones((2, 3), numpy.float32)).array, cupy.ndarray)
