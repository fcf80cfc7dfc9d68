"""MultiNodeChainList: a model split over processes computes what the whole model does."""
import copy

import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
import chainermn


class Part(chainer.Chain):

    def __init__(self, n_in, n_out, seed):
        super().__init__()
        with self.init_scope():
            self.l = L.Linear(n_in, n_out, initialW=chainer.initializers.Normal(
                1, rng=numpy.random.RandomState(seed)))

    def forward(self, x):
        return F.tanh(self.l(x))


class Pair(chainer.Chain):
    """Sends a tuple: its two outputs."""

    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.a = Part(3, 2, 10)
            self.b = Part(3, 2, 11)

    def forward(self, x):
        return self.a(x), self.b(x)


class Sum(chainer.Link):
    """Receives a tuple (one argument) and adds its parts."""

    def forward(self, pair):
        y0, y1 = pair
        return y0 + y1


def _input():
    return numpy.random.RandomState(5).randn(4, 3).astype(numpy.float32)


def test_split_mlp_computes_the_whole_mlp(comm, need_processes):
    need_processes(2)
    parts = [Part(3, 4, 0), Part(4, 4, 1), Part(4, 2, 2)]
    whole = [copy.deepcopy(p) for p in parts]
    model = chainermn.MultiNodeChainList(comm)
    if comm.rank == 0:
        model.add_link(parts[0], rank_in=None, rank_out=1)
        model.add_link(parts[2], rank_in=1, rank_out=None)
    elif comm.rank == 1:
        model.add_link(parts[1], rank_in=0, rank_out=0)
    model.cleargrads()
    y = None
    if comm.rank == 0:
        y = model(_input())
        F.sum(y * y).backward()
    elif comm.rank == 1:
        delegate = model()
        delegate.backward()
    for p in whole:
        p.cleargrads()
    x = chainer.Variable(_input())
    y_whole = whole[2](whole[1](whole[0](x)))
    F.sum(y_whole * y_whole).backward()
    if comm.rank == 0:
        numpy.testing.assert_allclose(y.array, y_whole.array, rtol=1e-5)
        for i in (0, 2):
            numpy.testing.assert_allclose(parts[i].l.W.grad, whole[i].l.W.grad, rtol=1e-4)
    elif comm.rank == 1:
        numpy.testing.assert_allclose(parts[1].l.W.grad, whole[1].l.W.grad, rtol=1e-4)


def test_send_a_tuple(comm, need_processes):
    need_processes(2)
    pair = Pair()
    whole = copy.deepcopy(pair)
    model = chainermn.MultiNodeChainList(comm)
    y = None
    if comm.rank == 0:
        model.add_link(pair, rank_in=None, rank_out=1)
        model.cleargrads()
        model(_input()).backward()
    elif comm.rank == 1:
        model.add_link(Sum(), rank_in=0, rank_out=None)
        y = model()
        F.sum(y).backward()
    y0, y1 = whole(_input())
    whole.cleargrads()
    F.sum(y0 + y1).backward()
    if comm.rank == 0:
        numpy.testing.assert_allclose(pair.a.l.W.grad, whole.a.l.W.grad, rtol=1e-5)
        numpy.testing.assert_allclose(pair.b.l.W.grad, whole.b.l.W.grad, rtol=1e-5)
    elif comm.rank == 1:
        numpy.testing.assert_allclose(y.array, (y0 + y1).array, rtol=1e-5)


def test_fan_out_and_in(comm, need_processes):
    need_processes(3)
    first, left, right = Part(3, 2, 0), Part(2, 2, 1), Part(2, 2, 2)
    whole = [copy.deepcopy(p) for p in (first, left, right)]
    model = chainermn.MultiNodeChainList(comm)
    y = None
    if comm.rank == 0:
        model.add_link(first, rank_in=None, rank_out=[1, 2])
        model.add_link(chainer.Sequential(lambda a, b: a + b), rank_in=[1, 2], rank_out=None)
        model.cleargrads()
        y = model(_input())
        F.sum(y * y).backward()
    elif comm.rank in (1, 2):
        model.add_link(left if comm.rank == 1 else right, rank_in=0, rank_out=0)
        model.cleargrads()
        model().backward()
    for p in whole:
        p.cleargrads()
    x = chainer.Variable(_input())
    h = whole[0](x)
    y_whole = whole[1](h) + whole[2](h)
    F.sum(y_whole * y_whole).backward()
    if comm.rank == 0:
        numpy.testing.assert_allclose(y.array, y_whole.array, rtol=1e-5)
        numpy.testing.assert_allclose(first.l.W.grad, whole[0].l.W.grad, rtol=1e-4)
    elif comm.rank in (1, 2):
        mine = left if comm.rank == 1 else right
        numpy.testing.assert_allclose(mine.l.W.grad, whole[comm.rank].l.W.grad, rtol=1e-4)


def test_only_one_output(comm):
    # as v7: add_link refuses a second part with rank_out=None (and does not register it)
    model = chainermn.MultiNodeChainList(comm)
    model.add_link(Part(3, 3, 0))
    with pytest.raises(ValueError, match='only one part can give the output'):
        model.add_link(Part(3, 3, 1))
    assert len(model) == 1


def test_links_are_registered(comm):
    model = chainermn.MultiNodeChainList(comm)
    model.add_link(Part(3, 3, 0), rank_in=None, rank_out=None)
    assert len(model) == 1
    assert sorted(name for name, _ in model.namedparams()) == ['/0/l/W', '/0/l/b']
    assert isinstance(model, chainer.ChainList)
