"""chainer.testing.distribution_unittest: runs, skips what is not targeted, and catches errors."""
import unittest

import numpy
from scipy import stats

from chainer import distributions
from chainer import testing
from chainer.testing import _distribution_test
from chainer.testing import distribution_test


class _NormalCase(testing.distribution_unittest):
    """v7 style: the targets are set in setUp_configure."""

    __test__ = False
    shape = (2,)

    def setUp_configure(self):
        self.dist = distributions.Normal
        self.scipy_dist = stats.norm
        self.test_targets = {'batch_shape', 'log_prob', 'mean'}
        loc = numpy.array([0., 1.], numpy.float32)
        scale = numpy.array([1., 2.], numpy.float32)
        self.params = {'loc': loc, 'scale': scale}
        self.scipy_params = {'loc': loc, 'scale': scale}

    def sample_for_test(self):
        return numpy.random.normal(size=(3, 2)).astype(numpy.float32)


class _WrongNormal(distributions.Normal):
    @property
    def mean(self):
        return self.loc + 1


class _WrongNormalCase(_NormalCase):
    def setUp_configure(self):
        super().setUp_configure()
        self.dist = _WrongNormal


def _run(case_class, names):
    suite = unittest.TestSuite(case_class(name) for name in names)
    return testing.condition.QuietTestRunner().run(suite)


def test_v7_style_targets_run_or_skip():
    result = _run(_NormalCase, ['test_batch_shape_cpu', 'test_log_prob_cpu', 'test_mean_cpu',
                                'test_entropy_cpu', 'test_cdf_cpu'])
    assert result.wasSuccessful(), result.failures + result.errors
    assert result.testsRun == 5
    skipped = sorted(test.id().rsplit('.', 1)[1] for test, _ in result.skipped)
    assert skipped == ['test_cdf_cpu', 'test_entropy_cpu']


def test_wrong_distribution_fails():
    result = _run(_WrongNormalCase, ['test_mean_cpu', 'test_log_prob_cpu'])
    assert len(result.failures) == 1
    assert 'test_mean_cpu' in result.failures[0][0].id()


def test_unknown_target_is_an_error():
    class Case(_NormalCase):
        def setUp_configure(self):
            super().setUp_configure()
            self.test_targets = {'mean', 'median'}

    result = _run(Case, ['test_mean_cpu'])
    assert len(result.errors) == 1 and 'median' in result.errors[0][1]


def test_class_level_targets_remove_the_other_tests():
    class Case(_NormalCase):
        test_targets = {'mean'}

    assert Case.test_mean_cpu is not None
    assert Case.test_entropy_cpu is None and Case.test_entropy_gpu is None
    assert Case.test_mean_gpu.pytestmark[0].name == 'gpu'


def test_skip_not_in_test_target():
    calls = []

    class Case(unittest.TestCase):
        test_targets = {'a'}

        @_distribution_test.skip_not_in_test_target('a')
        def test_a(self):
            calls.append('a')

        @_distribution_test.skip_not_in_test_target('b')
        def test_b(self):
            calls.append('b')

    result = _run(Case, ['test_a', 'test_b'])
    assert calls == ['a'] and len(result.skipped) == 1


def test_reexports():
    assert distribution_test.distribution_unittest is _distribution_test.distribution_unittest
    assert testing.distribution_unittest is _distribution_test.distribution_unittest
