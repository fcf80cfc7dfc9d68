"""Einstein summation: :func:`einsum`.

Subscripts are handled as v7 does: after :func:`_parse_einsum_input` the inputs are labeled
by comma-separated letters with ``@`` standing for an ellipsis (broadcast dimensions), and the
nodes keep those strings. Before computing, ``@`` is replaced by letters not used otherwise.
"""
import numpy

import chainer
from chainer import backend, function_node, utils
from chainer.utils import type_check

einsum_symbols = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
einsum_symbols_set = set(einsum_symbols)


def _enumerate_axes(subscripts):
    """Yields ``(axis, label)`` of a subscript; the ellipsis ``@`` gets the slice of axes it
    covers and the labels after it negative axes."""
    if '@' in subscripts:
        left, right = subscripts.split('@')
        for i, s in enumerate(left):
            yield i, s
        yield slice(len(left), -len(right) or None), '@'
        for i, s in enumerate(right):
            yield i - len(right), s
    else:
        for i, s in enumerate(subscripts):
            yield i, s


def _sublist_to_subscript(sublist):
    labels = []
    for s in sublist:
        if s is Ellipsis:
            labels.append('@')
        elif isinstance(s, int):
            labels.append(einsum_symbols[s])
        else:
            raise TypeError('For this input type lists must contain either int or Ellipsis')
    return ''.join(labels)


