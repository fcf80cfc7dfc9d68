"""Test-case template comparing a distribution with its SciPy counterpart."""
import functools
import unittest

import numpy

import chainer
from chainer.backends import cuda
from chainer.testing import array as array_module
from chainer.testing import attr
from chainer import utils

_TARGETS = frozenset([
    'batch_shape', 'cdf', 'entropy', 'event_shape', 'icdf', 'log_cdf', 'log_prob',
    'log_survival', 'mean', 'prob', 'sample', 'stddev', 'support', 'survival', 'variance'])


def skip_not_in_test_target(test_target):
    """Decorator skipping a test method unless ``test_target`` is in ``self.test_targets``."""
    def decorator(f):
        @functools.wraps(f)
        def new_f(self, *args, **kwargs):
            if test_target not in self.test_targets:
                self.skipTest("'%s' does not exist in test_targets." % test_target)
            return f(self, *args, **kwargs)
        new_f._chainer_test_target = test_target
        return new_f
    return decorator


class distribution_unittest(unittest.TestCase):  # noqa: N801 - v7 name
    """Base of tests comparing a :class:`~chainer.Distribution` with ``scipy.stats``.

    A subclass implements ``setUp_configure()``, which sets:

    - ``self.dist``: the distribution class;
    - ``self.scipy_dist``: the ``scipy.stats`` distribution;
    - ``self.test_targets``: set of the members to test, among ``batch_shape``, ``cdf``,
      ``entropy``, ``event_shape``, ``icdf``, ``log_cdf``, ``log_prob``, ``log_survival``,
      ``mean``, ``prob``, ``sample``, ``stddev``, ``support``, ``survival``, ``variance``;
    - ``self.params`` (arguments of ``dist``) and ``self.scipy_params`` (arguments of the
      SciPy methods), and optionally ``self.support``, ``self.event_shape``,
      ``self.continuous`` (False for discrete distributions: ``pmf`` instead of ``pdf``)
      and ``self.options`` (extra arguments of ``dist``);

    and ``sample_for_test()``, returning points of shape
    ``sample_shape + shape + event_shape`` in the support. The attributes ``shape`` (the
    batch shape), ``sample_shape`` (default ``(3, 2)``) and ``is_variable`` (default True:
    parameters are given as Variables) usually come from :func:`chainer.testing.parameterize`.
    With ``scipy_onebyone = True`` SciPy is called once per batch element (for SciPy
    distributions that do not broadcast their parameters).

    Tests of members not in ``test_targets`` are skipped. When ``test_targets`` is a class
    attribute, those tests are not generated at all.
    """

    scipy_onebyone = False
    sample_shape = (3, 2)
    is_variable = True
    n_samples_for_sample_test = 100000
    sample_test_options = {'atol': 3e-2, 'rtol': 3e-2}

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        targets = cls.__dict__.get('test_targets')
        if targets is None:
            return
        for name in dir(cls):
            method = getattr(cls, name, None)
            target = getattr(method, '_chainer_test_target', None)
            if target is not None and target not in targets:
                setattr(cls, name, None)

    def setUp(self):
        self.support = 'real'
        if not hasattr(self, 'event_shape'):
            self.event_shape = ()
        self.continuous = True
        self.test_targets = set(getattr(type(self), 'test_targets', ()))
        self.options = {}
        self.setUp_configure()
        unknown = set(self.test_targets) - _TARGETS
        if unknown:
            raise ValueError('invalid target(s): {}'.format(sorted(unknown)))
        if self.is_variable:
            self.params = {k: chainer.Variable(v) for k, v in self.params.items()}

    def setUp_configure(self):  # noqa: N802 - v7 name
        """Sets the distribution, its SciPy counterpart, parameters and targets."""
        raise NotImplementedError('setUp_configure() is not implemented')

    def sample_for_test(self):
        """Returns test points of shape ``sample_shape + shape + event_shape``."""
        raise NotImplementedError('sample_for_test() is not implemented')

    # ----------------------------------------------------------------------------------------

    def scipy_onebyone_params_iter(self):
        """Yields the SciPy parameters of each batch element (C order)."""
        for index in numpy.ndindex(*self.shape):
            yield {k: v[index] if isinstance(v, numpy.ndarray) and v.ndim >= len(self.shape)
                   else v for k, v in self.scipy_params.items()}

    def _make_dist(self, is_gpu):
        params = dict(self.params)
        if is_gpu:
            params = {k: self._to_gpu(v) for k, v in params.items()}
        params.update(self.options)
        return self.dist(**params)

    @staticmethod
    def _to_gpu(v):
        if isinstance(v, chainer.Variable):
            v = v.copy() if hasattr(v, 'copy') else chainer.Variable(v.array)
            v.to_gpu()
            return v
        if isinstance(v, numpy.ndarray):
            return cuda.to_gpu(v)
        return v

    @property
    def cpu_dist(self):
        """The distribution under test, with NumPy parameters."""
        return self._make_dist(False)

    @property
    def gpu_dist(self):
        """The distribution under test, with CuPy parameters."""
        return self._make_dist(True)

    def _dist(self, is_gpu):
        return self.gpu_dist if is_gpu else self.cpu_dist

    def _input(self, x, is_gpu):
        return cuda.to_gpu(x) if is_gpu else x

    def _scipy(self, method, smp=None):
        if not self.scipy_onebyone:
            fn = getattr(self.scipy_dist, method)
            if smp is None:
                return numpy.asarray(fn(**self.scipy_params))
            return numpy.asarray(fn(smp, **self.scipy_params))
        sample_shape = () if smp is None else smp.shape[
            :smp.ndim - len(self.shape) - len(self.event_shape)]
        n_batch = utils.size_of_shape(self.shape)
        results = []
        if smp is not None:
            flat = smp.reshape((utils.size_of_shape(sample_shape), n_batch)
                               + tuple(self.event_shape))
            flat = numpy.swapaxes(flat, 0, 1)
        for i, params in enumerate(self.scipy_onebyone_params_iter()):
            fn = getattr(self.scipy_dist, method)
            if smp is None:
                results.append(numpy.asarray(fn(**params)))
            else:
                results.append(numpy.asarray(fn(flat[i], **params)).reshape(-1))
        if smp is None:
            out = numpy.stack(results)
            return out.reshape(tuple(self.shape) + out.shape[1:])
        out = numpy.stack(results)  # (n_batch, n_samples)
        return out.T.reshape(sample_shape + tuple(self.shape))

    def _check_value(self, actual, expected, **kwargs):
        options = dict(self.check_options) if hasattr(self, 'check_options') else {}
        options.update(kwargs)
        if isinstance(actual, chainer.Variable):
            actual = actual.array
        actual = cuda.to_cpu(actual)
        array_module.assert_allclose(actual, expected, **options)

    # ----------------------------------------------------------------------------------------

    def check_batch_shape(self, is_gpu):
        """Checks ``batch_shape`` against ``self.shape``."""
        assert self._dist(is_gpu).batch_shape == tuple(self.shape)

    def check_event_shape(self, is_gpu):
        """Checks ``event_shape`` against ``self.event_shape``."""
        assert self._dist(is_gpu).event_shape == tuple(self.event_shape)

    def _check_pointwise(self, is_gpu, method, scipy_method, smp=None):
        if smp is None:
            smp = self.sample_for_test()
        actual = getattr(self._dist(is_gpu), method)(self._input(smp, is_gpu))
        self._check_value(actual, self._scipy(scipy_method, smp))

    def check_cdf(self, is_gpu):
        """Checks ``cdf`` against SciPy's ``cdf``."""
        self._check_pointwise(is_gpu, 'cdf', 'cdf')

    def check_log_cdf(self, is_gpu):
        """Checks ``log_cdf`` against SciPy's ``logcdf``."""
        self._check_pointwise(is_gpu, 'log_cdf', 'logcdf')

    def check_survival(self, is_gpu):
        """Checks ``survival_function`` against SciPy's ``sf``."""
        self._check_pointwise(is_gpu, 'survival_function', 'sf')

    def check_log_survival(self, is_gpu):
        """Checks ``log_survival_function`` against SciPy's ``logsf``."""
        self._check_pointwise(is_gpu, 'log_survival_function', 'logsf')

    def check_icdf(self, is_gpu):
        """Checks ``icdf`` against SciPy's ``ppf`` at uniform random probabilities."""
        smp = numpy.random.uniform(
            1e-5, 1 - 1e-5, tuple(self.sample_shape) + tuple(self.shape)).astype(numpy.float32)
        self._check_pointwise(is_gpu, 'icdf', 'ppf', smp)

    def check_log_prob(self, is_gpu):
        """Checks ``log_prob`` against SciPy's ``logpdf`` (``logpmf`` if discrete)."""
        self._check_pointwise(is_gpu, 'log_prob', 'logpdf' if self.continuous else 'logpmf')

    def check_prob(self, is_gpu):
        """Checks ``prob`` against SciPy's ``pdf`` (``pmf`` if discrete)."""
        self._check_pointwise(is_gpu, 'prob', 'pdf' if self.continuous else 'pmf')

    def check_entropy(self, is_gpu):
        """Checks ``entropy`` against SciPy's ``entropy``."""
        self._check_value(self._dist(is_gpu).entropy, self._scipy('entropy'))

    def check_mean(self, is_gpu):
        """Checks ``mean`` against SciPy's ``mean``."""
        self._check_value(self._dist(is_gpu).mean, self._scipy('mean'))

    def check_variance(self, is_gpu):
        """Checks ``variance`` against SciPy's ``var``."""
        self._check_value(self._dist(is_gpu).variance, self._scipy('var'))

    def check_stddev(self, is_gpu):
        """Checks ``stddev`` against SciPy's ``std``."""
        self._check_value(self._dist(is_gpu).stddev, self._scipy('std'))

    def check_support(self, is_gpu):
        """Checks ``support`` against ``self.support``."""
        assert self._dist(is_gpu).support == self.support

    def check_sample(self, is_gpu):
        """Checks the shape, mean and standard deviation of many samples."""
        n = self.n_samples_for_sample_test
        smp1 = self._dist(is_gpu).sample(sample_shape=(n,)).array
        smp1 = cuda.to_cpu(smp1)
        assert smp1.shape == (n,) + tuple(self.shape) + tuple(self.event_shape)
        if self.scipy_onebyone:
            smp2 = []
            for params in self.scipy_onebyone_params_iter():
                smp2.append(self.scipy_dist.rvs(size=n, **params))
            smp2 = numpy.stack(smp2, axis=1).reshape(smp1.shape)
        else:
            smp2 = self.scipy_dist.rvs(size=(n,) + tuple(self.shape), **self.scipy_params)
            smp2 = numpy.asarray(smp2).reshape(smp1.shape)
        array_module.assert_allclose(
            smp1.mean(axis=0), smp2.mean(axis=0), **self.sample_test_options)
        array_module.assert_allclose(
            smp1.std(axis=0), smp2.std(axis=0), **self.sample_test_options)


def _add_tests(target):
    def cpu(self):
        getattr(self, 'check_' + target)(False)

    @attr.gpu
    def gpu(self):
        getattr(self, 'check_' + target)(True)

    for suffix, fn in (('cpu', cpu), ('gpu', gpu)):
        name = 'test_{}_{}'.format(target, suffix)
        fn.__name__ = name
        fn.__qualname__ = 'distribution_unittest.' + name
        fn.__doc__ = 'Tests {} ({}).'.format(target, suffix.upper())
        setattr(distribution_unittest, name, skip_not_in_test_target(target)(fn))


for _target in sorted(_TARGETS):
    _add_tests(_target)
del _target
