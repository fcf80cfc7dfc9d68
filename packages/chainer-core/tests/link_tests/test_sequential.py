import functools
import pickle

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import initializers


class Scale(chainer.Link):
    def __init__(self, n=3):
        super().__init__()
        with self.init_scope():
            self.W = chainer.Parameter(initializers.Uniform(1.0), (n,))

    def forward(self, x):
        return x * F.broadcast_to(self.W, x.shape)


class Pair(chainer.Link):
    def forward(self, x):
        return x, x * 2


def double(x):
    return x * 2


def test_forward_with_functions_and_links():
    l1, l2 = Scale(), Scale()
    s = chainer.Sequential(l1, double, l2, lambda x: x + 1)
    x = numpy.arange(6, dtype=numpy.float32).reshape(2, 3)
    y = s(x)
    expected = (x * l1.W.array * 2) * l2.W.array + 1
    numpy.testing.assert_allclose(y.array, expected, rtol=1e-6)


def test_tuple_outputs_are_unpacked():
    s = chainer.Sequential(Pair(), lambda a, b: a + b)
    x = chainer.Variable(numpy.ones(3, numpy.float32))
    numpy.testing.assert_array_equal(s(x).array, numpy.full(3, 3))
    s2 = chainer.Sequential(lambda a, b: a * b)
    assert s2(2, 3) == 6


def test_empty_forward_raises():
    with pytest.raises(RuntimeError):
        chainer.Sequential()(1)


def test_not_callable():
    with pytest.raises(ValueError):
        chainer.Sequential(3)
    s = chainer.Sequential(double)
    with pytest.raises(ValueError):
        s.append('x')
    with pytest.raises(ValueError):
        s[0] = 1


def test_children_names_follow_link_positions():
    l1, l2, l3 = Scale(), Scale(), Scale()
    s = chainer.Sequential(double, l1, F.relu, l2)
    assert len(s) == 4
    assert list(s.children()) == [l1, l2]
    assert l1.name == '0' and l2.name == '1'
    assert [p for p, _ in s.namedparams()] == ['/0/W', '/1/W']
    s.insert(0, l3)
    assert list(s.children()) == [l3, l1, l2]
    assert [link.name for link in s.children()] == ['0', '1', '2']
    s.insert(2, double)       # a function does not change link names
    assert [link.name for link in s.children()] == ['0', '1', '2']
    assert s[3] is l1


def test_link_names_are_v7s():
    # Recorded from Chainer v7.8.1: a link appended after the first one goes right after it
    # among the children, so names (and the keys of saved files) run backwards after '0'.
    links = [Scale(n) for n in range(1, 5)]
    s = chainer.Sequential(links[0], F.relu, links[1], F.relu, links[2], links[3])
    assert [link.name for link in links] == ['0', '3', '2', '1']
    assert list(s.children()) == [links[0], links[3], links[2], links[1]]
    assert [layer for layer in s] == [links[0], F.relu, links[1], F.relu, links[2], links[3]]
    # a function first: the links keep their order
    a, b = Scale(), Scale()
    chainer.Sequential(double, a, b)
    assert (a.name, b.name) == ('0', '1')


def test_link_names_after_list_operations_are_v7s():
    # a sequence of operations and the names Chainer v7.8.1 gave
    links = {n: Scale() for n in (1, 2, 3, 6, 7, 8, 9)}
    s = chainer.Sequential(links[1], links[2], links[3], double)
    assert [links[n].name for n in (1, 2, 3)] == ['0', '2', '1']
    del s[0]
    s.extend([links[6]])
    assert [links[n].name for n in (2, 3, 6)] == ['2', '0', '1']
    s.insert(-3, links[7])
    assert list(s) == [links[2], links[7], links[3], double, links[6]]
    assert [links[n].name for n in (2, 7, 3, 6)] == ['3', '1', '0', '2']
    s.append(links[8])
    s[5] = links[9]
    assert [links[n].name for n in (2, 7, 3, 6, 9)] == ['4', '2', '0', '3', '1']
    assert s.pop(1) is links[7]
    assert [links[n].name for n in (2, 3, 6, 9)] == ['3', '0', '2', '1']
    with pytest.raises(ValueError, match='5 should be less than 5'):
        s[5] = double


def test_loads_a_v7_npz_of_an_mlp():
    # keys as v7 wrote them for Sequential(l0, relu, l2, relu, l4): v7 renamed the links
    # '0', '2', '1' (its name counter skipped functions), so '1' is the last link
    s = chainer.Sequential(Scale(4), F.relu, Scale(5), F.relu, Scale(2))
    arrays = {'0/W': numpy.full(4, 1, 'f'), '1/W': numpy.full(2, 3, 'f'),
              '2/W': numpy.full(5, 2, 'f')}
    target = chainer.serializers.NpzDeserializer(arrays)
    target.load(s)
    assert [float(s[i].W.array[0]) for i in (0, 2, 4)] == [1.0, 2.0, 3.0]


