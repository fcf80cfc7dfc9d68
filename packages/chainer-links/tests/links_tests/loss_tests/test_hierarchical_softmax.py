import copy

import numpy
import pytest

import chainer
import chainer.links as L
from chainer import gradient_check
from chainer import testing
from chainer.links.loss import hierarchical_softmax as hs
from chainer.utils import type_check

TREE = ((0, 1), (2, (3, 4)))
# Pre-order internal node ids: root 0, (0, 1) 1, (2, (3, 4)) 2, (3, 4) 3.
EXPECTED_PATHS = {0: [0, 1], 1: [0, 1], 2: [0, 2], 3: [0, 2, 3], 4: [0, 2, 3]}
EXPECTED_CODES = {0: [1, 1], 1: [1, -1], 2: [-1, 1], 3: [-1, -1, 1], 4: [-1, -1, -1]}


def reference_loss(x, t, W):
    x = x.astype(numpy.float64)
    W = W.astype(numpy.float64)
    loss = 0.0
    for xi, ti in zip(x, t):
        for node, code in zip(EXPECTED_PATHS[int(ti)], EXPECTED_CODES[int(ti)]):
            z = code * xi.dot(W[node])
            loss -= numpy.log(1 / (1 + numpy.exp(-z)))
    return loss


class TestHuffmanTree:

    def test_spec_example(self):
        tree = L.BinaryHierarchicalSoftmax.create_huffman_tree({0: 8, 1: 5, 2: 6, 3: 4})
        assert tree == ((3, 1), (2, 0))

    def test_ties_follow_insertion_order(self):
        tree = L.BinaryHierarchicalSoftmax.create_huffman_tree({'a': 1, 'b': 1, 'c': 1})
        # a and b merge first (order 0); then c (order 2) and (a, b) (count 2).
        assert tree == ('c', ('a', 'b'))

    def test_single_word(self):
        assert L.BinaryHierarchicalSoftmax.create_huffman_tree({7: 3}) == 7

    def test_empty(self):
        with pytest.raises(ValueError):
            L.BinaryHierarchicalSoftmax.create_huffman_tree({})

    def test_frequent_words_get_short_paths(self):
        counts = {0: 100, 1: 1, 2: 1, 3: 2, 4: 50}
        tree = L.BinaryHierarchicalSoftmax.create_huffman_tree(counts)
        parser = hs.TreeParser(numpy.float32)
        parser.parse(tree)
        paths = parser.get_paths()
        assert sorted(paths) == [0, 1, 2, 3, 4]
        assert len(paths[0]) == 1
        assert len(paths[1]) == 4
        assert parser.size() == 4


class TestTreeParser:

    def test_paths_and_codes(self):
        parser = hs.TreeParser(numpy.float32)
        parser.parse(TREE)
        assert parser.size() == 4
        paths = parser.get_paths()
        codes = parser.get_codes()
        assert sorted(paths) == sorted(EXPECTED_PATHS)
        for leaf in EXPECTED_PATHS:
            assert paths[leaf].dtype == numpy.int32
            numpy.testing.assert_array_equal(paths[leaf], EXPECTED_PATHS[leaf])
            assert codes[leaf].dtype == numpy.float32
            numpy.testing.assert_array_equal(codes[leaf], EXPECTED_CODES[leaf])

    def test_reparse_resets(self):
        parser = hs.TreeParser(numpy.float64)
        parser.parse(TREE)
        parser.parse((0, 1))
        assert parser.size() == 1
        assert sorted(parser.get_paths()) == [0, 1]
        numpy.testing.assert_array_equal(parser.get_codes()[1], [-1])

    def test_deep_tree(self):
        tree = 0
        for i in range(1, 3000):
            tree = (tree, i)
        parser = hs.TreeParser(numpy.float32)
        parser.parse(tree)
        assert parser.size() == 2999
        assert len(parser.get_paths()[0]) == 2999

    def test_invalid_node(self):
        parser = hs.TreeParser(numpy.float32)
        with pytest.raises(ValueError):
            parser.parse(((0, 1, 2), 3))


