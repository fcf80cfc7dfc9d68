"""Numerical gradient checking (``chainer.gradient_check``)."""
import itertools
import math
import warnings

import numpy

import chainer
from chainer import backend
from chainer import function_node
from chainer import testing
from chainer import variable as variable_module
from chainer.utils.error import _format_array_props


class NondifferentiableError(Exception):
    """Raised when a function is found not differentiable at the checked point."""


class _Identity(function_node.FunctionNode):
    """Identity that gives every checked output a creator (outputs may be inputs)."""

    def forward(self, inputs):
        return tuple(inputs)

    def backward(self, indexes, grad_outputs):
        return tuple(grad_outputs[i] for i in indexes)


def _as_tuple(x):
    if x is None:
        return ()
    if isinstance(x, (tuple, list)):
        return tuple(x)
    return (x,)


def _cpu(array):
    if isinstance(array, numpy.ndarray):
        return array
    return backend.CpuDevice().send(array)


def _without_type_check():
    # Perturbed evaluations run as v7 runs them: without type checks, so that inputs cast
    # to the numerical dtype pass functions that check dtypes.
    return chainer.using_config('type_check', False)


def _output_arrays(outputs):
    # What f returned, as float64 copies on the CPU (f may return views of the perturbed
    # inputs).
    if not isinstance(outputs, (tuple, list)):
        raise AssertionError('f must return a tuple of arrays, not {}'.format(type(outputs)))
    return tuple(None if y is None
                 else numpy.array(_cpu(getattr(y, 'array', y)), dtype=numpy.float64)
                 for y in outputs)


def _check_output_arrays(outputs, grad_outputs):
    if len(outputs) != len(grad_outputs):
        raise AssertionError('f returned {} outputs for {} output gradients'.format(
            len(outputs), len(grad_outputs)))
    for i, (y, gy) in enumerate(zip(outputs, grad_outputs)):
        if gy is None or numpy.isscalar(gy):
            continue
        if y is None:
            raise AssertionError('output {} is None but has a gradient'.format(i))
        if y.shape != gy.shape:
            raise AssertionError('output {} has shape {} but its gradient {}'.format(
                i, y.shape, gy.shape))


# The samples of f along one input element, as offsets in units of eps, and the difference
# of them that gives the derivative (divided by its factor times eps). Without the
# differentiability check, the central difference; with it, five points whose difference
# is exact up to degree 4 and whose outputs also tell a kink from a smooth curve.
_CENTRAL = ((-1., 1.), lambda y: y[1] - y[0], 2)
_FIVE_POINTS = ((-1., -.5, 0., .5, 1.), lambda y: 8 * (y[3] - y[1]) - (y[4] - y[0]), 6)

# An orthogonal basis of what a quadratic fit over five equally spaced samples leaves out
# (a cubic and a quartic pattern, with their squared norms).
_FIT_RESIDUAL_BASIS = ((numpy.array([-1., 2., 0., -2., 1.]), 10.),
                       (numpy.array([1., -4., 6., -4., 1.]), 70.))


def _fit_errors(samples):
    """Root-mean-square error of the quadratic least-squares fit of each element's samples.

    ``samples`` is an array of shape ``(5, ...)``; the result has the shape of one sample.
    """
    squares = sum(numpy.tensordot(pattern, samples, axes=1) ** 2 / norm
                  for pattern, norm in _FIT_RESIDUAL_BASIS)
    return numpy.sqrt(squares / len(samples))


def _nondifferentiable_report(i_in, i_out, x, index, eps, details, samples):
    lines = ['Tried to compute the numeric gradient on a non-differentiable point.', '',
             'i_in: {}'.format(i_in), 'i_out: {}'.format(i_out), 'x: {}'.format(x),
             'index on x: {}'.format(index), 'eps: {}'.format(eps)]
    lines += details
    for label, y in zip(('x-eps  ', 'x-eps/2', 'x      ', 'x+eps/2', 'x+eps  '), samples):
        lines.append('y[{}]: {}'.format(label, y))
    return NondifferentiableError('\n'.join(lines) + '\n')


