"""Generators of CUDA elementwise kernels for N-dimensional im2col / col2im.

:meth:`Im2colNDKernel.generate` and :meth:`Col2imNDKernel.generate` return the
``(in_params, out_params, operation, name)`` of a ``cupy.ElementwiseKernel`` for a given
number of spatial dimensions ``ndim``; the other functions are the small code-building helpers
they use. The kernels take the scalar sizes as ``int32`` parameters, in this order:

- im2col: ``raw T img, d_0.., out_0.., k_0.., s_0.., p_0.., di_0..`` -> ``T col``, where
  ``col`` has the shape ``(n, c, k_0, .., out_0, ..)``;
- col2im: ``raw T col, d_0.., out_0.., k_0.., s_0.., p_0.., di_0..`` -> ``T img``.

(``d``: image sizes, ``out``: output sizes, ``k``: kernel sizes, ``s``: strides, ``p``:
paddings, ``di``: dilations.)
"""
import functools


def mulexp(xs, init=None):
    """C expression multiplying the expressions ``xs`` (after ``init`` if given)."""
    if init is not None:
        return functools.reduce('{} * {}'.format, xs, init)
    return functools.reduce('{} * {}'.format, xs)


def andexp(xs, init=None):
    """C expression and-ing the conditions ``xs`` (after ``init`` if given)."""
    if init is not None:
        return functools.reduce('{} && {}'.format, xs, init)
    return functools.reduce('{} && {}'.format, xs)


def muladdexp(xs, ys, init=None):
    """C expression of a mixed-radix index: ``(y_n + x_n * (... (y_1 + x_1 * init)))``.

    With ``xs`` the sizes and ``ys`` the indexes of the axes (outermost first), it is the
    flat C-order offset of the element.
    """
    def aux(exp, arg):
        x, y = arg
        return '({} + {} * {})'.format(y, x, exp)
    pairs = list(zip(xs, ys))
    if init is not None:
        return functools.reduce(aux, pairs, init)
    first = pairs[0][1]
    return functools.reduce(aux, pairs[1:], first)


def map_(fn, *lst):
    """``list(map(fn, *lst))``."""
    return list(map(fn, *lst))


def succ_sublists(xs):
    """The suffixes of ``xs``: ``[xs[0:], xs[1:], ..., xs[-1:]]``."""
    return [xs[i:] for i in range(len(xs))]


def vars(prefix, n):  # noqa: A001 - v7 name
    """Names ``prefix_0``, ..., ``prefix_{n-1}``."""
    return ['{}_{}'.format(prefix, i) for i in range(n)]


class Writer:
    """Accumulates lines of code with indentation.

    ``write(line, indent)`` appends a line; ``indent`` is ``'inc'`` (indent the following
    lines), ``'dec'`` (unindent this and the following lines) or ``'decinc'`` (unindent only
    this line).
    """

    def __init__(self):
        self._indent = 0
        self._lines = []

    def write(self, line, indent=None):
        """Appends ``line`` (see the class docstring for ``indent``)."""
        if indent in ('dec', 'decinc'):
            self._indent -= 1
        self._lines.append('  ' * self._indent + line)
        if indent in ('inc', 'decinc'):
            self._indent += 1

    def get(self):
        """Returns the code written so far."""
        return '\n'.join(self._lines)


def _scalar_params(ndim):
    names = []
    for prefix in ('d', 'out', 'k', 's', 'p', 'di'):
        names += vars(prefix, ndim)
    return names


class _NDKernel:
    name = None

    @classmethod
    def _in_params(cls, ndim):
        raise NotImplementedError

    @classmethod
    def _out_params(cls):
        raise NotImplementedError

    @classmethod
    def _operation(cls, ndim):
        raise NotImplementedError

    @classmethod
    @functools.lru_cache(maxsize=None)
    def generate(cls, ndim):
        """Returns ``(in_params, out_params, operation, name)`` of the kernel for ``ndim``."""
        if ndim < 1:
            raise ValueError('ndim must be positive, not {}'.format(ndim))
        return (cls._in_params(ndim), cls._out_params(), cls._operation(ndim),
                '{}_{}d'.format(cls.name, ndim))


