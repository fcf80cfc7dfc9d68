"""Link.params: order, uninitialized parameters, and children overriding params()."""
import numpy

import chainer


class _Leaf(chainer.Link):
    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.b = chainer.Parameter(numpy.zeros(2, 'f'))
            self.a = chainer.Parameter(numpy.zeros(3, 'f'))
            self.u = chainer.Parameter()  # uninitialized


class _Custom(chainer.Link):
    # a link whose params() is overridden: its parents must go through it
    def __init__(self):
        super().__init__()
        self.hidden = chainer.Parameter(numpy.zeros(1, 'f'))

    def params(self, include_uninit=True):
        yield self.hidden


def _model():
    root = chainer.Chain()
    with root.init_scope():
        root.z = chainer.Parameter(numpy.zeros(1, 'f'))
        root.leaf = _Leaf()
        root.custom = _Custom()
        root.seq = chainer.ChainList(_Leaf(), _Leaf())
    return root


def test_params_follow_namedparams_order():
    root = _model()
    named = [p for _, p in root.namedparams()]
    params = list(root.params())
    # namedparams does not know the custom override; compare without it
    custom = root.custom.hidden
    assert [p for p in params if p is not custom] == named
    assert sum(p is custom for p in params) == 1


def test_params_without_uninitialized():
    root = _model()
    params = list(root.params(include_uninit=False))
    assert all(p.array is not None for p in params)
    assert len(params) == len(list(root.params())) - 3  # three _Leaf.u
    assert [n for n, _ in root.namedparams(False)] == [
        '/z', '/leaf/a', '/leaf/b', '/seq/0/a', '/seq/0/b', '/seq/1/a', '/seq/1/b']


def test_params_is_an_iterator_and_cleargrads():
    root = _model()
    it = root.params()
    assert next(it) is root.z
    for p in root.params():
        if p.array is not None:
            p.grad = numpy.ones_like(p.array)
    root.cleargrads()
    assert all(p.grad is None for p in root.params())