def _check_differentiable(samples, i_in, x, index, eps, diff_atol, diff_rtol):
    """Raises NondifferentiableError if the five samples of an output look like a kink.

    ``samples`` holds one tuple of outputs per offset. An element that is finite at some
    samples only is a kink; otherwise, unless some output is not finite everywhere, an
    element whose quadratic fit errs by more than ``diff_atol + diff_rtol * (its range)``.
    """
    outputs = [(i, [ys[i] for ys in samples])
               for i, y in enumerate(samples[0]) if y is not None]
    if all(ys[0].size == 0 for _, ys in outputs):
        return
    any_nonfinite = False
    for i_out, ys in outputs:
        finite = [numpy.isfinite(y) for y in ys]
        if any((f != finite[0]).any() for f in finite[1:]):
            raise _nondifferentiable_report(
                i_in, i_out, x, index, eps, [], ys)
        any_nonfinite = any_nonfinite or not all(f.all() for f in finite)
    if any_nonfinite:
        return
    for i_out, ys in outputs:
        stacked = numpy.stack(ys)
        ymax, ymin = stacked.max(axis=0), stacked.min(axis=0)
        errors = _fit_errors(stacked)
        tolerance = diff_atol + diff_rtol * (ymax - ymin)
        if ((tolerance < errors) & (ymax != ymin)).any():
            raise _nondifferentiable_report(
                i_in, i_out, x, index, eps,
                ['diff_rtol: {}'.format(diff_rtol), 'diff_atol: {}'.format(diff_atol),
                 'ymax: {}'.format(ymax), 'ymin: {}'.format(ymin),
                 'diff_atol + diff_rtol * (ymax-ymin): {}'.format(tolerance),
                 'fitting errors: {}'.format(errors)], ys)


def _derivative(samples, scheme, eps, grad_outputs):
    """sum over outputs of <dy / dx, gy>, from the samples of the outputs (float64)."""
    _, difference, factor = scheme
    total = 0.0
    for i_out, gy in enumerate(grad_outputs):
        if gy is not None:
            dy = difference([ys[i_out] for ys in samples])
            total += float((dy * gy).sum()) / (factor * eps)
    return total