@testing.parameterize(*testing.product({
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
class TestBinaryHierarchicalSoftmax:

    def setup_method(self):
        with chainer.using_config('dtype', self.dtype):
            self.link = L.BinaryHierarchicalSoftmax(3, TREE)
        self.x = numpy.random.uniform(-1, 1, (4, 3)).astype(self.dtype)
        self.t = numpy.array([0, 2, 3, 4], dtype=numpy.int32)
        self.gy = numpy.random.uniform(-1, 1, ()).astype(self.dtype)
        if self.dtype == numpy.float16:
            self.forward_tol = {'atol': 5e-2, 'rtol': 5e-2}
            self.backward_tol = {'dtype': numpy.float64, 'atol': 5e-2, 'rtol': 5e-2}
        else:
            self.forward_tol = {'atol': 1e-5, 'rtol': 1e-5}
            self.backward_tol = {'atol': 1e-4, 'rtol': 1e-3}
            if self.dtype == numpy.float32:
                self.backward_tol['dtype'] = numpy.float64

    def test_param(self):
        W = self.link.W.array
        assert W.shape == (4, 3)
        assert W.dtype == self.dtype
        assert numpy.all(numpy.abs(W) <= 1)
        assert [name for name, _ in self.link.namedparams()] == ['/W']

    def test_forward(self):
        y = self.link(self.x, self.t)
        assert isinstance(y, chainer.Variable)
        assert y.shape == ()
        assert y.dtype == self.dtype
        expected = reference_loss(self.x, self.t, self.link.W.array)
        testing.assert_allclose(y.array, expected, **self.forward_tol)

    def test_forward_empty_batch(self):
        y = self.link(numpy.zeros((0, 3), self.dtype), numpy.zeros((0,), numpy.int32))
        assert float(y.array) == 0

    def test_backward(self):
        gradient_check.check_backward(
            self.link, (self.x, self.t), self.gy, params=(self.link.W,),
            **self.backward_tol)

    def test_backward_against_reference(self):
        x = chainer.Variable(self.x)
        self.link.cleargrads()
        y = self.link(x, self.t)
        y.grad = numpy.ones((), self.dtype)
        y.backward()
        W = self.link.W.array.astype(numpy.float64)
        gx = numpy.zeros((4, 3))
        gW = numpy.zeros((4, 3))
        for i, ti in enumerate(self.t):
            for node, code in zip(EXPECTED_PATHS[int(ti)], EXPECTED_CODES[int(ti)]):
                z = code * self.x[i].astype(numpy.float64).dot(W[node])
                g = -code / (1 + numpy.exp(z))
                gx[i] += g * W[node]
                gW[node] += g * self.x[i]
        testing.assert_allclose(x.grad, gx, **self.forward_tol)
        testing.assert_allclose(self.link.W.grad, gW, **self.forward_tol)


def test_function_backward_float64():
    func = hs.BinaryHierarchicalSoftmaxFunction(TREE, numpy.float64)
    x = numpy.random.uniform(-1, 1, (3, 2))
    t = numpy.array([1, 3, 4], dtype=numpy.int32)
    W = numpy.random.uniform(-1, 1, (4, 2))
    gy = numpy.random.uniform(-1, 1, ())

    def f(x, W):
        return copy.copy(func)(x, t, W)

    gradient_check.check_backward(f, (x, W), gy, atol=1e-6, rtol=1e-5)


def test_forward_matches_softmax_probabilities():
    # The leaf probabilities of the tree sum to one for every input.
    with chainer.using_config('dtype', numpy.float64):
        link = L.BinaryHierarchicalSoftmax(2, TREE)
    x = numpy.random.uniform(-1, 1, (1, 2))
    total = 0.0
    for leaf in range(5):
        loss = link(x, numpy.array([leaf], numpy.int32)).array
        total += numpy.exp(-loss)
    testing.assert_allclose(total, 1.0, atol=1e-12, rtol=0)


@pytest.mark.parametrize('dtype,loss_dtype', [
    (numpy.float16, numpy.float32), (numpy.float64, numpy.float64)])
def test_dtype_argument_is_the_codes_dtype(dtype, loss_dtype):
    # As v7: W takes chainer.config.dtype and the dtype argument that of the branch codes;
    # the loss takes the wider of the input's and the codes' dtypes.
    link = L.BinaryHierarchicalSoftmax(3, TREE, dtype=dtype)
    assert link.W.dtype == numpy.float32
    x = chainer.Variable(numpy.random.uniform(-1, 1, (2, 3)).astype(numpy.float32))
    y = link(x, numpy.array([0, 4], numpy.int32))
    assert y.dtype == loss_dtype
    y.backward()
    assert x.grad.dtype == numpy.float32 and link.W.grad.dtype == numpy.float32
    with pytest.raises(type_check.InvalidType):
        link(x.array.astype(dtype), numpy.array([0, 4], numpy.int32))


def test_v7_layout(load_v7_npz):
    load_v7_npz(L.BinaryHierarchicalSoftmax(3, TREE), {
        'W': numpy.random.rand(4, 3).astype(numpy.float32)})


def test_serialization_round_trips(check_round_trips):
    check_round_trips(lambda: L.BinaryHierarchicalSoftmax(3, TREE))


def test_copy_keeps_tables():
    link = L.BinaryHierarchicalSoftmax(2, TREE, dtype=numpy.float32)
    x = numpy.random.uniform(-1, 1, (2, 2)).astype(numpy.float32)
    t = numpy.array([1, 4], numpy.int32)
    link2 = link.copy(mode='copy')
    testing.assert_allclose(link(x, t).array, link2(x, t).array)


@pytest.mark.parametrize('x_shape,x_dtype,t,W_shape,W_dtype', [
    ((2, 3), numpy.int32, [0, 1], (4, 3), numpy.float32),        # x not float
    ((2, 3), numpy.float32, [0, 1], (4, 3), numpy.float64),      # W dtype mismatch
    ((2, 3, 1), numpy.float32, [0, 1], (4, 3), numpy.float32),   # x not 2-d
    ((3, 3), numpy.float32, [0, 1], (4, 3), numpy.float32),      # batch size mismatch
    ((2, 3), numpy.float32, [0, 1], (5, 3), numpy.float32),      # wrong number of nodes
    ((2, 3), numpy.float32, [0, 1], (4, 2), numpy.float32),      # wrong in_size
])
def test_invalid_type(x_shape, x_dtype, t, W_shape, W_dtype):
    func = hs.BinaryHierarchicalSoftmaxFunction(TREE, numpy.float32)
    x = numpy.zeros(x_shape, dtype=x_dtype)
    W = numpy.zeros(W_shape, dtype=W_dtype)
    with pytest.raises(type_check.InvalidType):
        func(x, numpy.array(t, dtype=numpy.int32), W)


def test_invalid_label_dtype():
    link = L.BinaryHierarchicalSoftmax(3, TREE)
    with pytest.raises(type_check.InvalidType):
        link(numpy.zeros((2, 3), numpy.float32), numpy.array([0, 1], numpy.int64))


@pytest.mark.gpu
def test_forward_backward_gpu():
    link = L.BinaryHierarchicalSoftmax(3, TREE, dtype=numpy.float32)
    x = numpy.random.uniform(-1, 1, (4, 3)).astype(numpy.float32)
    t = numpy.array([0, 2, 3, 4], dtype=numpy.int32)
    expected = reference_loss(x, t, link.W.array)
    link.to_gpu()
    from chainer.backends import cuda
    xg = cuda.to_gpu(x)
    tg = cuda.to_gpu(t)
    y = link(xg, tg)
    testing.assert_allclose(cuda.to_cpu(y.array), expected, atol=1e-5, rtol=1e-5)
    gradient_check.check_backward(
        link, (xg, tg), cuda.cupy.array(1.0, numpy.float32), params=(link.W,),
        dtype=numpy.float64, atol=1e-4, rtol=1e-3)