def test_list_operations():
    l1, l2 = Scale(), Scale()
    s = chainer.Sequential(l1, double, l2)
    assert s[0] is l1 and s[-1] is l2
    assert s[1:] == [double, l2]          # slices give the layers (as v7: a list)
    assert double in s and F.relu not in s
    assert s.index(l2) == 2 and s.index(double, 1) == 1
    assert s.count(double) == 1
    assert list(reversed(s)) == [l2, double, l1]

    assert s.pop(0) is l1
    assert list(s) == [double, l2] and l2.name == '0'
    s.append(l1)
    assert l1.name == '1'
    s.remove(double)
    assert list(s) == [l2, l1]
    with pytest.raises(ValueError):
        s.remove(double)
    assert s.pop() is l1
    assert list(s.children()) == [l2]

    s[0] = double
    assert list(s) == [double] and list(s.children()) == []
    s[0] = l1
    assert list(s.children()) == [l1] and l1.name == '0'
    s.insert(-1, F.relu)
    assert list(s) == [F.relu, l1]
    with pytest.raises(IndexError):
        s.insert(5, F.relu)
    del s[0:1]
    assert list(s) == [l1]
    s.extend(chainer.Sequential(double, l2))
    assert list(s) == [l1, double, l2]
    s.clear()
    assert len(s) == 0 and list(s.children()) == []


def test_add_mul():
    a = chainer.Sequential(Scale(), double)
    b = chainer.Sequential(F.relu)
    c = a + b
    assert isinstance(c, chainer.Sequential) and list(c) == list(a) + list(b)
    with pytest.raises(ValueError):
        a + [double]
    with pytest.raises(TypeError):  # as v7: no __radd__, the list's own concatenation fails
        [double] + a
    a += b
    assert len(a) == 3
    with pytest.raises(ValueError):
        a += 3
    r = b * 3
    assert isinstance(r, chainer.Sequential) and len(r) == 3
    assert len(3 * b) == 3
    assert all(isinstance(layer, chainer.Sequential) for layer in r)


def test_repeat_modes():
    s = chainer.Sequential(Scale(), double)
    r = s.repeat(2, mode='share')
    assert r[0][0].W.array is s[0].W.array
    r = s.repeat(2)
    assert not numpy.array_equal(r[1][0].W.array, s[0].W.array)
    assert r[1][1] is not None


def test_flatten():
    l1, l2, l3 = Scale(), Scale(), Scale()
    s = chainer.Sequential(l1, chainer.Sequential(double, chainer.Sequential(l2)), l3)
    f = s.flatten()
    assert list(f) == [l1, double, l2, l3]
    assert [link.name for link in f.children()] == ['0', '1', '2']


def test_count_and_remove_by_layer_type():
    s = chainer.Sequential(Scale(), F.relu, Scale(), double, F.relu)
    assert s.count_by_layer_type('Scale') == 2
    assert s.count_by_layer_type('relu') == 2
    assert s.count_by_layer_type('double') == 1
    assert s.count_by_layer_type('Linear') == 0
    s.remove_by_layer_type('relu')
    assert s.count_by_layer_type('relu') == 0 and len(s) == 3
    s.remove_by_layer_type('Scale')
    assert list(s) == [double]


def test_copy():
    l1 = Scale()
    s = chainer.Sequential(l1, double)
    c = s.copy()
    assert c[0] is not l1 and c[0].W.array is l1.W.array and c[1] is double
    c = s.copy('copy')
    assert c[0].W.array is not l1.W.array


def test_copyparams():
    a = chainer.Sequential(Scale(), double, Scale())
    b = chainer.Sequential(Scale(), double, Scale())
    a.copyparams(b)
    numpy.testing.assert_array_equal(a[2].W.array, b[2].W.array)
    with pytest.raises(ValueError):
        a.copyparams(chainer.ChainList(Scale(), Scale()))


def test_addgrads():
    a = chainer.Sequential(double, Scale())
    b = chainer.Sequential(double, Scale())
    a[1].W.grad = numpy.ones(3, numpy.float32)
    b[1].W.grad = numpy.ones(3, numpy.float32)
    a.addgrads(b)
    numpy.testing.assert_array_equal(a[1].W.grad, [2, 2, 2])


def test_backward_through_sequential():
    s = chainer.Sequential(Scale(), F.relu, Scale())
    s.cleargrads()
    x = numpy.ones((2, 3), numpy.float32)
    F.sum(s(x)).backward()
    w0, w2 = s[0].W.array, s[2].W.array
    numpy.testing.assert_allclose(s[2].W.grad, 2 * numpy.maximum(w0, 0), rtol=1e-6)
    numpy.testing.assert_allclose(s[0].W.grad, 2 * w2 * (w0 > 0), rtol=1e-6)


def test_str():
    class Spec(chainer.Link):
        @property
        def printable_specs(self):
            yield 'n', 2

    s = chainer.Sequential(Spec(), double, lambda x: x + 1)
    lines = str(s).split('\n')
    assert lines[0] == 'Sequential('
    assert lines[1] == '  (0): Spec(n=2),'
    assert lines[2].startswith('  (1): <function double at ')
    assert lines[3] == '  (2): s = chainer.Sequential(Spec(), double, lambda x: x + 1),'
    assert lines[4] == ')'
    assert str(chainer.Sequential()) == 'Sequential()'


def test_pickle_with_partial():
    s = chainer.Sequential(Scale(), functools.partial(F.sum, axis=0))
    loaded = pickle.loads(pickle.dumps(s))
    x = numpy.ones((2, 3), numpy.float32)
    numpy.testing.assert_allclose(loaded(x).array, s(x).array)
    assert loaded[0].name == '0'


def test_slice_assignment_keeps_list_semantics():
    # v7 has no slice assignment; ours orders the layers as a list would
    l1, l2, l3, l4 = Scale(), Scale(), Scale(), Scale()
    s = chainer.Sequential(l1, F.relu, l2, l3)
    s[0:2] = [l4]
    assert list(s) == [l4, l2, l3]
    s[::2] = [double, F.relu]
    assert list(s) == [double, l2, F.relu]
    assert list(s.children()) == [l2] and l2.name == '0'
    with pytest.raises(ValueError):
        s[::2] = [double]
