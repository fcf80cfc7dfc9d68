import numpy
import pytest

import chainer
from chainer import initializers


class Leaf(chainer.Link):
    def __init__(self, n=2):
        super().__init__()
        with self.init_scope():
            self.W = chainer.Parameter(initializers.Normal(), (n,))

    def forward(self, x):
        return x * self.W


def test_construct_and_names():
    a, b = Leaf(), Leaf()
    cl = chainer.ChainList(a, b)
    assert len(cl) == 2
    assert cl[0] is a and cl[1] is b and cl[-1] is b
    assert a.name == '0' and b.name == '1'
    assert list(cl) == [a, b]
    assert list(cl.children()) == [a, b]


def test_add_link_append_insert():
    cl = chainer.ChainList()
    a, b, c = Leaf(), Leaf(), Leaf()
    cl.add_link(a)
    cl.append(b)
    cl.insert(0, c)
    assert list(cl) == [c, a, b]
    assert [x.name for x in cl] == ['0', '1', '2']
    with pytest.raises(TypeError):
        cl.insert(0, object())


@pytest.mark.parametrize('add', [
    lambda cl: cl.add_link(3), lambda cl: cl.append(None), lambda cl: cl.insert(0, 3),
    lambda cl: cl.extend([3]), lambda cl: cl.__setitem__(0, 3),
    lambda cl: cl.__setitem__(slice(0, 1), [3])])
def test_non_link_child_raises_attribute_error(add):
    # as v7, which raises AttributeError there (ours is also a TypeError)
    cl = chainer.ChainList(Leaf())
    with pytest.raises(AttributeError):
        add(cl)
    assert len(cl) == 1


def test_setitem_delitem():
    a, b, c = Leaf(), Leaf(), Leaf()
    cl = chainer.ChainList(a, b)
    cl[1] = c
    assert cl[1] is c and c.name == '1'
    cl[-2] = b
    assert cl[0] is b and b.name == '0'
    with pytest.raises(TypeError):
        cl[0] = 3
    del cl[0]
    assert list(cl) == [c] and c.name == '0'


def test_mutable_sequence_mixins():
    a, b, c = Leaf(), Leaf(), Leaf()
    cl = chainer.ChainList(a, b)
    cl.extend([c])
    assert len(cl) == 3 and c.name == '2'
    assert b in cl
    assert cl.index(b) == 1
    assert cl.pop() is c
    cl.remove(a)
    assert list(cl) == [b] and b.name == '0'


def test_namedparams_and_links():
    inner = chainer.ChainList(Leaf(), Leaf(3))
    cl = chainer.ChainList(Leaf(1), inner)
    with cl.init_scope():
        cl.p = chainer.Parameter(initializers.Zero(), (1,))
    assert [p for p, _ in cl.namedparams()] == ['/p', '/0/W', '/1/0/W', '/1/1/W']
    assert [p for p, _ in cl.namedlinks()] == ['/', '/0', '/1', '/1/0', '/1/1']
    assert list(cl.links(skipself=True)) == [cl[0], inner, inner[0], inner[1]]
    assert cl.count_params() == 1 + 1 + 2 + 3


def test_init_scope_link_assignment_raises():
    cl = chainer.ChainList()
    with pytest.raises(TypeError):
        with cl.init_scope():
            cl.l = Leaf()


def test_copy_modes():
    cl = chainer.ChainList(Leaf(), Leaf())
    s = cl.copy()
    assert s[0] is not cl[0] and s[0].W.array is cl[0].W.array
    assert s[1].name == '1'
    assert s._children is not cl._children
    c = cl.copy('copy')
    assert c[0].W.array is not cl[0].W.array
    numpy.testing.assert_array_equal(c[0].W.array, cl[0].W.array)
    i = cl.copy('init')
    assert not numpy.array_equal(i[0].W.array, cl[0].W.array)


def test_copyparams_addgrads():
    a = chainer.ChainList(Leaf(), Leaf())
    b = chainer.ChainList(Leaf(), Leaf())
    a.copyparams(b)
    numpy.testing.assert_array_equal(a[1].W.array, b[1].W.array)
    for p in a.params():
        p.grad = numpy.ones(2, numpy.float32)
    for p in b.params():
        p.grad = numpy.ones(2, numpy.float32)
    a.addgrads(b)
    numpy.testing.assert_array_equal(a[1].W.grad, [2, 2])


def test_serialize_keys():
    cl = chainer.ChainList(Leaf(), chainer.ChainList(Leaf()))
    keys = []

    class S(chainer.serializer.Serializer):
        def __init__(self, path=''):
            self.path = path

        def __getitem__(self, key):
            return S(self.path + key + '/')

        def __call__(self, key, value):
            keys.append(self.path + key)
            return value

    cl.serialize(S())
    assert keys == ['0/W', '1/0/W']


def test_str():
    class Spec(chainer.Link):
        @property
        def printable_specs(self):
            yield 'a', 1

    assert str(chainer.ChainList()) == 'ChainList()'
    assert str(chainer.ChainList(Spec(), chainer.ChainList(Spec()))) == (
        'ChainList(\n'
        '  (0): Spec(a=1),\n'
        '  (1): ChainList(\n'
        '    (0): Spec(a=1),\n'
        '  ),\n'
        ')')


def test_forward_through_children():
    class Stack(chainer.ChainList):
        def forward(self, x):
            for link in self:
                x = link(x)
            return x

    s = Stack(Leaf(), Leaf())
    x = numpy.ones(2, numpy.float32)
    y = s(x)
    numpy.testing.assert_allclose(y.array, s[0].W.array * s[1].W.array)
