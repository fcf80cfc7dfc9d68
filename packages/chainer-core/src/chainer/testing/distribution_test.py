"""The distribution test template (``chainer.testing.distribution_test``).

Re-exports :class:`~chainer.testing._distribution_test.distribution_unittest`, which compares
a distribution with ``scipy.stats`` (SciPy is imported by the tests that use it).
"""
from chainer.testing._distribution_test import distribution_unittest  # noqa: F401
from chainer.testing._distribution_test import skip_not_in_test_target  # noqa: F401
