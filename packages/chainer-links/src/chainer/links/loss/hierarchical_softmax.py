"""Binary hierarchical softmax: a loss over a vocabulary arranged as a binary tree."""

import copy
import heapq

import numpy

import chainer
from chainer import backend
from chainer import device_resident
from chainer import function
from chainer import initializers
from chainer import link
from chainer.utils._scatter import scatter_add
from chainer.utils import type_check


class TreeParser:
    """Assigns ids to the internal nodes of a binary tree and collects leaf paths.

    A tree is a leaf (any non-tuple object, usually an ``int`` word id) or a tuple
    ``(left, right)`` of two trees.  Internal nodes are numbered in pre-order from 0.
    For every leaf, :meth:`get_paths` gives the ids of the internal nodes from the root
    to it and :meth:`get_codes` the branch taken at each of them: ``1`` to the left
    child and ``-1`` to the right child.

    Args:
        dtype: Data type of the code arrays.
    """

    def __init__(self, dtype):
        self.next_id = 0
        self.dtype = dtype
        self.paths = {}
        self.codes = {}

    def size(self):
        """Returns the number of internal nodes of the last parsed tree."""
        return self.next_id

    def get_paths(self):
        """Returns a dict from each leaf to its ``int32`` array of internal node ids."""
        return self.paths

    def get_codes(self):
        """Returns a dict from each leaf to its array of branch codes (``1`` or ``-1``)."""
        return self.codes

    def parse(self, tree):
        """Parses ``tree`` and (re)builds the paths and codes of its leaves."""
        self.next_id = 0
        self.paths = {}
        self.codes = {}
        path = []
        code = []
        # Iterative depth-first walk so that deep (e.g. Huffman) trees do not hit the
        # recursion limit.  Each stack entry is (node, branch code taken to reach it).
        stack = [(tree, None)]
        while stack:
            node, branch = stack.pop()
            if node is _POP:
                path.pop()
                code.pop()
                continue
            if branch is not None:
                code[-1] = branch
            if isinstance(node, tuple):
                if len(node) != 2:
                    raise ValueError('All internal nodes must have two child nodes')
                left, right = node
                path.append(self.next_id)
                code.append(1.0)
                self.next_id += 1
                stack.append((_POP, None))
                stack.append((right, -1.0))
                stack.append((left, 1.0))
            else:
                self.paths[node] = numpy.array(path, dtype=numpy.int32)
                self.codes[node] = numpy.array(code, dtype=self.dtype)


_POP = object()


class BinaryHierarchicalSoftmaxFunction(device_resident.DeviceResident, function.Function):
    """Hierarchical softmax function based on a binary tree (old-style function).

    The probability of a leaf ``t`` given ``x`` is the product over the internal nodes
    ``n`` on its path of ``sigmoid(c_n * x . W[n])``, where ``c_n`` is the branch code.
    The output is the sum over the batch of the negative log-likelihoods.

    Args:
        tree: A binary tree of nested tuples whose leaves are word ids ``0, ..., V-1``.
        dtype: Data type of the branch codes.

    Attributes:
        paths (numpy.ndarray): ``(V, L)`` ``int32`` internal node ids of each leaf's path,
            padded with 0 (``L`` is the maximum path length).
        codes (numpy.ndarray): ``(V, L)`` branch codes (``1`` or ``-1``), padded with 0.
        parser_size (int): Number of internal nodes, i.e. the number of rows of ``W``.
    """

    def __init__(self, tree, dtype):
        device_resident.DeviceResident.__init__(self)
        parser = TreeParser(dtype)
        parser.parse(tree)
        paths = parser.get_paths()
        codes = parser.get_codes()
        n_vocab = max(paths.keys()) + 1
        max_len = max(len(p) for p in paths.values())
        self.paths = numpy.zeros((n_vocab, max_len), dtype=numpy.int32)
        self.codes = numpy.zeros((n_vocab, max_len), dtype=dtype)
        for leaf, p in paths.items():
            self.paths[leaf, :len(p)] = p
            self.codes[leaf, :len(p)] = codes[leaf]
        self.parser_size = parser.size()

    def device_resident_accept(self, visitor):
        """Moves the path and code tables with the link that owns the function."""
        super().device_resident_accept(visitor)
        self.paths = visitor.visit_array(self.paths)
        self.codes = visitor.visit_array(self.codes)

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x', 't', 'W'))
        x_type, t_type, w_type = in_types

        type_check.expect(
            x_type.dtype.kind == 'f',
            x_type.ndim == 2,
            t_type.dtype == numpy.int32,
            t_type.ndim == 1,
            x_type.shape[0] == t_type.shape[0],
            w_type.dtype == x_type.dtype,
            w_type.ndim == 2,
            w_type.shape[0] == self.parser_size,
            w_type.shape[1] == x_type.shape[1],
        )

    def _path_terms(self, x, t, W):
        # Gathers, for every sample and path position, the node id, the branch code and
        # the pre-activation ``code * x . W[node]`` (padded positions have code 0).
        xp = backend.get_array_module(x)
        nodes = self.paths[t]
        # The codes' dtype may be wider than x's (as v7, the result takes the wider one).
        codes = self.codes[t].astype(numpy.result_type(x.dtype, self.codes.dtype), copy=False)
        wx = xp.einsum('bld,bd->bl', W[nodes], x)
        return xp, nodes, codes, codes * wx

    def forward(self, inputs):
        x, t, W = inputs
        xp, _, codes, z = self._path_terms(x, t, W)
        # -log sigmoid(z) = log(1 + exp(-z)); padded positions contribute nothing.
        terms = xp.where(codes != 0, xp.logaddexp(0, -z), 0)
        loss = terms.sum(dtype=numpy.promote_types(terms.dtype, numpy.float32))
        return xp.asarray(loss, dtype=terms.dtype),

    def backward(self, inputs, grad_outputs):
        x, t, W = inputs
        gloss, = grad_outputs
        xp, nodes, codes, z = self._path_terms(x, t, W)
        # d(-log sigmoid(z))/dz = -sigmoid(-z); z = code * x . W[node].
        g = -codes / (1 + xp.exp(z)) * gloss
        gx = xp.einsum('bl,bld->bd', g, W[nodes]).astype(x.dtype, copy=False)
        gW = xp.zeros_like(W)
        contrib = (g[:, :, None] * x[:, None, :]).reshape(-1, x.shape[1])
        scatter_add(gW, nodes.ravel(), contrib.astype(W.dtype, copy=False))
        return gx, None, gW