class Im2colNDKernel(_NDKernel):
    """Generator of the N-d im2col kernel (see the module docstring)."""

    name = 'im2col'

    @classmethod
    def _in_params(cls, ndim):
        return ', '.join(['raw T img'] + ['int32 ' + v for v in _scalar_params(ndim)])

    @classmethod
    def _out_params(cls):
        return 'T col'

    @classmethod
    def _operation(cls, ndim):
        ds, outs, ks = vars('d', ndim), vars('out', ndim), vars('k', ndim)
        ss, ps, dis = vars('s', ndim), vars('p', ndim), vars('di', ndim)
        kxs, out_xs, in_xs = vars('kx', ndim), vars('out_x', ndim), vars('in_x', ndim)
        w = Writer()
        # decompose i over the col shape (n * c, k_0.., out_0..)
        w.write('int c0 = i / ({});'.format(mulexp(ks + outs)))
        for kx, rest in zip(kxs, succ_sublists(ks + outs)):
            w.write('int {} = i / ({}) % {};'.format(kx, mulexp(rest[1:], '1'), rest[0]))
        for out_x, rest in zip(out_xs, succ_sublists(outs)):
            w.write('int {} = i / ({}) % {};'.format(out_x, mulexp(rest[1:], '1'), rest[0]))
        for in_x, kx, di, out_x, s, p in zip(in_xs, kxs, dis, out_xs, ss, ps):
            w.write('int {} = {} * {} + {} * {} - {};'.format(in_x, kx, di, out_x, s, p))
        conds = map_('0 <= {0} && {0} < {1}'.format, in_xs, ds)
        w.write('if ({}) {{'.format(andexp(conds)), 'inc')
        w.write('int idx = {};'.format(muladdexp(ds, in_xs, 'c0')))
        w.write('col = img[idx];')
        w.write('} else {', 'decinc')
        w.write('col = (T)0;')
        w.write('}', 'dec')
        return w.get()


class Col2imNDKernel(_NDKernel):
    """Generator of the N-d col2im kernel (see the module docstring)."""

    name = 'col2im'

    @classmethod
    def _in_params(cls, ndim):
        return ', '.join(['raw T col'] + ['int32 ' + v for v in _scalar_params(ndim)])

    @classmethod
    def _out_params(cls):
        return 'T img'

    @classmethod
    def _operation(cls, ndim):
        ds, outs, ks = vars('d', ndim), vars('out', ndim), vars('k', ndim)
        ss, ps, dis = vars('s', ndim), vars('p', ndim), vars('di', ndim)
        xs, kxs, out_xs = vars('x', ndim), vars('kx', ndim), vars('out_x', ndim)
        w = Writer()
        # decompose i over the image shape (n * c, d_0..)
        w.write('int c0 = i / ({});'.format(mulexp(ds)))
        for x, rest in zip(xs, succ_sublists(ds)):
            w.write('int {} = i / ({}) % {};'.format(x, mulexp(rest[1:], '1'), rest[0]))
        w.write('T val = (T)0;')
        for x, kx, out_x, k, out, s, p, di in zip(xs, kxs, out_xs, ks, outs, ss, ps, dis):
            w.write('for (int {0} = 0; {0} < {1}; ++{0}) {{'.format(kx, k), 'inc')
            w.write('int {}_num = {} + {} - {} * {};'.format(out_x, x, p, kx, di))
            w.write('if ({0}_num < 0 || {0}_num % {1} != 0) continue;'.format(out_x, s))
            w.write('int {0} = {0}_num / {1};'.format(out_x, s))
            w.write('if ({} >= {}) continue;'.format(out_x, out))
        w.write('int idx = {};'.format(
            muladdexp(ks + outs, kxs + out_xs, 'c0')))
        w.write('val = val + col[idx];')
        for _ in range(ndim):
            w.write('}', 'dec')
        w.write('img = val;')
        return w.get()
