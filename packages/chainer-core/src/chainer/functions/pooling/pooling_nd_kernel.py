"""CUDA code generators for N-dimensional pooling without cuDNN (one thread per element).

``generate(ndim)`` returns ``(in_params, out_params, operation, name)`` for
``chainer.backends.cuda.elementwise``. Every kernel takes, after its own leading arrays, the
int32 scalars ``d_0..d_{n-1}`` (input sizes), ``out_0..`` (output sizes), ``k_0..`` (window),
``s_0..`` (stride) and ``p_0..`` (padding), in this order (see :func:`size_args`).

Forward kernels run one thread per output element; inside the (clipped) window of output
``(c0, out_x_0, ...)`` they see ``v`` (the input value), ``off`` (its flat index) and ``kk``
(its flat position inside the unclipped window). Backward kernels run one thread per input
element ``(c0, x_0, ...)`` and loop over the outputs whose windows contain it, with ``ooff``
(the flat output index), ``kk`` (the position of the input inside that window) and ``cnt``
(the number of non-padded elements of that window).
"""


def _names(prefix, ndim):
    return ['{}_{}'.format(prefix, j) for j in range(ndim)]


def size_args(dims, outs, ksize, stride, pad):
    """The scalar arguments of the generated kernels, in order."""
    return tuple(int(v) for v in tuple(dims) + tuple(outs) + tuple(ksize) + tuple(stride)
                 + tuple(pad))


def _size_params(ndim):
    params = []
    for prefix in ('d', 'out', 'k', 's', 'p'):
        params += ['int32 ' + n for n in _names(prefix, ndim)]
    return params


def _unravel(var, extent, ndim):
    """Lines splitting the thread index ``i`` into ``c0`` and ``{var}_0..`` (C order)."""
    lines = ['int rest = i;']
    for j in reversed(range(ndim)):
        lines.append('int {v}_{j} = rest % {e}_{j}; rest /= {e}_{j};'.format(v=var, e=extent, j=j))
    lines.append('int c0 = rest;')
    return lines


class _KernelGenerator:
    """Shared assembly of the pooling kernels; subclasses provide the loops and hooks."""

    name = None
    lead_param = None  # the leading raw input array

    def in_params(self):
        """Extra input parameters (after the leading array and the sizes)."""
        return []

    @classmethod
    def generate(cls, ndim):
        return cls()._generate(ndim)

    def _assemble(self, ndim, lines, inner_declarations):
        lines.append(inner_declarations)
        lines.append(self.main())
        lines.append('}' * ndim)
        lines.append(self.after())
        in_params = ', '.join([self.lead_param] + _size_params(ndim) + self.in_params())
        out_params = ', '.join(self.out_params())
        return in_params, out_params, '\n'.join(lines), '{}_{}d'.format(self.name, ndim)


class PoolingNDKernelForward(_KernelGenerator):
    """Generator of forward pooling kernels; subclasses define the hooks."""

    name = 'pooling_nd_forward'
    lead_param = 'raw T x_in'

    def out_params(self):
        raise NotImplementedError

    def before(self):
        raise NotImplementedError

    def main(self):
        raise NotImplementedError

    def after(self):
        raise NotImplementedError

    def _generate(self, ndim):
        lines = _unravel('out_x', 'out', ndim)
        for j in range(ndim):
            lines.append(
                'int x_lo_{j} = out_x_{j} * s_{j} - p_{j};'
                ' int x_begin_{j} = max(0, x_lo_{j});'
                ' int x_end_{j} = min(d_{j}, x_lo_{j} + k_{j});'.format(j=j))
        lines.append(self.before())
        prev_off, prev_kk = 'c0', '0'
        for j in range(ndim):
            lines.append(
                'for (int x_{j} = x_begin_{j}; x_{j} < x_end_{j}; ++x_{j}) {{'
                ' int off_{j} = {po} * d_{j} + x_{j};'
                ' int kk_{j} = {pk} * k_{j} + (x_{j} - x_lo_{j});'.format(
                    j=j, po=prev_off, pk=prev_kk))
            prev_off, prev_kk = 'off_{}'.format(j), 'kk_{}'.format(j)
        return self._assemble(
            ndim, lines, 'int off = {}; int kk = {}; T v = x_in[off];'.format(prev_off, prev_kk))


class PoolingNDKernelBackward(_KernelGenerator):
    """Generator of backward pooling kernels; subclasses define the hooks."""

    name = 'pooling_nd_backward'
    lead_param = 'raw T gy'

    def out_params(self):
        return ['T gx']

    def before(self):
        return 'T val = 0;'

    def main(self):
        raise NotImplementedError

    def after(self):
        return 'gx = val;'

    def _generate(self, ndim):
        lines = _unravel('x', 'd', ndim)
        for j in range(ndim):
            lines.append(
                'int o_begin_{j} = (x_{j} + p_{j} < k_{j}) ? 0 :'
                ' (x_{j} + p_{j} - k_{j}) / s_{j} + 1;'
                ' int o_end_{j} = min(out_{j}, (x_{j} + p_{j}) / s_{j} + 1);'.format(j=j))
        lines.append(self.before())
        prev_off, prev_kk, prev_cnt = 'c0', '0', '1'
        for j in range(ndim):
            lines.append(
                'for (int o_{j} = o_begin_{j}; o_{j} < o_end_{j}; ++o_{j}) {{'
                ' int ooff_{j} = {po} * out_{j} + o_{j};'
                ' int kk_{j} = {pk} * k_{j} + (x_{j} + p_{j} - o_{j} * s_{j});'
                ' int lo_{j} = o_{j} * s_{j} - p_{j};'
                ' int cnt_{j} = {pc} * (min(d_{j}, lo_{j} + k_{j}) - max(0, lo_{j}));'.format(
                    j=j, po=prev_off, pk=prev_kk, pc=prev_cnt))
            prev_off = 'ooff_{}'.format(j)
            prev_kk = 'kk_{}'.format(j)
            prev_cnt = 'cnt_{}'.format(j)
        return self._assemble(ndim, lines, 'int ooff = {}; int kk = {}; int cnt = {};'.format(
            prev_off, prev_kk, prev_cnt))


def run(generator, ndim, arrays, sizes, extra, out_arrays):
    """Compiles (memoized by CuPy) and runs ``generator`` for ``ndim`` spatial axes."""
    from chainer.backends import cuda
    in_params, out_params, operation, name = generator.generate(ndim)
    kernel = cuda.elementwise(in_params, out_params, operation, name)
    kernel(*(tuple(arrays) + tuple(sizes) + tuple(extra) + tuple(out_arrays)))
    return out_arrays
