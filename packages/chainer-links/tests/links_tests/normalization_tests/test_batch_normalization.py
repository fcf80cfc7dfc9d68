from unittest import mock

import numpy
import pytest

import chainer
from chainer import initializers
import chainer.links as L
from chainer import testing
from chainer.testing import attr
from chainer.utils import type_check


def _reference(x, gamma, beta, mean, var, eps, axis):
    # (x - mean) / sqrt(var + eps) * gamma + beta, statistics broadcast over ``axis``
    shape = [1 if i in axis else d for i, d in enumerate(x.shape)]
    mean, var, gamma, beta = (numpy.asarray(a, numpy.float64).reshape(shape)
                              for a in (mean, var, gamma, beta))
    return (x - mean) / numpy.sqrt(var + eps) * gamma + beta


def _tolerances(dtype):
    if dtype == numpy.float16:
        return {'atol': 1e-2, 'rtol': 1e-2}, {'atol': 5e-2, 'rtol': 1e-1}
    return {'atol': 1e-4, 'rtol': 1e-4}, {'atol': 1e-3, 'rtol': 1e-3}


@testing.parameterize(*(testing.product({
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'shape': [(4, 3), (4, 3, 2, 2)],
    'train': [True, False],
    'axis': [None],
}) + testing.product({
    'dtype': [numpy.float32],
    'shape': [(3, 4, 2)],
    'train': [True, False],
    'axis': [(0, 2), 0, (1, 2)],
})))
@testing.inject_backend_tests(None, [{}, {'use_cuda': True},
                                     {'use_cuda': True, 'use_cudnn': 'always'},
                                     {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestBatchNormalization(testing.LinkTestCase):

    param_names = ('gamma', 'beta')
    eps = 2e-5

    def setUp(self):
        self.check_forward_options, self.check_backward_options = _tolerances(self.dtype)
        axis = self.axis
        if axis is None:
            axis = (0,) + tuple(range(2, len(self.shape)))
        elif isinstance(axis, int):
            axis = (axis,)
        self.stat_axis = axis
        self.param_shape = tuple(d for i, d in enumerate(self.shape) if i not in axis)

    def before_test(self, test_name):
        if test_name == 'test_backward' and not self.train and self.dtype != numpy.float64:
            # the running statistics keep their dtype: differentiate in it; the output is
            # quadratic in (x, gamma, beta), so a large step keeps central differences exact
            # while it drowns the float16 rounding
            self.numerical_grad_dtype = None
            if self.dtype == numpy.float16:
                self.check_backward_options.update(eps=0.25, atol=5e-2, rtol=5e-2)

    def generate_params(self):
        gamma = numpy.random.uniform(.5, 1, self.param_shape).astype(self.dtype)
        beta = numpy.random.uniform(-1, 1, self.param_shape).astype(self.dtype)
        return gamma, beta

    def create_link(self, initializers):
        gamma, beta = initializers
        size = self.param_shape if self.axis is not None else self.param_shape[0]
        link = L.BatchNormalization(size, dtype=self.dtype, initial_gamma=gamma,
                                    initial_beta=beta, axis=self.axis, eps=self.eps)
        link.avg_mean[...] = numpy.random.uniform(-1, 1, self.param_shape)
        link.avg_var[...] = numpy.random.uniform(.5, 1, self.param_shape)
        return link

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, self.shape).astype(self.dtype),

    def forward(self, link, inputs, device):
        x, = inputs
        with chainer.using_config('train', self.train):
            return link(x),

    def forward_expected(self, link, inputs):
        x, = inputs
        x64 = x.astype(numpy.float64)
        if self.train:
            mean = x64.mean(axis=self.stat_axis)
            var = x64.var(axis=self.stat_axis)
        else:
            # the link was run once in test mode: its statistics are the ones it used
            mean, var = link.avg_mean, link.avg_var
        y = _reference(x64, link.gamma.array, link.beta.array, mean, var, self.eps,
                       self.stat_axis)
        return y.astype(self.dtype),


@testing.inject_backend_tests(None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestBatchNormalizationInitializers(testing.LinkInitializersTestCase):

    param_names = ('gamma', 'beta')

    def generate_params(self):
        return initializers.Constant(2.), initializers.Constant(3.)

    def create_link(self, initializers):
        return L.BatchNormalization(3, initial_gamma=initializers[0],
                                    initial_beta=initializers[1])

    def generate_inputs(self):
        return numpy.random.rand(4, 3).astype(numpy.float32),

    def get_initializers(self):
        return (
            (initializers.Constant(3.), 4., numpy.arange(3, dtype=numpy.float32),
             testing.InitializerArgument(None, 1.)),
            (initializers.Constant(-1.), 6., testing.InitializerArgument(None, 0.)),
        )


def _x(shape=(5, 3), seed=0):
    return numpy.random.RandomState(seed).uniform(-1, 1, shape).astype(numpy.float32)


class TestBatchNormalizationState:

    def test_parameters_and_persistents(self):
        link = L.BatchNormalization(3)
        assert sorted(name for name, _ in link.namedparams()) == ['/beta', '/gamma']
        numpy.testing.assert_array_equal(link.gamma.array, numpy.ones(3))
        numpy.testing.assert_array_equal(link.beta.array, numpy.zeros(3))
        numpy.testing.assert_array_equal(link.avg_mean, numpy.zeros(3))
        numpy.testing.assert_array_equal(link.avg_var, numpy.ones(3))
        assert link.avg_mean.dtype == numpy.float32 and link.gamma.dtype == numpy.float32
        assert link.N == 0 and isinstance(link.N, int)
        assert (link.decay, link.eps, link.axis) == (0.9, 2e-5, None)

    def test_running_averages(self):
        x = _x()
        link = L.BatchNormalization(3, decay=0.8)
        link(x)
        numpy.testing.assert_allclose(link.avg_mean, 0.2 * x.mean(axis=0), rtol=1e-5)
        unbiased = x.var(axis=0) * 5 / 4
        numpy.testing.assert_allclose(link.avg_var, 0.8 + 0.2 * unbiased, rtol=1e-5)
        assert link.N == 0

    def test_finetune(self):
        x1, x2 = _x(seed=1), _x(seed=2)
        link = L.BatchNormalization(3)
        link(x1, finetune=True)
        assert link.N == 1
        numpy.testing.assert_allclose(link.avg_mean, x1.mean(axis=0), rtol=1e-5)
        link(x2, finetune=True)
        assert link.N == 2
        numpy.testing.assert_allclose(
            link.avg_mean, (x1.mean(axis=0) + x2.mean(axis=0)) / 2, rtol=1e-5)
        link.start_finetuning()
        assert link.N == 0

    def test_test_mode_uses_running_averages(self):
        x = _x()
        link = L.BatchNormalization(3, initial_avg_mean=numpy.array([1., 2., 3.]),
                                    initial_avg_var=2.)
        with chainer.using_config('train', False):
            y = link(x)
        numpy.testing.assert_allclose(
            y.array, (x - [1., 2., 3.]) / numpy.sqrt(2. + 2e-5), rtol=1e-5)
        numpy.testing.assert_array_equal(link.avg_mean, [1., 2., 3.])

    def test_recomputing_does_not_update(self):
        link = L.BatchNormalization(3)
        with chainer.using_config('in_recomputing', True):
            link(_x())
        numpy.testing.assert_array_equal(link.avg_mean, numpy.zeros(3))

    def test_without_gamma_and_beta(self):
        x = _x()
        link = L.BatchNormalization(3, use_gamma=False, use_beta=False)
        assert link.gamma is None and link.beta is None
        assert list(link.namedparams()) == []
        y = link(x)
        numpy.testing.assert_allclose(
            y.array, (x - x.mean(axis=0)) / numpy.sqrt(x.var(axis=0) + 2e-5), rtol=1e-4,
            atol=1e-5)

    def test_removed_test_argument(self):
        with pytest.raises(ValueError, match='test argument is not supported'):
            L.BatchNormalization(3)(_x(), test=True)
        with pytest.raises(TypeError):
            L.BatchNormalization(3)(_x(), foo=True)

    def test_wrong_input_size(self):
        with pytest.raises(type_check.InvalidType):
            L.BatchNormalization(4)(_x())


class TestBatchNormalizationLazy:

    def test_size_or_axis_required(self):
        with pytest.raises(RuntimeError, match='size or axis is required'):
            L.BatchNormalization()

    def test_lazy_with_axis(self):
        link = L.BatchNormalization(axis=(0, 2), initial_avg_mean=numpy.array([1., 2., 3.]))
        assert link.avg_mean is None and link.gamma.array is None
        assert str(link) == ('BatchNormalization(size=None, decay=0.9, eps=2e-05, '
                             'dtype=float32, use_gamma=True, use_beta=True)')
        with chainer.using_config('train', False):
            link(_x((2, 3, 4)))
        assert link.gamma.shape == (3,) and link.avg_var.shape == (3,)
        numpy.testing.assert_array_equal(link.avg_mean, [1., 2., 3.])

    def test_int_axis(self):
        link = L.BatchNormalization(axis=0)
        assert link.axis == (0,)
        link(_x((2, 3, 4)))
        assert link.gamma.shape == (3, 4)

    def test_load_into_lazy(self):
        src = L.BatchNormalization(3)
        src.avg_mean[...] = 5
        dst = L.BatchNormalization(axis=(0, 2))
        testing.save_and_load_npz(src, dst)
        numpy.testing.assert_array_equal(dst.avg_mean, [5, 5, 5])
        assert dst.gamma.shape == (3,)


class TestBatchNormalizationDtype:

    @pytest.mark.parametrize('dtype', [numpy.float16, numpy.float64])
    def test_dtype_argument(self, dtype):
        link = L.BatchNormalization(3, dtype=dtype)
        assert link.gamma.dtype == dtype and link.avg_mean.dtype == dtype

    def test_config_dtype(self):
        with chainer.using_config('dtype', numpy.float64):
            link = L.BatchNormalization(3)
        assert link.gamma.dtype == numpy.float64 and link.avg_var.dtype == numpy.float64

    def test_mixed16(self):
        with chainer.using_config('dtype', chainer.mixed16):
            link = L.BatchNormalization(3)
        assert link.gamma.dtype == numpy.float32 and link.avg_mean.dtype == numpy.float32
        y = link(_x().astype(numpy.float16))
        assert y.dtype == numpy.float16
        with chainer.using_config('train', False):
            assert link(_x().astype(numpy.float16)).dtype == numpy.float16

    def test_given_initializer_takes_the_dtype(self):
        # As v7: the initializer objects of gamma and beta get the link's dtype in place.
        init = initializers.Constant(2.)
        L.BatchNormalization(3, dtype=numpy.float64, initial_gamma=init)
        assert init.dtype == numpy.float64

    @pytest.mark.parametrize('dtype', [numpy.float16, chainer.mixed16])
    def test_initializer_of_another_dtype_shared_with_avg_mean(self, dtype):
        # As v7: gamma's initializer is retyped first, so the same object also fills the
        # statistics in the link's dtype.
        init = initializers.Constant(2., dtype=numpy.float64)
        link = L.BatchNormalization(3, dtype=dtype, initial_gamma=init, initial_avg_mean=init)
        expected = chainer.get_dtype(dtype, map_mixed16=numpy.float32)
        assert link.gamma.dtype == link.avg_mean.dtype == expected
        numpy.testing.assert_array_equal(link.avg_mean, [2, 2, 2])


class TestBatchNormalizationSpecs:

    def test_str(self):
        assert str(L.BatchNormalization(3, decay=0.5, eps=1e-3, dtype=numpy.float64)) == (
            'BatchNormalization(size=3, decay=0.5, eps=0.001, dtype=float64, use_gamma=True, '
            'use_beta=True)')
        assert 'use_gamma=False, use_beta=False' in str(
            L.BatchNormalization(3, use_gamma=False, use_beta=False))


class TestBatchNormalizationSerialization:

    def test_v7_layout(self, load_v7_npz):
        model = chainer.Sequential(L.BatchNormalization(3))
        load_v7_npz(model, {
            '0/gamma': numpy.random.rand(3).astype(numpy.float32),
            '0/beta': numpy.random.rand(3).astype(numpy.float32),
            '0/avg_mean': numpy.random.rand(3).astype(numpy.float32),
            '0/avg_var': numpy.random.rand(3).astype(numpy.float32),
            '0/N': numpy.array(7)})
        assert model[0].N == 7 and isinstance(model[0].N, int)

    def test_v7_layout_without_gamma(self, load_v7_npz):
        load_v7_npz(L.BatchNormalization(2, use_gamma=False), {
            'beta': numpy.random.rand(2).astype(numpy.float32),
            'avg_mean': numpy.random.rand(2).astype(numpy.float32),
            'avg_var': numpy.random.rand(2).astype(numpy.float32),
            'N': numpy.array(0)})

    def test_hdf5_round_trip(self):
        pytest.importorskip('h5py', reason='h5py (optional, chainer-core[hdf5]) is absent')
        src, dst = L.BatchNormalization(3), L.BatchNormalization(3)
        src(_x(), finetune=True)
        testing.save_and_load_hdf5(src, dst)
        numpy.testing.assert_array_equal(dst.avg_mean, src.avg_mean)
        assert dst.N == 1

    def test_copy(self):
        link = L.BatchNormalization(3)
        link(_x())
        dup = link.copy(mode='copy')
        assert dup.avg_mean is not link.avg_mean
        numpy.testing.assert_array_equal(dup.avg_mean, link.avg_mean)
        shared = link.copy(mode='share')
        assert shared.avg_mean is link.avg_mean

    def test_repeat(self):
        seq = L.BatchNormalization(3).repeat(2)
        assert seq(_x()).shape == (5, 3)
        assert seq[0].avg_mean is not seq[1].avg_mean


@attr.gpu
def test_lazy_on_gpu():
    import cupy
    link = L.BatchNormalization(axis=(0, 2)).to_gpu()
    link(cupy.ones((2, 3, 4), numpy.float32))
    assert isinstance(link.avg_mean, cupy.ndarray)
    assert isinstance(link.gamma.array, cupy.ndarray)


@pytest.mark.parametrize('train, name', [
    (True, 'batch_normalization'), (False, 'fixed_batch_normalization')])
def test_the_link_calls_the_function_through_chainer_functions(train, name):
    # as v7: patching chainer.functions.<name> intercepts the link's call
    link = L.BatchNormalization(3)
    x = numpy.ones((2, 3), numpy.float32)
    with mock.patch('chainer.functions.' + name, return_value='patched') as patched:
        with chainer.using_config('train', train):
            assert link(x) == 'patched'
    assert patched.call_count == 1
    assert patched.call_args[0][0] is x