def numerical_grad(f, inputs, grad_outputs, eps=1e-3, detect_nondifferentiable=False,
                   diff_atol=0, diff_rtol=1e-2, center_outputs=None):
    """Computes numerical gradients by finite differences.

    Each input element is moved by ``-eps`` and ``+eps`` (the central difference); with
    ``detect_nondifferentiable`` also by ``-eps/2`` and ``+eps/2``, and the derivative comes
    from the five samples (exact up to degree 4).

    Args:
        f: A function of no arguments that returns a tuple (or list) of output arrays,
            computed from the current contents of ``inputs`` (which are perturbed in place).
        inputs (tuple of arrays): Float input arrays.
        grad_outputs (tuple): Gradients w.r.t. the outputs (arrays or scalars; None entries
            leave an output out).
        eps (float): Perturbation size (positive).
        detect_nondifferentiable (bool): Raise :class:`NondifferentiableError` where an
            output element changes its finiteness among the samples, or (all outputs being
            finite) is not fitted by a quadratic within
            ``diff_atol + diff_rtol * (max - min)`` of its samples.
        diff_atol, diff_rtol (float): Tolerances of the non-differentiability test.
        center_outputs: Accepted for v7 compatibility; the center is evaluated anyway.

    Returns:
        list: The gradient arrays, one per input, of the inputs' dtypes.

    .. admonition:: Example

        >>> from chainer import gradient_check
        >>> x = np.array([1, 2, 3], np.float64)
        >>> def f():
        ...     return x ** 2,
        >>> gx, = gradient_check.numerical_grad(f, (x,), (np.ones(3),))
        >>> np.round(gx, 4)  # the central difference of f: 2 * x
        array([2., 4., 6.])
    """
    if not eps > 0:
        raise AssertionError('eps must be positive, not {}'.format(eps))
    for x in inputs:
        if x.dtype.kind != 'f':
            raise RuntimeError('The dtype of input arrays must be kind of float')
    grad_outputs = tuple(
        gy if gy is None or numpy.isscalar(gy) else _cpu(gy).astype(numpy.float64)
        for gy in grad_outputs)

    def evaluate():
        outputs = _output_arrays(f())
        _check_output_arrays(outputs, grad_outputs)
        return outputs

    scheme = _FIVE_POINTS if detect_nondifferentiable else _CENTRAL
    # As in v7, the center is evaluated with type checks, the moved points without.
    center = evaluate() if detect_nondifferentiable else None
    grads = []  # a list, as v7 returns
    with _without_type_check():
        for i_in, x in enumerate(inputs):
            grad = numpy.zeros(x.shape, numpy.float64)
            for index in numpy.ndindex(x.shape):
                original = x[index].copy()
                samples = []
                try:
                    for offset in scheme[0]:
                        if offset == 0:
                            samples.append(center)
                            continue
                        # the moved value computed in float64 and rounded once
                        x[index] = float(original) + offset * eps
                        samples.append(evaluate())
                finally:
                    x[index] = original
                if detect_nondifferentiable:
                    _check_differentiable(
                        samples, i_in, x, index, eps, diff_atol, diff_rtol)
                grad[index] = _derivative(samples, scheme, eps, grad_outputs)
            xp = backend.get_array_module(x)
            grads.append(xp.asarray(grad.astype(x.dtype)))
    return grads


def _c_contiguous(array):
    contiguous = getattr(array, 'is_contiguous', None)  # (ChainerX arrays)
    if contiguous is None:
        contiguous = array.flags.c_contiguous
    return array if contiguous else array.copy()  # copies are C-contiguous


def _check_outputs(outputs):
    for y in outputs:
        if not isinstance(y, variable_module.Variable):
            raise TypeError('each output must be a Variable, not {}'.format(type(y)))


def _resolve_grad_outputs(outputs, y_grad):
    if y_grad is None:
        if len(outputs) != 1 or outputs[0].shape != ():
            raise ValueError(
                'y_grad argument cannot be omitted if the target function is not a loss '
                'function, which has a single output with shape ().\n'
                'Actual output shapes: {}'.format(
                    ', '.join(str(y.shape) for y in outputs)))
        return (outputs[0].xp.ones_like(outputs[0].array),)
    y_grad = _as_tuple(y_grad)
    if len(outputs) != len(y_grad):
        raise ValueError(
            'Output gradients must contain equally as many elements as the number of '
            'output elements.\n{} outputs, {} output gradients'.format(
                len(outputs), len(y_grad)))
    for y, gy in zip(outputs, y_grad):
        if gy is not None and (gy.shape != y.shape or gy.dtype != y.dtype):
            raise _grad_outputs_mismatch(outputs, y_grad)
    return y_grad


def _check_grad_output_shapes(outputs, grad_outputs):
    if any(gy.shape != y.shape for y, gy in zip(outputs, grad_outputs)):
        raise _grad_outputs_mismatch(outputs, [gy.array for gy in grad_outputs])


def _grad_outputs_mismatch(outputs, grad_output_arrays):
    return ValueError(
        'Shapes and/or dtypes of outputs and output gradients do not match.\n'
        'Output shapes and dtypes         : {}\n'
        'Output gradient shapes and dtypes: {}'.format(
            _format_array_props([y.array for y in outputs]),
            _format_array_props(grad_output_arrays)))


