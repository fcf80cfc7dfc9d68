"""The chainer-core distribution ships the ``chainer`` package (its __init__) and ``chainerx``."""

from chainer.testing import _packaging

DIST = 'chainer-core'


def test_packages_come_from_the_distribution():
    _packaging.check_packages_come_from_distribution(
        DIST, ('chainer', 'chainer.functions', 'chainerx'))


def test_metadata():
    _packaging.check_metadata(
        DIST, {'numpy'},
        extras={'cupy-cuda12x': 'extra == "cuda12x"', 'h5py': 'extra == "hdf5"'})
