"""Einstein summation."""
import string

import numpy

import chainer
from chainer import backend, function_node, utils
from chainer.utils import type_check

_LETTERS = string.ascii_letters


def _parse_einsum_input(subscripts, ndims):
    """Parses ``subscripts`` for operands of the given ndims.

    Ellipses are replaced by letters that do not occur otherwise, so the result is a list of
    input subscripts and an output subscript made of letters only.
    """
    if not isinstance(subscripts, str):
        raise TypeError('subscripts must be a string')
    subscripts = subscripts.replace(' ', '')
    if '->' in subscripts:
        lhs, out = subscripts.split('->')
        if '->' in out:
            raise ValueError('einsum: "->" may appear only once in the subscripts')
    else:
        lhs, out = subscripts, None
    in_subs = lhs.split(',')
    if len(in_subs) != len(ndims):
        raise ValueError('einsum: the subscripts describe {} operands but {} were given'
                         .format(len(in_subs), len(ndims)))
    for s in in_subs + ([out] if out is not None else []):
        rest = s.replace('...', '', 1)
        if any(c not in _LETTERS for c in rest):
            raise ValueError('einsum: subscripts must be letters, got {!r}'.format(s))

    used = set(lhs + (out or '')) & set(_LETTERS)
    n_ell = 0
    for s, nd in zip(in_subs, ndims):
        if '...' in s:
            n_ell = max(n_ell, nd - (len(s) - 3))
    free = [c for c in _LETTERS if c not in used]
    if n_ell > len(free):
        raise ValueError('einsum: not enough letters for the broadcast dimensions')
    ell = ''.join(free[:n_ell])

    converted = []
    for s, nd in zip(in_subs, ndims):
        if '...' in s:
            k = nd - (len(s) - 3)
            if k < 0:
                raise ValueError('einsum: an operand has fewer dimensions than subscripts')
            s = s.replace('...', ell[n_ell - k:])
        if len(s) != nd:
            raise ValueError('einsum: operand with {} dimensions labeled {!r}'.format(nd, s))
        converted.append(s)

    if out is None:
        counts = {}
        for s in converted:
            for c in s:
                counts[c] = counts.get(c, 0) + 1
        out = ell + ''.join(sorted(c for c, n in counts.items() if n == 1 and c not in ell))
    else:
        if '...' in out:
            out = out.replace('...', ell)
        elif n_ell:
            raise ValueError("einsum: the output needs '...' to keep the broadcast "
                             'dimensions of the inputs')
        if len(set(out)) != len(out):
            raise ValueError('einsum: an output subscript is repeated in {!r}'.format(out))
        in_letters = set(''.join(converted))
        for c in out:
            if c not in in_letters:
                raise ValueError('einsum: output subscript {!r} labels no input '
                                 'dimension'.format(c))
    return converted, out


def _unique(s):
    seen = []
    for c in s:
        if c not in seen:
            seen.append(c)
    return ''.join(seen)


class EinSum(function_node.FunctionNode):
    """Einstein summation ``in_subs[0],in_subs[1],...->out_sub`` over letters only."""

    def __init__(self, in_subs, out_sub, dtype=None):
        self.in_subs = list(in_subs)
        self.out_sub = out_sub
        self.dtype = dtype

    @property
    def label(self):
        return 'einsum'

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == len(self.in_subs))
        sizes = {}
        for t, sub in zip(in_types, self.in_subs):
            type_check.expect(t.dtype.kind == 'f', t.ndim == len(sub))
            shape = type_check.eval(t.shape)
            for c, n in zip(sub, shape):
                if n == 1:
                    continue
                if sizes.setdefault(c, n) != n:
                    raise type_check.InvalidType(
                        'sizes of dimensions labeled {!r} match'.format(c),
                        '{} != {}'.format(sizes[c], n))

    def forward(self, inputs):
        self.retain_inputs(tuple(range(len(inputs))))
        xp = backend.get_array_module(*inputs)
        dtype = self.dtype or numpy.result_type(*[x.dtype for x in inputs])
        expr = '{}->{}'.format(','.join(self.in_subs), self.out_sub)
        y = xp.einsum(expr, *inputs)
        return utils.force_array(y, dtype),

    def backward(self, indexes, grad_outputs):
        inputs = self.get_retained_inputs()
        gy, = grad_outputs
        ret = []
        for i in indexes:
            ret.append(_einsum_grad(i, inputs, self.in_subs, self.out_sub, gy))
        return ret