def _random_directions(shapes):
    """A random unit vector in the space of all checked elements, split per array.

    Drawn from one normal sample over all elements, with a floor on each element's share of
    the squared norm (1% spread evenly), so that no element goes unperturbed (as v7 draws
    it: seeded runs perturb the same way).
    """
    sizes = [math.prod(shape) for shape in shapes]
    total = sum(sizes)
    flat = numpy.random.normal(size=(total,))
    squares = flat * flat
    squared_norm = squares.sum()
    if squared_norm > 0:  # (not for zero-size arrays)
        flat = numpy.copysign(numpy.sqrt((0.99 / squared_norm) * squares + 0.01 / total),
                              flat)
    ends = itertools.accumulate(sizes)
    return [flat[end - size:end].reshape(shape)
            for shape, size, end in zip(shapes, sizes, ends)]


class _CheckBackward:
    """One run of :func:`check_backward`."""

    def __init__(self, func, x_data, y_grad, params, eps, atol, rtol, no_grads, dtype,
                 detect_nondifferentiable):
        if dtype is not None and numpy.dtype(dtype).kind != 'f':
            raise ValueError('`dtype` is allowed only float type')
        if not eps > 0:
            raise AssertionError('eps must be positive, not {}'.format(eps))
        self.func = func
        self.x_data = _as_tuple(x_data)
        for x in self.x_data:
            if isinstance(x, variable_module.Variable):
                raise TypeError('x_data must be arrays (numpy.ndarray or cupy.ndarray), '
                                'not Variables')
        self.y_grad = y_grad
        self.params = _as_tuple(params)
        self.eps = eps
        self.atol = atol
        self.rtol = rtol
        self.dtype = dtype
        self.detect_nondifferentiable = detect_nondifferentiable
        self.no_grads = self._no_grads(no_grads)

    def _no_grads(self, no_grads):
        arrays = [x.array if isinstance(x, variable_module.Variable) else x
                  for x in self.x_data]
        if no_grads is None:
            return [x is None or x.dtype.kind != 'f' for x in arrays]
        if len(no_grads) != len(arrays):
            raise ValueError('Length of no_grads param and xs should be same.\n'
                             'Actual: {0} != {1}'.format(len(no_grads), len(arrays)))
        return list(no_grads)

    def _input_variables(self):
        # Float inputs in no_grads require grad too: as in v7, they must get none.
        return [variable_module.Variable(
                    x, requires_grad=not skip or getattr(x, 'dtype', None) is not None
                    and x.dtype.kind == 'f')
                for x, skip in zip(self.x_data, self.no_grads)]

    def _check_no_grads_got_none(self, xs):
        for i, (x, skip) in enumerate(zip(xs, self.no_grads)):
            if skip and x.requires_grad and x.grad is not None:
                raise RuntimeError(
                    'input {} is in no_grads but received a gradient (a gradient of an '
                    'int variable must be None)'.format(i))

    def run(self):
        xs = self._input_variables()
        for var in xs + list(self.params):
            var.cleargrad()
        outputs = _as_tuple(self.func(*xs))
        _check_outputs(outputs)
        grad_outputs = _resolve_grad_outputs(outputs, self.y_grad)
        self._backprop(outputs, grad_outputs)
        self._check_no_grads_got_none(xs)

        targets = [x for x, skip in zip(xs, self.no_grads) if not skip] + list(self.params)
        if not targets:
            return
        analytic = [_cpu(t.grad).astype(numpy.float64) if t.grad is not None
                    else numpy.zeros(t.shape) for t in targets]
        directions = _random_directions([a.shape for a in analytic])
        numeric = self._directional_derivative(xs, grad_outputs, directions)
        backward = sum(float((g * d).sum()) for g, d in zip(analytic, directions))
        self._compare(numeric, backward, xs, grad_outputs, directions)

    def _backprop(self, outputs, grad_outputs):
        pairs = [(y, gy) for y, gy in zip(outputs, grad_outputs) if gy is not None]
        if not pairs:
            return
        # The identity gives each output a creator of its own, so that outputs which are
        # inputs, or outputs of one node, get exactly their gradients.
        # As in v7, the backward of func sees C-contiguous output gradients.
        ys = _Identity().apply(tuple(y for y, _ in pairs))
        chainer.backward(list(ys), [
            variable_module.Variable(_c_contiguous(gy), requires_grad=False)
            for _, gy in pairs])

    def _perturbable(self, array):
        if self.dtype is not None and array.dtype.kind == 'f':
            return array.astype(self.dtype)
        return array

    def _directional_derivative(self, xs, grad_outputs, directions):
        """The derivative of ``sum_i <y_i, gy_i>`` along ``directions`` (numerically).

        The inputs (cast to ``dtype``) and parameters move by ``delta * direction``,
        computed in float64 and rounded to their dtypes, and :func:`numerical_grad` takes
        the derivative with respect to ``delta``.
        """
        n_inputs = len(xs)
        arrays = [self._perturbable(x.array) for x in xs]
        arrays += [self._perturbable(p.array) for p in self.params]
        checked = [i for i, skip in enumerate(self.no_grads) if not skip]
        checked += list(range(n_inputs, len(arrays)))
        origins = [arrays[i].astype(numpy.float64) for i in checked]
        modules = [backend.get_array_module(arrays[i]) for i in checked]
        steps = [xp.asarray(d) for xp, d in zip(modules, directions)]
        requires_grad = [not skip for skip in self.no_grads]
        saved_params = [p.array for p in self.params]
        delta = numpy.zeros((), numpy.float64)

        def evaluate():
            moved = list(arrays)
            for i, xp, origin, step in zip(checked, modules, origins, steps):
                moved[i] = xp.asarray((origin + float(delta) * step).astype(arrays[i].dtype))
            for p, a in zip(self.params, moved[n_inputs:]):
                p.array = a
            try:
                return _as_tuple(self.func(*[
                    variable_module.Variable(a, requires_grad=r)
                    for a, r in zip(moved, requires_grad)]))
            finally:
                for p, a in zip(self.params, saved_params):
                    p.array = a

        numeric, = numerical_grad(
            evaluate, (delta,), grad_outputs, eps=self.eps,
            detect_nondifferentiable=self.detect_nondifferentiable,
            diff_atol=0, diff_rtol=self.rtol)
        return float(numeric)

    def _compare(self, numeric, backward, xs, grad_outputs, directions):
        try:
            testing.assert_allclose(numeric, backward, atol=self.atol, rtol=self.rtol)
        except AssertionError as e:
            lines = ['check_backward failed (eps={} atol={} rtol={})'.format(
                self.eps, self.atol, self.rtol)]
            for i, x in enumerate(xs):
                lines += ['inputs[{}]:'.format(i), str(x.array)]
            for i, gy in enumerate(grad_outputs):
                lines += ['grad_outputs[{}]:'.format(i), str(gy)]
            for i, d in enumerate(directions):
                lines += ['directions[{}]:'.format(i), str(d)]
            lines += ['gradients (numeric):  {}'.format(numeric),
                      'gradients (backward): {}'.format(backward), '',
                      'x: numeric gradient, y: backward gradient', str(e).lstrip('\n')]
            raise AssertionError('\n'.join(lines)) from None


