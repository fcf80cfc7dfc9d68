import numpy
import pytest

import chainer
import chainerx
from chainer import initializers
from chainer import serializer as serializer_module


class Dense(chainer.Link):
    def __init__(self, n_in, n_out):
        super().__init__()
        with self.init_scope():
            self.W = chainer.Parameter(initializers.Normal(), (n_out, n_in))
            self.b = chainer.Parameter(initializers.Zero(), (n_out,))
        self.add_persistent('count', 0)

    def forward(self, x):
        self.count += 1
        return chainer.functions.matmul(x, self.W, transb=True) + \
            chainer.functions.broadcast_to(self.b, (x.shape[0], self.b.shape[0]))


class MLP(chainer.Chain):
    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.l2 = Dense(3, 2)
            self.l1 = Dense(4, 3)
            self.scale = chainer.Parameter(initializers.One(), (1,))
        self.add_persistent('avg', numpy.zeros(2, numpy.float32))

    def forward(self, x):
        return self.l2(self.l1(x))


class Outer(chainer.Chain):
    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.mlp = MLP()
            self.head = Dense(2, 1)


class Store(serializer_module.Serializer):
    def __init__(self, target=None, path=''):
        self.target = {} if target is None else target
        self.path = path

    def __getitem__(self, key):
        return Store(self.target, self.path + key + '/')

    def __call__(self, key, value):
        self.target[self.path + key] = value.copy() if hasattr(value, 'copy') else value
        return value


class Load(serializer_module.Deserializer):
    def __init__(self, source, path=''):
        self.source = source
        self.path = path

    def __getitem__(self, key):
        return Load(self.source, self.path + key + '/')

    def __call__(self, key, value):
        stored = self.source[self.path + key]
        if isinstance(value, numpy.ndarray):
            value[...] = stored
            return value
        if value is None:
            return numpy.array(stored)
        return type(value)(stored)


def test_registration_and_names():
    m = MLP()
    assert m._children == {'l1', 'l2'}
    assert m.l1.name == 'l1' and m.l2.name == 'l2'
    assert m['l1'] is m.l1
    assert m._params == {'scale'}


def test_namedparams_paths():
    o = Outer()
    paths = [p for p, _ in o.namedparams()]
    assert paths == ['/head/W', '/head/b', '/mlp/scale', '/mlp/l1/W', '/mlp/l1/b',
                     '/mlp/l2/W', '/mlp/l2/b']
    d = dict(o.namedparams())
    assert d['/mlp/l1/W'] is o.mlp.l1.W
    assert [p.name for p in o.params()] == ['W', 'b', 'scale', 'W', 'b', 'W', 'b']
    assert len(list(o.params())) == 7


def test_namedlinks_links_children():
    o = Outer()
    assert [p for p, _ in o.namedlinks()] == [
        '/', '/head', '/mlp', '/mlp/l1', '/mlp/l2']
    assert [p for p, _ in o.namedlinks(skipself=True)] == [
        '/head', '/mlp', '/mlp/l1', '/mlp/l2']
    assert list(o.links()) == [o, o.head, o.mlp, o.mlp.l1, o.mlp.l2]
    assert list(o.links(skipself=True)) == [o.head, o.mlp, o.mlp.l1, o.mlp.l2]
    assert list(o.children()) == [o.head, o.mlp]


def test_chain_kwargs_and_add_link():
    a, b = Dense(1, 1), Dense(1, 1)
    c = chainer.Chain(a=a, b=b)
    assert c.a is a and a.name == 'a' and c._children == {'a', 'b'}
    d = Dense(1, 1)
    c.add_link('d', d)
    assert d.name == 'd' and 'd' in c._children
    with pytest.raises(AttributeError):
        c.add_link('a', Dense(1, 1))
    with pytest.raises(TypeError):
        c.add_link('e', object())


def test_reassign_in_init_scope_raises():
    m = MLP()
    with pytest.raises(AttributeError):
        with m.init_scope():
            m.l1 = Dense(4, 3)


