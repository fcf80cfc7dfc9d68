"""Numerical gradient checking (``chainer.gradient_check``)."""
import numpy

import chainer
from chainer import backend
from chainer import function_node
from chainer import testing
from chainer import variable as variable_module


class NondifferentiableError(Exception):
    """Raised when a function is found not differentiable at the checked point."""


class _Identity(function_node.FunctionNode):
    """Identity that gives every checked output a creator (outputs may be inputs)."""

    def forward(self, inputs):
        return tuple(inputs)

    def backward(self, indexes, grad_outputs):
        return tuple(grad_outputs[i] for i in indexes)


def _connect(ys):
    return _Identity().apply(tuple(ys))


def _as_tuple(x):
    if x is None:
        return ()
    if isinstance(x, (tuple, list)):
        return tuple(x)
    return (x,)


def _copy_arrays(xs):
    xp = backend.get_array_module(*xs)
    return [xp.array(x) for x in xs]


def numerical_grad(f, inputs, grad_outputs, eps=1e-3, detect_nondifferentiable=False,
                   diff_atol=0, diff_rtol=1e-2, center_outputs=None):
    """Computes numerical gradients by central differences.

    Args:
        f: A function of no arguments that returns a tuple of output arrays, computed from the
            current contents of ``inputs`` (which are perturbed in place).
        inputs (tuple of arrays): Input arrays.
        grad_outputs (tuple of arrays): Gradients w.r.t. the outputs (None entries count as 0).
        eps (float): Perturbation size (a scalar, or one per input).
        detect_nondifferentiable (bool): Raise :class:`NondifferentiableError` when the one-sided
            differences disagree.
        diff_atol, diff_rtol (float): Tolerances of the non-differentiability test.
        center_outputs: Unused (kept for v7 signature compatibility).

    Returns:
        A tuple of gradient arrays, one per input.
    """
    if numpy.isscalar(eps):
        eps = (eps,) * len(inputs)
    xp = backend.get_array_module(*inputs)
    grads = [xp.zeros(x.shape, numpy.float64) for x in inputs]

    def evaluate():
        ys = f()
        ys = _as_tuple(ys)
        total = 0.0
        for y, gy in zip(ys, grad_outputs):
            if gy is None or y is None:
                continue
            y = y.array if isinstance(y, variable_module.Variable) else y
            total = total + float((y.astype(numpy.float64) * gy.astype(numpy.float64)).sum())
        return total

    for x, gx, e in zip(inputs, grads, eps):
        if x.dtype.kind != 'f':
            continue
        for i in numpy.ndindex(x.shape):
            orig = x[i].copy()
            x[i] = orig + e
            plus = evaluate()
            x[i] = orig - e
            minus = evaluate()
            if detect_nondifferentiable:
                x[i] = orig
                center = evaluate()
                right = (plus - center) / e
                left = (center - minus) / e
                if abs(right - left) > diff_atol + diff_rtol * max(abs(right), abs(left)):
                    x[i] = orig
                    raise NondifferentiableError(
                        'function is not differentiable at index %s: left %g, right %g'
                        % (i, left, right))
            x[i] = orig
            gx[i] = (plus - minus) / (2 * e)
    return tuple(g.astype(x.dtype, copy=False) if x.dtype.kind == 'f' else g
                 for g, x in zip(grads, inputs))


def _directional(xs, rng):
    directions = [rng.normal(size=x.shape) for x in xs]
    norm = numpy.sqrt(sum(float(numpy.square(d).sum()) for d in directions))
    if norm == 0:
        norm = 1.0
    return [d / norm for d in directions]