def check_backward(func, x_data, y_grad, params=(), eps=1e-3, atol=1e-5, rtol=1e-4,
                   no_grads=None, dtype=None, detect_nondifferentiable=False):
    """Tests the backward computation of ``func`` against numerical gradients.

    The gradients from backprop are compared with a central-difference derivative along a
    random direction in the space of all checked inputs and parameters. The perturbed
    evaluations run without type checking.

    Args:
        func: Callable taking Variables and returning a Variable or a tuple of them.
        x_data (array or tuple of arrays): Inputs.
        y_grad (array, tuple of arrays, or None): Output gradients (None entries leave an
            output out; None alone only for a single output of shape ``()``).
        params (Parameter or tuple): Parameters whose gradients are also checked.
        eps (float): Perturbation size.
        atol, rtol (float): Tolerances.
        no_grads (list of bool): Inputs whose gradients are not checked (default: non-float).
        dtype: Dtype of the numerical computation (float types only; default: the inputs').
        detect_nondifferentiable (bool): Fail with :class:`NondifferentiableError` at kinks.

    .. admonition:: Example

        >>> from chainer import gradient_check
        >>> x = np.array([1, 2, 3], np.float64)
        >>> gy = np.array([1, 1, 1], np.float64)
        >>> gradient_check.check_backward(F.sin, x, gy)  # silent when the gradient is right
        >>> def half_graph_sin(x):
        ...     return F.sin(x) * 2 - F.sin(x).array  # the array term is outside the graph
        >>> gradient_check.check_backward(half_graph_sin, x, gy)
        Traceback (most recent call last):
            ...
        AssertionError: ...
    """
    _CheckBackward(func, x_data, y_grad, params, eps, atol, rtol, no_grads, dtype,
                   detect_nondifferentiable).run()