class BinaryHierarchicalSoftmax(link.Link):
    """Hierarchical softmax layer over a binary tree.

    The probability of a word ``t`` is ``prod_n sigmoid(c_n * x . W[n])`` over the internal
    nodes ``n`` on the path from the root to the leaf ``t``, where ``c_n`` is ``1`` when
    the path goes to the left child and ``-1`` otherwise (see :class:`TreeParser`).
    It costs ``O(log V)`` per sample instead of the ``O(V)`` of a full softmax.

    Args:
        in_size (int): Dimension of the input vectors.
        tree: A binary tree of nested tuples whose leaves are word ids, e.g.
            ``((0, 1), 2)``; :meth:`create_huffman_tree` builds one from word counts.
        dtype: Data type of the branch codes, which computing uses (default:
            ``chainer.config.dtype``); as in v7, ``W`` takes ``chainer.config.dtype``.

    Attributes:
        W (~chainer.Parameter): ``(n_internal_nodes, in_size)`` weights of the internal
            nodes, initialized uniformly in ``[-1, 1)``.
    """

    def __init__(self, in_size, tree, dtype=None):
        super().__init__()
        self._func = BinaryHierarchicalSoftmaxFunction(tree, chainer.get_dtype(dtype))
        with self.init_scope():
            self.W = chainer.Parameter(
                initializers.Uniform(1, chainer.get_dtype()),
                (self._func.parser_size, in_size))

    def device_resident_accept(self, visitor):
        """Moves the parameter and the path tables of the tree."""
        super().device_resident_accept(visitor)
        self._func.device_resident_accept(visitor)

    @staticmethod
    def create_huffman_tree(word_counts):
        """Builds a Huffman tree from word counts.

        The two least frequent subtrees are merged repeatedly (the first popped becomes the
        left child).  Ties between equal counts are broken by the insertion order of the
        words in ``word_counts``; a merged subtree takes the smaller order of its children.

        Args:
            word_counts (dict): Mapping from a word to its count (a number).

        Returns:
            A binary tree of nested tuples whose leaves are the words, e.g.
            ``{0: 8, 1: 5, 2: 6, 3: 4}`` gives ``((3, 1), (2, 0))``.
        """
        if len(word_counts) == 0:
            raise ValueError('Empty vocabulary')
        # Entries are (count, order, index into nodes) so that heapq never compares trees.
        nodes = []
        heap = []
        for order, (word, count) in enumerate(word_counts.items()):
            nodes.append(word)
            heap.append((count, order, order))
        heapq.heapify(heap)
        while len(heap) >= 2:
            count1, order1, i1 = heapq.heappop(heap)
            count2, order2, i2 = heapq.heappop(heap)
            nodes.append((nodes[i1], nodes[i2]))
            heapq.heappush(heap, (count1 + count2, min(order1, order2), len(nodes) - 1))
        return nodes[heap[0][2]]

    def forward(self, x, t):
        """Computes the loss summed over the batch.

        Args:
            x (~chainer.Variable or array): ``(B, in_size)`` input vectors.
            t (~chainer.Variable or array): ``(B,)`` ``int32`` word ids (leaves of the tree).

        Returns:
            ~chainer.Variable: A scalar, the sum of ``-log p(t_i | x_i)`` over the batch.
        """
        # An old-style function object records its last application; use a fresh one.
        f = copy.copy(self._func)
        return f(x, t, self.W)