class _CheckBackward:
    def __init__(self, func, x_data, y_grad, params, eps, atol, rtol, no_grads, dtype,
                 detect_nondifferentiable):
        if dtype is not None and numpy.dtype(dtype).kind != 'f':
            raise ValueError('`dtype` is allowed only float type')
        self.func = func
        self.x_data = _as_tuple(x_data)
        self.y_grad = None if y_grad is None else _as_tuple(y_grad)
        self.params = _as_tuple(params)
        self.eps = eps
        self.atol = atol
        self.rtol = rtol
        self.no_grads = no_grads
        self.dtype = dtype
        self.detect_nondifferentiable = detect_nondifferentiable

    def run(self):
        x_vars = [x if isinstance(x, variable_module.Variable) else
                  variable_module.Variable(x) for x in self.x_data]
        no_grads = self.no_grads
        if no_grads is None:
            no_grads = [x.dtype.kind != 'f' for x in x_vars]
        elif len(no_grads) != len(x_vars):
            raise ValueError('Length of no_grads param and xs should be same.\n'
                             'Actual: {0} != {1}'.format(len(no_grads), len(x_vars)))
        for x, skip in zip(x_vars, no_grads):
            if skip and x.dtype.kind == 'f':
                x._requires_grad = False
                x.node.requires_grad = False

        # analytical gradients
        for x in x_vars:
            x.cleargrad()
        for p in self.params:
            p.cleargrad()
        ys = _as_tuple(self.func(*x_vars))
        ys = _connect([chainer.as_variable(y) for y in ys])
        y_grad = self.y_grad
        if y_grad is None:
            for y in ys:
                if y.size != 1:
                    raise ValueError(
                        'y_grad argument cannot be omitted if the target function returns'
                        ' non-scalar outputs')
            y_grad = tuple(y.xp.ones_like(y.array) for y in ys)
        if len(ys) != len(y_grad):
            raise ValueError('Number of outputs ({}) does not match number of grad outputs'
                             ' ({})'.format(len(ys), len(y_grad)))
        for y, gy in zip(ys, y_grad):
            if gy is not None and gy.shape != y.shape:
                raise ValueError('shape of y_grad %s does not match output %s'
                                 % (gy.shape, y.shape))
        pairs = [(y, gy) for y, gy in zip(ys, y_grad) if gy is not None]
        if pairs:
            chainer.backward([p[0] for p in pairs],
                             [variable_module.Variable(p[1], requires_grad=False)
                              for p in pairs])

        targets = [(x, False) for x, skip in zip(x_vars, no_grads) if not skip]
        targets += [(p, True) for p in self.params]
        analytic = []
        for var, _ in targets:
            g = var.grad
            if g is None:
                g = var.xp.zeros_like(var.array)
            analytic.append(backend.CpuDevice().send(g).astype(numpy.float64))

        # numerical directional derivative
        target_arrays = [var.array for var, _ in targets]
        directions = _directional(target_arrays, numpy.random)
        dtype = self.dtype
        casted = []
        for var, _ in targets:
            a = var.array
            casted.append(a.astype(dtype) if dtype is not None else a.copy())
        originals = [c.copy() for c in casted]
        xp = backend.get_array_module(*casted) if casted else numpy
        deltas = [xp.asarray(d.astype(c.dtype)) for d, c in zip(directions, casted)]

        def f_at(scale):
            for c, o, d in zip(casted, originals, deltas):
                c[...] = o + scale * d
            inputs = []
            it = iter(casted[:len(targets) - len(self.params)])
            for x, skip in zip(x_vars, no_grads):
                if skip:
                    inputs.append(x.array if dtype is None or x.dtype.kind != 'f'
                                  else x.array.astype(dtype))
                else:
                    inputs.append(next(it))
            saved = [p.array for p in self.params]
            for p, c in zip(self.params, casted[len(casted) - len(self.params):]):
                p.array = c
            try:
                outs = _as_tuple(self.func(*[
                    variable_module.Variable(x) for x in inputs]))
            finally:
                for p, a in zip(self.params, saved):
                    p.array = a
            total = 0.0
            for y, gy in zip(outs, y_grad):
                if gy is None:
                    continue
                y = y.array if isinstance(y, variable_module.Variable) else y
                y = backend.CpuDevice().send(y).astype(numpy.float64)
                total += float((y * backend.CpuDevice().send(gy).astype(numpy.float64)).sum())
            return total

        eps = self.eps
        if not targets:
            return
        plus = f_at(eps)
        minus = f_at(-eps)
        if self.detect_nondifferentiable:
            center = f_at(0.0)
            right = (plus - center) / eps
            left = (center - minus) / eps
            tol = 1e-2 * max(abs(left), abs(right), 1e-8) + 1e-5
            if abs(left - right) > max(tol, 10 * self.atol):
                raise NondifferentiableError(
                    'function is not differentiable around the checked point: '
                    'left derivative %g, right derivative %g' % (left, right))
        f_at(0.0)
        numeric = (plus - minus) / (2 * eps)
        analytic_dir = sum(float((g * d).sum()) for g, d in zip(analytic, directions))
        try:
            testing.assert_allclose(numeric, analytic_dir, atol=self.atol, rtol=self.rtol,
                                    verbose=False)
        except AssertionError as e:
            lines = ['check_backward failed (eps={} atol={} rtol={})'.format(
                eps, self.atol, self.rtol)]
            for i, (var, is_param) in enumerate(targets):
                kind = 'param' if is_param else 'input'
                lines.append('%s[%d]: shape %s dtype %s' % (kind, i, var.shape, var.dtype))
                lines.append('  analytic grad:\n%s' % analytic[i])
            lines.append('numeric directional derivative: %r' % numeric)
            lines.append('analytic directional derivative: %r' % analytic_dir)
            raise AssertionError('\n'.join(lines) + '\n' + str(e)) from None


