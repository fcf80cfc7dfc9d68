"""The chainer-links distribution provides chainer.links in the one ``chainer`` namespace."""

import importlib
import importlib.metadata

from chainer.testing import _packaging

DIST = 'chainer-links'


def test_packages_come_from_the_distribution():
    _packaging.check_packages_come_from_distribution(DIST, ('chainer.links',))


def test_metadata():
    _packaging.check_metadata(DIST, {'chainer-core'})


def test_caffe_joins_or_is_named():
    # chainer.links extends its __path__ so that chainer-caffe's chainer/links/caffe joins it.
    try:
        importlib.metadata.version('chainer-caffe')
    except importlib.metadata.PackageNotFoundError:
        try:
            importlib.import_module('chainer.links.caffe')
        except ImportError as e:
            assert 'pip install chainer-caffe' in str(e)
        else:
            raise AssertionError('chainer.links.caffe imported without chainer-caffe')
    else:
        import chainer.links
        caffe = importlib.import_module('chainer.links.caffe')
        assert chainer.links.caffe is caffe
