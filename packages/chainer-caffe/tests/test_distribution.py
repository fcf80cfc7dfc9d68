"""The chainer-caffe distribution provides chainer.links.caffe in the one ``chainer`` namespace."""

from chainer.testing import _packaging

DIST = 'chainer-caffe'


def test_packages_come_from_the_distribution():
    _packaging.check_packages_come_from_distribution(DIST, ('chainer.links.caffe',))


def test_metadata():
    _packaging.check_metadata(DIST, {'chainer-core', 'chainer-links', 'protobuf'})
