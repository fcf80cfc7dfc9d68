"""Models and checks shared by the tests of the NPZ and HDF5 serializers.

``Net`` holds two child links with parameters and one persistent value of each kind the
serializers store (int, float, str, bool and array); its content is determined by ``seed``.
"""
import numpy
import pytest

import chainer


class Leaf(chainer.Link):
    """A link with parameters ``W`` ``(3, 2)`` and ``b`` ``(3,)`` drawn from ``seed``."""

    def __init__(self, seed):
        super().__init__()
        rng = numpy.random.RandomState(seed)
        with self.init_scope():
            self.W = chainer.Parameter(rng.uniform(-1, 1, (3, 2)).astype(numpy.float32))
            self.b = chainer.Parameter(rng.uniform(-1, 1, (3,)).astype(numpy.float32))


class Net(chainer.Chain):
    """Children ``l1``, ``l2`` and persistents ``count``, ``rate``, ``label``, ``flag``,
    ``stats`` (``seed``, ``seed + 0.5``, ``'net<seed>'``, ``seed`` is odd, ``[seed] * 2``)."""

    def __init__(self, seed=0):
        super().__init__()
        with self.init_scope():
            self.l1 = Leaf(seed)
            self.l2 = Leaf(seed + 1)
        self.add_persistent('count', seed)
        self.add_persistent('rate', 0.5 + seed)
        self.add_persistent('label', 'net{}'.format(seed))
        self.add_persistent('flag', bool(seed % 2))
        self.add_persistent('stats', numpy.full((2,), float(seed), dtype=numpy.float32))


class Failing(chainer.Link):
    """Serializes a few values, then fails (to test that failed writes leave no file)."""

    def serialize(self, serializer):
        serializer('a', numpy.zeros(3))
        raise RuntimeError('boom')


def assert_same_params(a, b):
    """Asserts that links ``a`` and ``b`` have the same parameter names and values."""
    for (ka, pa), (kb, pb) in zip(sorted(a.namedparams()), sorted(b.namedparams())):
        assert ka == kb
        numpy.testing.assert_array_equal(pa.array, pb.array)


def assert_unreadable(load, path, data, target):
    """Writes the bytes ``data`` to ``path`` and asserts that ``load(path, target)`` raises a
    ``ValueError`` naming the file."""
    with open(path, 'wb') as f:
        f.write(data)
    with pytest.raises(ValueError) as e:
        load(path, target)
    assert path in str(e.value)


def uninitialized_link(nothing):
    """Returns a link with an uninitialized parameter ``w`` (saved as ``None``) and the
    persistent value ``nothing``."""
    link = chainer.Link()
    with link.init_scope():
        link.w = chainer.Parameter(0.0)
    link.add_persistent('nothing', nothing)
    return link
