"""The chainer-training distribution provides chainer.training in the one ``chainer`` namespace."""

from chainer.testing import _packaging

DIST = 'chainer-training'


def test_packages_come_from_the_distribution():
    _packaging.check_packages_come_from_distribution(DIST, ('chainer.training',))


def test_metadata():
    _packaging.check_metadata(DIST, {'chainer-core', 'chainer-datasets'})