class _FirstOrderGradient:
    """``(x..., gy...) -> (gx..., gparam...)``, differentiable or through the fast path."""

    def __init__(self, func, n_inputs, y_grad_used, no_grads, params):
        self.func = func
        self.n_inputs = n_inputs
        self.y_grad_used = y_grad_used
        self.no_grads = no_grads
        self.params = params

    def __call__(self, *args, enable_double_backprop=True):
        args = [a if isinstance(a, variable_module.Variable)
                else variable_module.Variable(a, requires_grad=a.dtype.kind == 'f')
                for a in args]
        xs = args[:self.n_inputs]
        grad_outputs = iter(args[self.n_inputs:])
        outputs = _as_tuple(self.func(*xs))
        _check_outputs(outputs)
        if len(outputs) != len(self.y_grad_used):
            raise ValueError(
                'Output gradients must contain equally as many elements as the number of '
                'output elements.\n{} outputs, {} output gradients'.format(
                    len(outputs), len(self.y_grad_used)))
        ys, gys = [], []
        for y, used in zip(outputs, self.y_grad_used):
            if used:
                ys.append(y)
                gys.append(next(grad_outputs))
        _check_grad_output_shapes(ys, gys)
        # Output gradients are taken in the dtypes of the outputs (differentiably).
        gys = [gy if gy.dtype == y.dtype else chainer.functions.cast(gy, y.dtype)
               for y, gy in zip(ys, gys)]
        targets = [x for x, skip in zip(xs, self.no_grads) if not skip] + list(self.params)
        grads = chainer.grad(ys, targets, gys, enable_double_backprop=enable_double_backprop)
        return tuple(
            g if g is not None else variable_module.Variable(t.xp.zeros_like(t.array))
            for g, t in zip(grads, targets))


def _check_first_order_paths(first_order, inputs, atol, rtol):
    # The differentiable backward must give the first-order gradients of the fast one.
    differentiable = first_order(*inputs, enable_double_backprop=True)
    fast = first_order(*inputs, enable_double_backprop=False)
    for i, (a, b) in enumerate(zip(differentiable, fast)):
        try:
            testing.assert_allclose(a.array, b.array, atol=atol, rtol=rtol)
        except AssertionError as e:
            raise AssertionError(
                'check_double_backward failed: first-order gradient {} of the '
                'differentiable backward differs from the one of the array-level '
                'backward\n{}'.format(i, e)) from None