def check_backward(func, x_data, y_grad, params=(), eps=1e-3, atol=1e-5, rtol=1e-4,
                   no_grads=None, dtype=None, detect_nondifferentiable=False):
    """Tests the backward computation of ``func`` against numerical gradients.

    The analytic gradient from backprop is compared with a central-difference derivative
    along a random direction in the space of all inputs and parameters.

    Args:
        func: Callable taking Variables and returning a Variable or a tuple of them.
        x_data (array or tuple of arrays): Inputs.
        y_grad (array, tuple of arrays, or None): Output gradients (None for a scalar output).
        params (Parameter or tuple): Parameters whose gradients are also checked.
        eps (float): Perturbation size.
        atol, rtol (float): Tolerances.
        no_grads (list of bool): Inputs whose gradients are not checked (default: non-float).
        dtype: Dtype used for the numerical computation (float types only).
        detect_nondifferentiable (bool): Fail with :class:`NondifferentiableError` at kinks.
    """
    _CheckBackward(func, x_data, y_grad, params, eps, atol, rtol, no_grads, dtype,
                   detect_nondifferentiable).run()


def check_double_backward(func, x_data, y_grad, x_grad_grad, params=(),
                          params_grad_grad=(), eps=1e-3, atol=1e-4, rtol=1e-3,
                          no_grads=None, dtype=None, detect_nondifferentiable=False):
    """Tests the second-order gradients of ``func`` numerically.

    It checks the backward of the first-order gradient function ``(x, gy) -> gx`` built with
    ``enable_double_backprop=True``, and that this function gives the first-order gradients
    of plain backprop.

    Args:
        func: Callable taking Variables and returning a Variable or a tuple of them.
        x_data: Inputs. y_grad: Output gradients. x_grad_grad: Gradients w.r.t. the input
            gradients. params / params_grad_grad: Parameters and their second-order grads.
        eps, atol, rtol, no_grads, dtype, detect_nondifferentiable: As in
            :func:`check_backward`.
    """
    x_data = _as_tuple(x_data)
    params = _as_tuple(params)
    y_grad = _as_tuple(y_grad)
    x_grad_grad = _as_tuple(x_grad_grad)
    params_grad_grad = _as_tuple(params_grad_grad)
    n_x = len(x_data)
    if no_grads is None:
        no_grads = [getattr(x, 'dtype', numpy.dtype('f')).kind != 'f' for x in x_data]

    def first_order_grad(*inputs):
        xs = inputs[:n_x]
        gys = inputs[n_x:]
        xs = [variable_module.Variable(x) if not isinstance(x, variable_module.Variable)
              else x for x in xs]
        for x, skip in zip(xs, no_grads):
            if skip:
                x._requires_grad = False
                x.node.requires_grad = False
        ys = _as_tuple(func(*xs))
        ys = [chainer.as_variable(y) for y in ys]
        pairs = [(y, gy) for y, gy in zip(ys, gys) if gy is not None]
        targets = [x for x, skip in zip(xs, no_grads) if not skip] + list(params)
        grads = chainer.grad([p[0] for p in pairs], targets, [p[1] for p in pairs],
                             enable_double_backprop=True)
        out = []
        for g, t in zip(grads, targets):
            if g is None:
                g = chainer.as_variable(t.xp.zeros_like(t.array))
            out.append(g)
        return tuple(out)

    # the first-order gradients of double backprop (each node's differentiable backward)
    # must be those of plain backprop (the fast path, itself checked by check_backward)
    from chainer.testing import _fast_backward
    _fast_backward.check_first_order_paths(
        func, x_data, y_grad, lambda xs: [x for x, skip in zip(xs, no_grads) if not skip]
        + list(params), atol, rtol)

    inputs = x_data + y_grad
    ggs = [gg for gg, skip in zip(x_grad_grad, no_grads) if not skip]
    if len(x_grad_grad) == sum(1 for s in no_grads if not s):
        ggs = list(x_grad_grad)
    grad_grad = tuple(ggs) + params_grad_grad
    in_no_grads = list(no_grads) + [gy is None for gy in y_grad]
    check_backward(first_order_grad, inputs, grad_grad, params=params, eps=eps, atol=atol,
                   rtol=rtol, no_grads=in_no_grads, dtype=dtype,
                   detect_nondifferentiable=detect_nondifferentiable)


def assert_allclose(x, y, atol=1e-5, rtol=1e-4, verbose=True):
    """Asserts that ``x`` and ``y`` are close elementwise (deprecated alias).

    Use :func:`chainer.testing.assert_allclose` instead; this one warns
    (``DeprecationWarning``) and forwards to it.
    """
    import warnings
    warnings.warn(
        'chainer.gradient_check.assert_allclose is deprecated. '
        'Use chainer.testing.assert_allclose instead.', DeprecationWarning, stacklevel=2)
    testing.assert_allclose(x, y, atol, rtol, verbose)