def _einsum_grad(i, inputs, in_subs, out_sub, gy):
    F = chainer.functions
    x = inputs[i]
    sub = in_subs[i]
    uniq = _unique(sub)
    size = {c: n for c, n in zip(sub, x.shape)}
    others = [j for j in range(len(inputs)) if j != i]
    available = set(out_sub).union(*[set(in_subs[j]) for j in others])
    avail = ''.join(c for c in uniq if c in available)

    g = EinSum([out_sub] + [in_subs[j] for j in others], avail, x.dtype).apply(
        [gy] + [inputs[j] for j in others])[0]
    # dimensions broadcast from size one in this operand are summed back
    target = tuple(size[c] for c in avail)
    if g.shape != target:
        g = F.sum_to(g, target)
    # letters that occur only in this operand: the gradient is constant along them
    if avail != uniq:
        g = F.reshape(g, tuple(size[c] if c in avail else 1 for c in uniq))
        g = F.broadcast_to(g, tuple(size[c] for c in uniq))
    # repeated letters (diagonals): embed into the operand's shape
    if uniq != sub:
        g = DiagEinSum(uniq, sub, x.shape).apply((g,))[0]
    return g


class DiagEinSum(function_node.FunctionNode):
    """Places an array labeled ``in_sub`` on the diagonals of an array labeled ``out_sub``.

    ``out_sub`` repeats some letters of ``in_sub``; the other entries of the output are zero.
    This is the adjoint of the diagonal extraction ``out_sub->in_sub`` of :class:`EinSum`.
    """

    def __init__(self, in_sub, out_sub, out_shape):
        self.in_sub = in_sub
        self.out_sub = out_sub
        self.out_shape = tuple(out_shape)

    @property
    def label(self):
        return 'diag_einsum'

    def forward(self, inputs):
        x, = inputs
        xp = backend.get_array_module(x)
        y = xp.zeros(self.out_shape, dtype=x.dtype)
        grid = []
        for k, n in enumerate(x.shape):
            shape = [1] * x.ndim
            shape[k] = n
            grid.append(xp.arange(n).reshape(shape))
        y[tuple(grid[self.in_sub.index(c)] for c in self.out_sub)] = x
        return y,

    def backward(self, indexes, grad_outputs):
        g, = grad_outputs
        return EinSum([self.out_sub], self.in_sub).apply((g,))[0],


def einsum(*operands):
    """Einstein summation, like :func:`numpy.einsum` (string subscripts form).

    Args:
        operands: The subscripts string (e.g. ``'ij,jk->ik'``; ``...`` and the implicit
            output mode are supported) followed by the input variables (float).

    Returns:
        ~chainer.Variable: The result of the summation.

    .. admonition:: Example

        >>> a = np.arange(6, dtype=np.float32).reshape(2, 3)
        >>> b = np.arange(3, dtype=np.float32)
        >>> F.einsum('ij,j->i', a, b).array  # matrix-vector product
        array([ 5., 14.], dtype=float32)
        >>> F.einsum('ij->ji', a).shape
        (3, 2)
        >>> F.einsum('ii', np.eye(3, dtype=np.float32)).array  # trace
        array(3., dtype=float32)
    """
    if not operands:
        raise ValueError('einsum needs a subscripts string and at least one operand')
    subscripts, arrays = operands[0], operands[1:]
    if not arrays:
        raise ValueError('einsum needs at least one operand')
    in_subs, out_sub = _parse_einsum_input(subscripts, [a.ndim for a in arrays])
    return EinSum(in_subs, out_sub).apply(arrays)[0]