def check_double_backward(func, x_data, y_grad, x_grad_grad, params=(),
                          params_grad_grad=(), eps=1e-3, atol=1e-4, rtol=1e-3,
                          no_grads=None, dtype=None, detect_nondifferentiable=False):
    """Tests the second-order gradients of ``func`` numerically.

    It checks the backward of the first-order gradient function ``(x, gy) -> gx`` built with
    ``enable_double_backprop=True``, and that this function gives the first-order gradients
    of plain backprop.

    Args:
        func: Callable taking Variables and returning a Variable or a tuple of them.
        x_data: Inputs. y_grad: Output gradients (None entries leave an output out).
        x_grad_grad: Gradients w.r.t. the input gradients (None entries for unchecked ones).
        params, params_grad_grad: Parameters and the gradients w.r.t. their gradients.
        eps, atol, rtol, no_grads, dtype, detect_nondifferentiable: As in
            :func:`check_backward`.

    .. admonition:: Example

        >>> from chainer import gradient_check
        >>> x = np.array([1, 2], np.float64)
        >>> gy = np.ones(2)
        >>> ggx = np.ones(2)
        >>> gradient_check.check_double_backward(lambda x: x ** 3, x, gy, ggx)  # no error
    """
    x_data = _as_tuple(x_data)
    params = _as_tuple(params)
    y_grad = _as_tuple(y_grad)
    inputs = x_data + tuple(gy for gy in y_grad if gy is not None)
    # no_grads covers the inputs, or (as v7 passes it on) the inputs and output gradients.
    gy_no_grads = [False] * (len(inputs) - len(x_data))
    if no_grads is None:
        no_grads = [getattr(x, 'dtype', numpy.dtype('f')).kind != 'f' for x in x_data]
    elif len(no_grads) != len(inputs):
        # as v7: one entry per input and per output gradient
        raise ValueError('Length of no_grads param and xs should be same.\n'
                         'Actual: {} != {}'.format(len(no_grads), len(inputs)))
    else:
        no_grads, gy_no_grads = list(no_grads[:len(x_data)]), list(no_grads[len(x_data):])
    if params_grad_grad is not None and len(_as_tuple(params_grad_grad)) != len(params):
        # as v7: the default () is wrong when params are given; None leaves them out
        raise ValueError(
            'params_grad_grad must contain one element per parameter ({} != {}), or be '
            'None'.format(len(_as_tuple(params_grad_grad)), len(params)))
    first_order = _FirstOrderGradient(
        func, len(x_data), [gy is not None for gy in y_grad], no_grads, params)

    x_grad_grad = given_grad_grad = _as_tuple(x_grad_grad)
    checked = sum(1 for skip in no_grads if not skip)
    if len(x_grad_grad) == len(x_data) and checked != len(x_data):
        x_grad_grad = tuple(gg for gg, skip in zip(x_grad_grad, no_grads) if not skip)
    if not x_grad_grad:
        x_grad_grad = (None,) * checked
    grad_grad = x_grad_grad + (_as_tuple(params_grad_grad) or (None,) * len(params))

    _check_first_order_paths(first_order, inputs, atol, rtol)
    try:
        check_backward(first_order, inputs, grad_grad, params=params, eps=eps, atol=atol,
                       rtol=rtol, no_grads=list(no_grads) + gy_no_grads,
                       dtype=dtype, detect_nondifferentiable=detect_nondifferentiable)
    except AssertionError as e:
        # v7's report: what the second-order check was given, then check_backward's
        lines = ['check_double_backward failed (eps={} atol={} rtol={})'.format(
            eps, atol, rtol)]
        for title, values in (('input', x_data), ('grad_output', y_grad),
                              ('grad_grad_input', given_grad_grad)):
            for i, value in enumerate(values):
                lines += ['{}[{}]:'.format(title, i), str(getattr(value, 'array', value))]
        raise AssertionError('\n'.join(lines) + '\n\n' + str(e)) from None


def assert_allclose(x, y, atol=1e-5, rtol=1e-4, verbose=True):
    """Asserts that ``x`` and ``y`` are close elementwise (deprecated alias).

    Use :func:`chainer.testing.assert_allclose` instead; this one warns
    (``DeprecationWarning``) and forwards to it.
    """
    warnings.warn(
        'chainer.gradient_check.assert_allclose is deprecated. '
        'Use chainer.testing.assert_allclose instead.', DeprecationWarning, stacklevel=2)
    testing.assert_allclose(x, y, atol, rtol, verbose)
