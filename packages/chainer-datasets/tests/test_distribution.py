"""The chainer-datasets distribution provides chainer.dataset, .datasets and .iterators."""

from chainer.testing import _packaging

DIST = 'chainer-datasets'


def test_packages_come_from_the_distribution():
    _packaging.check_packages_come_from_distribution(
        DIST, ('chainer.dataset', 'chainer.datasets', 'chainer.iterators'))


def test_metadata():
    _packaging.check_metadata(DIST, {'chainer-core', 'filelock'})