def test_assign_outside_scope_not_registered():
    m = MLP()
    m.extra = Dense(1, 1)
    assert 'extra' not in m._children
    assert m.extra.name is None


def test_delattr_child():
    m = MLP()
    del m.l2
    assert m._children == {'l1'}
    assert [p for p, _ in m.namedparams()] == ['/scale', '/l1/W', '/l1/b']


def test_copy_share_recursive():
    m = MLP()
    m.l1.W.grad = numpy.ones_like(m.l1.W.array)
    c = m.copy()
    assert c.l1 is not m.l1 and c.l1.name == 'l1'
    assert c.l1.W is not m.l1.W and c.l1.W.array is m.l1.W.array
    assert c.l1.W.grad is None
    assert c.scale.array is m.scale.array
    assert c._children == m._children and c._children is not m._children


def test_copy_copy_and_init_recursive():
    m = MLP()
    c = m.copy('copy')
    assert c.l1.W.array is not m.l1.W.array
    numpy.testing.assert_array_equal(c.l1.W.array, m.l1.W.array)
    assert c.l1.name == 'l1'
    i = m.copy('init')
    assert not numpy.array_equal(i.l1.W.array, m.l1.W.array)
    numpy.testing.assert_array_equal(i.l1.b.array, numpy.zeros(3))


def test_copyparams_and_addgrads_recursive():
    a, b = MLP(), MLP()
    b.avg[...] = [1, 2]
    b.l1.count = 3
    a.copyparams(b)
    for (pa, x), (pb, y) in zip(a.namedparams(), b.namedparams()):
        assert pa == pb
        numpy.testing.assert_array_equal(x.array, y.array)
    numpy.testing.assert_array_equal(a.avg, [1, 2])
    assert a.l1.count == 3
    for p in a.params():
        p.grad = numpy.ones_like(p.array)
    for p in b.params():
        p.grad = numpy.full_like(p.array, 2)
    a.addgrads(b)
    for p in a.params():
        numpy.testing.assert_array_equal(p.grad, numpy.full_like(p.array, 3))


def test_cleargrads_recursive():
    m = MLP()
    for p in m.params():
        p.grad = numpy.ones_like(p.array)
    m.cleargrads()
    assert all(p.grad is None for p in m.params())


def test_serialize_nested_keys_and_roundtrip():
    src = Outer()
    src.mlp.avg[...] = [3, 4]
    src.mlp.l1.count = 7
    s = Store()
    src.serialize(s)
    assert set(s.target) == {
        'head/W', 'head/b', 'head/count', 'mlp/scale', 'mlp/avg',
        'mlp/l1/W', 'mlp/l1/b', 'mlp/l1/count', 'mlp/l2/W', 'mlp/l2/b', 'mlp/l2/count'}
    dst = Outer()
    dst.serialize(Load(s.target))
    for (_, x), (_, y) in zip(dst.namedparams(), src.namedparams()):
        numpy.testing.assert_array_equal(x.array, y.array)
    numpy.testing.assert_array_equal(dst.mlp.avg, [3, 4])
    assert dst.mlp.l1.count == 7


def test_forward_and_backward():
    m = MLP()
    # parameters created with a shape start with NaN gradients (as in v7): clear them first
    assert numpy.isnan(m.l2.b.grad).all()
    m.cleargrads()
    x = numpy.random.RandomState(0).uniform(-1, 1, (5, 4)).astype(numpy.float32)
    y = m(x)
    W1, b1, W2, b2 = m.l1.W.array, m.l1.b.array, m.l2.W.array, m.l2.b.array
    expected = (x.dot(W1.T) + b1).dot(W2.T) + b2
    numpy.testing.assert_allclose(y.array, expected, rtol=1e-5, atol=1e-6)
    chainer.functions.sum(y).backward()
    numpy.testing.assert_allclose(m.l2.b.grad, numpy.full(2, 5.))
    assert m.l1.W.grad.shape == (3, 4)
    assert m.l1.count == 1 and m.l2.count == 1


def test_count_params():
    assert MLP().count_params() == 4 * 3 + 3 + 3 * 2 + 2 + 1


