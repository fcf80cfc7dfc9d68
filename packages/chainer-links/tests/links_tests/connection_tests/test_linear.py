import copy

import numpy
import pytest

import chainer
from chainer import initializers
import chainer.links as L
from chainer import testing
from chainer.testing import attr
from chainer.utils import type_check


def _tolerances(dtype):
    if dtype == numpy.float16:
        return {'atol': 1e-2, 'rtol': 1e-2}, {'atol': 5e-2, 'rtol': 5e-2}
    return {'atol': 1e-5, 'rtol': 1e-4}, {'atol': 1e-3, 'rtol': 1e-3}


@testing.parameterize(*testing.product({
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'in_shape': [(3,), (3, 2)],
    'n_batch_axes': [1, 2],
    'lazy': [False, True],
    'nobias': [False, True],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestLinear(testing.LinkTestCase):

    out_size = 4

    def setUp(self):
        self.check_forward_options, self.check_backward_options = _tolerances(self.dtype)
        self.param_names = ('W',) if self.nobias else ('W', 'b')
        self.batch_shape = (2, 3)[:self.n_batch_axes]
        self.in_size = int(numpy.prod(self.in_shape))

    def generate_params(self):
        W = numpy.random.uniform(-1, 1, (self.out_size, self.in_size)).astype(self.dtype)
        b = numpy.random.uniform(-1, 1, self.out_size).astype(self.dtype)
        return (W,) if self.nobias else (W, b)

    def create_link(self, initializers):
        initial_bias = None if self.nobias else initializers[1]
        with chainer.using_config('dtype', self.dtype):
            return L.Linear(None if self.lazy else self.in_size, self.out_size,
                            nobias=self.nobias, initialW=initializers[0],
                            initial_bias=initial_bias)

    def generate_inputs(self):
        x = numpy.random.uniform(-1, 1, self.batch_shape + self.in_shape)
        return x.astype(self.dtype),

    def forward(self, link, inputs, device):
        x, = inputs
        return link(x, n_batch_axes=self.n_batch_axes),

    def forward_expected(self, link, inputs):
        x, = inputs
        x2 = x.reshape(self.batch_shape + (-1,)).astype(numpy.float64)
        y = x2.dot(link.W.array.T.astype(numpy.float64))
        if not self.nobias:
            y += link.b.array
        return y.astype(self.dtype),


@testing.inject_backend_tests(None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestLinearInitializers(testing.LinkInitializersTestCase):

    param_names = ('W', 'b')

    def generate_params(self):
        return initializers.Constant(1.), initializers.Constant(2.)

    def create_link(self, initializers):
        return L.Linear(3, 2, initialW=initializers[0], initial_bias=initializers[1])

    def generate_inputs(self):
        return numpy.ones((1, 3), numpy.float32),

    def get_initializers(self):
        return (
            (initializers.Constant(3.), 4., numpy.full((2, 3), 5., numpy.float32)),
            (initializers.Constant(-1.), 6., numpy.arange(2, dtype=numpy.float32),
             testing.InitializerArgument(None, 0.)),
        )


class TestLinearConstruction:

    def test_parameters(self):
        link = L.Linear(3, 4)
        assert link.W.shape == (4, 3)
        assert link.W.dtype == numpy.float32
        assert link.b.shape == (4,)
        numpy.testing.assert_array_equal(link.b.array, numpy.zeros(4))
        assert isinstance(link.W.initializer, initializers.LeCunNormal)
        assert (link.in_size, link.out_size) == (3, 4)
        assert sorted(name for name, _ in link.namedparams()) == ['/W', '/b']

    def test_single_argument_is_out_size(self):
        link = L.Linear(4)
        assert link.in_size is None and link.out_size == 4
        assert link.W.array is None
        y = link(numpy.ones((2, 3, 2), numpy.float32))
        assert link.W.shape == (4, 6)
        assert y.shape == (2, 4)
        assert link.in_size is None   # as in v7, the attribute keeps the constructor value

    def test_lazy_dtype_follows_config(self):
        with chainer.using_config('dtype', numpy.float64):
            link = L.Linear(None, 4)
        with chainer.using_config('dtype', numpy.float64):
            link(numpy.ones((1, 3)))
        assert link.W.dtype == numpy.float64
        assert link.b.dtype == numpy.float64

    def test_lazy_with_float64_input_and_float32_params(self):
        link = L.Linear(None, 4)
        with pytest.raises(type_check.InvalidType):
            link(numpy.ones((2, 3)))

    def test_nobias(self):
        link = L.Linear(3, 4, nobias=True)
        assert link.b is None
        assert [name for name, _ in link.namedparams()] == ['/W']

    def test_initial_arrays_take_config_dtype(self):
        link = L.Linear(3, 4, initialW=numpy.ones((4, 3)), initial_bias=numpy.ones(4))
        assert link.W.dtype == numpy.float32 and link.b.dtype == numpy.float32

    @pytest.mark.parametrize('kwargs', [{'wscale': 2}, {'bias': 1}])
    def test_removed_arguments(self, kwargs):
        with pytest.raises(TypeError):
            L.Linear(3, 4, **kwargs)

    def test_wrong_input_size(self):
        link = L.Linear(3, 4)
        with pytest.raises(type_check.InvalidType) as e:
            link(numpy.ones((2, 5), numpy.float32))
        assert 'LinearFunction' in str(e.value)

    def test_str(self):
        assert str(L.Linear(3, 4)) == 'Linear(in_size=3, out_size=4, nobias=False)'
        assert str(L.Linear(4, nobias=True)) == 'Linear(in_size=None, out_size=4, nobias=True)'
        assert list(L.Linear(3, 4).printable_specs) == [
            ('in_size', 3), ('out_size', 4), ('nobias', False)]


class TestLinearFromParams:

    def test_copies(self):
        W = numpy.random.uniform(-1, 1, (4, 3)).astype(numpy.float32)
        b = numpy.random.uniform(-1, 1, 4).astype(numpy.float32)
        link = L.Linear.from_params(chainer.Variable(W), b)
        assert link.W.array is not W
        numpy.testing.assert_array_equal(link.W.array, W)
        numpy.testing.assert_array_equal(link.b.array, b)
        assert (link.in_size, link.out_size) == (3, 4)

    def test_default_bias_and_nobias(self):
        W = numpy.ones((4, 3), numpy.float32)
        numpy.testing.assert_array_equal(L.Linear.from_params(W).b.array, numpy.zeros(4))
        assert L.Linear.from_params(W, numpy.ones(4, numpy.float32), nobias=True).b is None

    def test_bias_size_mismatch(self):
        with pytest.raises(ValueError, match='out_size'):
            L.Linear.from_params(numpy.ones((4, 3), numpy.float32), numpy.ones(5))


class TestLinearCopyRepeat:

    def setup_method(self):
        self.link = L.Linear(3, 3, initial_bias=initializers.Normal())
        self.link.W.grad = numpy.ones((3, 3), numpy.float32)

    def test_copy_share(self):
        dup = self.link.copy(mode='share')
        assert dup.W is not self.link.W
        assert dup.W.array is self.link.W.array
        assert dup.W.grad is None

    def test_copy_copy(self):
        dup = self.link.copy(mode='copy')
        assert dup.W.array is not self.link.W.array
        numpy.testing.assert_array_equal(dup.W.array, self.link.W.array)

    def test_copy_init(self):
        dup = self.link.copy(mode='init')
        assert dup.W.shape == (3, 3)
        assert not numpy.array_equal(dup.W.array, self.link.W.array)
        assert not numpy.array_equal(dup.b.array, self.link.b.array)

    def test_repeat(self):
        seq = self.link.repeat(3)
        assert len(seq) == 3
        assert all(isinstance(layer, L.Linear) for layer in seq)
        assert seq[0].W.array is not self.link.W.array
        assert seq[0].W.array is not seq[1].W.array
        x = numpy.random.uniform(-1, 1, (2, 3)).astype(numpy.float32)
        expected = x
        for layer in seq:
            expected = expected.dot(layer.W.array.T) + layer.b.array
        numpy.testing.assert_allclose(seq(x).array, expected, rtol=1e-5, atol=1e-6)

    def test_deepcopy_lazy(self):
        link = L.Linear(4)
        dup = copy.deepcopy(link)
        dup(numpy.ones((1, 5), numpy.float32))
        assert dup.W.shape == (4, 5) and link.W.array is None


class TestLinearSerialization:

    def test_npz_round_trip(self):
        src = L.Linear(3, 4, initial_bias=initializers.Normal())
        dst = L.Linear(3, 4)
        testing.save_and_load_npz(src, dst)
        numpy.testing.assert_array_equal(dst.W.array, src.W.array)
        numpy.testing.assert_array_equal(dst.b.array, src.b.array)

    def test_npz_into_lazy_link(self):
        src = L.Linear(3, 4)
        dst = L.Linear(4)
        testing.save_and_load_npz(src, dst)
        numpy.testing.assert_array_equal(dst.W.array, src.W.array)

    def test_hdf5_round_trip(self):
        pytest.importorskip('h5py', reason='h5py (optional, chainer-core[hdf5]) is absent')
        src = L.Linear(3, 4, initial_bias=initializers.Normal())
        dst = L.Linear(3, 4)
        testing.save_and_load_hdf5(src, dst)
        numpy.testing.assert_array_equal(dst.W.array, src.W.array)
        numpy.testing.assert_array_equal(dst.b.array, src.b.array)

    def test_v7_layout(self, load_v7_npz):
        model = L.Classifier(chainer.Sequential(L.Linear(3, 4)))
        arrays = {'predictor/0/W': numpy.arange(12, dtype=numpy.float32).reshape(4, 3),
                  'predictor/0/b': numpy.arange(4, dtype=numpy.float32)}
        load_v7_npz(model, arrays)


class TestLinearDevice:

    def test_to_device_cpu(self):
        link = L.Linear(3, 4)
        assert link.to_device('@numpy') is link
        assert link.to_cpu() is link
        assert isinstance(link.W.array, numpy.ndarray)

    @attr.gpu
    def test_to_gpu_lazy(self):
        import cupy
        link = L.Linear(4).to_gpu()
        y = link(cupy.ones((2, 3), numpy.float32))
        assert isinstance(link.W.array, cupy.ndarray)
        assert isinstance(y.array, cupy.ndarray)
