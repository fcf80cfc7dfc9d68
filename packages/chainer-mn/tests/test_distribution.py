"""The chainer-mn distribution provides the chainermn package and declares its requirements."""

from chainer.testing import _packaging

DIST = 'chainer-mn'


def test_packages_come_from_the_distribution():
    _packaging.check_packages_come_from_distribution(DIST, ('chainermn',))


def test_metadata():
    _packaging.check_metadata(
        DIST, {'chainer-core', 'chainer-datasets', 'chainer-training', 'mpi4py'})