def _parse_einsum_input(operands):
    """Parses the arguments of :func:`einsum` (subscripts string or sublist form).

    Returns:
        tuple: ``(in_subscripts, out_subscript, inputs)``: the comma-joined input subscripts
        and the output subscript, ``@`` standing for ``...``, and the operands.
    """
    if not operands:
        raise ValueError('No input operands')
    if isinstance(operands[0], str):
        subscripts = operands[0].replace(' ', '')
        inputs = operands[1:]
        for s in subscripts:
            if s in '.,->':
                continue
            if s not in einsum_symbols_set:
                raise ValueError('Character %s is not a valid symbol.' % s)
        if ('-' in subscripts or '>' in subscripts) and (
                subscripts.count('->') != 1 or subscripts.count('-') > 1
                or subscripts.count('>') > 1):
            raise ValueError("Subscripts can only contain one '->'.")
        if '.' in subscripts:
            if subscripts.count('.') != 3 * subscripts.count('...') or any(
                    part.count('...') > 1 for part in subscripts.replace('->', ',').split(',')):
                raise ValueError('Invalid Ellipses.')
            subscripts = subscripts.replace('...', '@')
    else:
        # sublist form: einsum(a, [0, 1], b, [1, 2], [0, 2])
        operands = list(operands)
        inputs = operands[0::2][:len(operands) // 2]
        sublists = operands[1::2]
        subscripts = ','.join(_sublist_to_subscript(s) for s in sublists)
        if len(operands) % 2:
            subscripts += '->' + _sublist_to_subscript(operands[-1])
    if '->' in subscripts:
        in_subscripts, out_subscript = subscripts.split('->')
    else:
        in_subscripts = subscripts
        labels = in_subscripts.replace(',', '').replace('@', '')
        out_subscript = ('@' if '@' in in_subscripts else '') + ''.join(
            sorted(s for s in set(labels) if labels.count(s) == 1))
    if len(in_subscripts.split(',')) != len(inputs):
        raise ValueError('Number of einsum subscripts must be equal to the number of '
                         'operands.')
    for s in out_subscript:
        if s != '@' and s not in in_subscripts:
            raise ValueError('Output character %s did not appear in the input' % s)
    return in_subscripts, out_subscript, inputs


def _letter_subscripts(in_subscripts, out_subscript, ndims):
    """Replaces ``@`` by unused letters, given the ndims of the operands.

    Returns ``(list of input subscripts, output subscript)`` made of letters only.
    """
    in_subs = in_subscripts.split(',')
    if '@' in in_subscripts and '@' not in out_subscript:
        raise ValueError(
            'einsum should not support summing over Ellipsis, while NumPy 1.14 sometimes '
            'accidentally supports it. This feature is no longer supported by Chainer. '
            'See also NumPy issues #10926, #9984.')
    for s in out_subscript:
        if out_subscript.count(s) > 1:
            raise ValueError('einstein sum subscripts string includes output subscript '
                             "'{}' multiple times".format(s))
    for sub, ndim in zip(in_subs, ndims):
        if '@' not in sub and len(sub) != ndim:
            raise ValueError(
                'operand has {} dimensions than subscripts given in einstein sum{}'.format(
                    'more' if ndim > len(sub) else 'fewer',
                    ", but no '...' ellipsis provided to broadcast the extra dimensions."
                    if ndim > len(sub) else '.'))
    n_ellipsis = 0
    for sub, ndim in zip(in_subs, ndims):
        if '@' in sub:
            n_ellipsis = max(n_ellipsis, ndim - (len(sub) - 1))
    used = set(in_subscripts) | set(out_subscript)
    free = [c for c in einsum_symbols if c not in used]
    if n_ellipsis > len(free):
        raise ValueError('einsum: not enough letters for the broadcast dimensions')
    ellipsis = ''.join(free[:n_ellipsis])
    converted = []
    for sub, ndim in zip(in_subs, ndims):
        if '@' in sub:
            k = ndim - (len(sub) - 1)
            if k < 0:
                raise ValueError('einsum: an operand has fewer dimensions than subscripts')
            sub = sub.replace('@', ellipsis[n_ellipsis - k:])
        converted.append(sub)
    return converted, out_subscript.replace('@', ellipsis)


def _einsum(xp, dtype, in_subscripts, out_subscript, *inputs, **kwargs):
    """The summation on arrays (``@`` for ellipses), its result in ``dtype``."""
    expr = '{}->{}'.format(in_subscripts, out_subscript).replace('@', '...')
    return utils.force_array(xp.einsum(expr, *inputs, **kwargs), dtype)


def _unique(s):
    seen = []
    for c in s:
        if c not in seen:
            seen.append(c)
    return ''.join(seen)


class EinSum(function_node.FunctionNode):
    """Einstein summation ``in_subs->out_sub`` (comma-joined input subscripts, ``@`` for
    ellipses)."""

    def __init__(self, in_subs, out_sub):
        self.in_subs = in_subs
        self.out_sub = out_sub

    def check_type_forward(self, in_types):
        subs = self.in_subs.split(',')
        type_check.expect(in_types.size() == len(subs))
        type_check.argname(in_types, tuple('x%d' % i for i in range(len(subs))))
        for t in in_types:
            type_check.expect(t.dtype.kind == 'f')
        ndims = [type_check.eval(t.ndim) for t in in_types]
        letters, _ = _letter_subscripts(self.in_subs, self.out_sub, ndims)
        # As v7, sizes must agree exactly: no broadcasting from size one, and the
        # ellipsis stands for the same dimensions in every operand that has one.
        ellipsis_shapes = []
        sizes = {}
        for i, (t, sub, sub_at) in enumerate(zip(in_types, letters, subs)):
            type_check.expect(t.ndim == len(sub))
            shape = tuple(type_check.eval(t.shape))
            if '@' in sub_at:
                start = sub_at.index('@')
                ellipsis_shapes.append(
                    (i, shape[start:start + len(shape) - len(sub_at) + 1]))
            for c, n in zip(sub, shape):
                if sizes.setdefault(c, n) != n:
                    raise type_check.InvalidType(
                        'sizes of dimensions labeled {!r} match'.format(c),
                        '{} != {}'.format(sizes[c], n))
        for i, shape in ellipsis_shapes[1:]:
            first, first_shape = ellipsis_shapes[0]
            if shape != first_shape:
                raise type_check.InvalidType(
                    'x{}.shape[...] == x{}.shape[...]'.format(first, i),
                    '{} != {}'.format(first_shape, shape))

    def forward(self, inputs):
        self.retain_inputs(tuple(range(len(inputs))))
        xp = backend.get_array_module(*inputs)
        dtype = numpy.result_type(*[x.dtype for x in inputs])
        return _einsum(xp, dtype, self.in_subs, self.out_sub, *inputs),

    def backward(self, indexes, grad_outputs):
        inputs = self.get_retained_inputs()
        in_subs, out_sub = _letter_subscripts(
            self.in_subs, self.out_sub, [x.ndim for x in inputs])
        gy, = grad_outputs
        return [_einsum_grad(i, inputs, in_subs, out_sub, gy) for i in indexes]


def _einsum_grad(i, inputs, in_subs, out_sub, gy):
    F = chainer.functions
    x = inputs[i]
    sub = in_subs[i]
    uniq = _unique(sub)
    size = {c: n for c, n in zip(sub, x.shape)}
    others = [j for j in range(len(inputs)) if j != i]
    available = set(out_sub).union(*[set(in_subs[j]) for j in others])
    avail = ''.join(c for c in uniq if c in available)

    g = EinSum(','.join([out_sub] + [in_subs[j] for j in others]), avail).apply(
        [gy] + [inputs[j] for j in others])[0]
    if g.dtype != x.dtype:
        g = F.cast(g, x.dtype)
    # letters that occur only in this operand: the gradient is constant along them
    if avail != uniq:
        g = F.reshape(g, tuple(size[c] if c in avail else 1 for c in uniq))
        g = F.broadcast_to(g, tuple(size[c] for c in uniq))
    # repeated letters (diagonals): embed into the operand's shape
    if uniq != sub:
        g = DiagEinSum(uniq, sub, x.shape).apply((g,))[0]
    return g


class DiagEinSum(function_node.FunctionNode):
    """Places an array labeled ``in_subs`` on the diagonals of an array labeled ``out_sub``.

    ``out_sub`` repeats some letters of ``in_subs``; the other entries of the output are zero.
    This is the adjoint of the diagonal extraction ``out_sub->in_subs`` of :class:`EinSum`.
    """

    def __init__(self, in_subs, out_sub, out_shape):
        self.in_subs = in_subs
        self.out_sub = out_sub
        self.out_shape = tuple(out_shape)

    def forward(self, inputs):
        x, = inputs
        xp = backend.get_array_module(x)
        y = xp.zeros(self.out_shape, dtype=x.dtype)
        grid = []
        for k, n in enumerate(x.shape):
            shape = [1] * x.ndim
            shape[k] = n
            grid.append(xp.arange(n).reshape(shape))
        y[tuple(grid[self.in_subs.index(c)] for c in self.out_sub)] = x
        return y,

    def backward(self, indexes, grad_outputs):
        g, = grad_outputs
        return EinSum(self.out_sub, self.in_subs).apply((g,))[0],


def einsum(*operands):
    """Einstein summation, like :func:`numpy.einsum`.

    Both call forms of NumPy are accepted: a subscripts string followed by the operands
    (``einsum('ij,jk->ik', a, b)``; ``...`` and the implicit output are supported), or each
    operand followed by a list of integer labels (and ``Ellipsis``), with an optional
    output list last (``einsum(a, [0, 1], b, [1, 2], [0, 2])``).

    Args:
        operands: The subscripts and the input variables (float; the result has NumPy's
            result dtype of the inputs).

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
    in_subscripts, out_subscript, inputs = _parse_einsum_input(operands)
    return EinSum(in_subscripts, out_subscript).apply(inputs)[0]