def test_str_nested():
    class Leaf(chainer.Link):
        @property
        def printable_specs(self):
            yield 'k', 1

    class Inner(chainer.Chain):
        def __init__(self):
            super().__init__()
            with self.init_scope():
                self.leaf = Leaf()

    class Top(chainer.Chain):
        def __init__(self):
            super().__init__()
            with self.init_scope():
                self.b = Inner()
                self.a = Leaf()

    assert str(chainer.Chain()) == 'Chain()'
    assert str(Top()) == (
        'Top(\n'
        '  (a): Leaf(k=1),\n'
        '  (b): Inner(\n'
        '    (leaf): Leaf(k=1),\n'
        '  ),\n'
        ')')


def test_to_device_recursive_cpu():
    o = Outer()
    assert o.to_device('@numpy') is o
    assert o.mlp.l1.device == chainer.get_device('@numpy')
    assert o.mlp.xp is numpy


@pytest.mark.gpu
def test_to_gpu_recursive():
    import cupy
    o = Outer()
    o.to_gpu()
    assert all(isinstance(p.array, cupy.ndarray) for p in o.params())
    assert isinstance(o.mlp.avg, cupy.ndarray)
    assert o.mlp.l1.xp is cupy
    o.to_cpu()
    assert all(isinstance(p.array, numpy.ndarray) for p in o.params())
    assert isinstance(o.mlp.avg, numpy.ndarray)


def test_legacy_to_method_override_is_called():
    calls = []

    class Legacy(Dense):
        def to_cpu(self):
            calls.append(self)
            self.extra = 'moved'
            return super().to_cpu()

    o = chainer.Chain()
    with o.init_scope():
        o.child = Legacy(2, 2)
    o.to_cpu()
    assert calls == [o.child] and o.child.extra == 'moved'
    o.to_device('@numpy')
    assert calls == [o.child, o.child]
    o.child.to_cpu()           # called directly: runs once, without recursion
    assert len(calls) == 3


def test_to_intel64_without_ideep():
    m = MLP()
    m.to_device('@intel64')    # without iDeep, @intel64 keeps NumPy arrays
    assert isinstance(m.l1.W.array, numpy.ndarray)


def test_to_chx_and_from_chx_share_memory():
    m = MLP()
    w = m.l1.W.array
    assert m.to_chx() is m
    assert isinstance(m.device, chainer.backend.ChainerxDevice)
    assert m.l1.device == chainer.get_device('native:0')
    chx_w = m.l1.W.array
    assert isinstance(chx_w, chainerx.ndarray)
    assert m.l1.W.requires_grad and m.l1.W.chx_array.is_backprop_required()
    assert isinstance(m.avg, chainerx.ndarray)
    w[0, 0] = 42.0
    assert float(chx_w[0, 0]) == 42.0
    assert m.to_chx() is m
    assert m.from_chx() is m
    assert isinstance(m.l1.W.array, numpy.ndarray) and m.l1.W.array[0, 0] == 42.0
    assert isinstance(m.avg, numpy.ndarray)
    assert m.device == chainer.backend.CpuDevice()


def test_chainerx_link_forward_backward():
    m = MLP().to_device('native:0')
    x = chainerx.array(numpy.ones((2, 4), numpy.float32))
    loss = chainer.functions.sum(m(x))
    assert isinstance(loss.array, chainerx.ndarray)
    m.cleargrads()
    loss.backward()
    reference = MLP()
    for src, dst in zip(m.params(), reference.params()):
        dst.array[...] = chainer.backend.CpuDevice().send(src.array)
    reference.cleargrads()
    chainer.functions.sum(reference(numpy.ones((2, 4), numpy.float32))).backward()
    for p, q in zip(m.params(), reference.params()):
        if q.grad is None:  # the unused ``scale``
            assert p.grad is None
            continue
        assert isinstance(p.grad, chainerx.ndarray)
        numpy.testing.assert_allclose(chainer.backend.CpuDevice().send(p.grad), q.grad,
                                      rtol=1e-6)
