"""Numerical gradient checks of routines: :func:`check_backward` and
:func:`check_double_backward`.

The analytical gradients (from backprop) are compared with central differences of
``sum(func(inputs)[j] * grad_outputs[j])``, each input element moved by its ``eps``.
"""
import numpy

from chainerx import _array
from chainerx import _backward
from chainerx import _errors
from chainerx._routines import _basic
from chainerx._routines import creation

_to_host = _basic.to_numpy  # (a NumPy view of a native array: copy=False)


def _as_list(values, what):
    if isinstance(values, _array.ndarray):
        return [values]
    values = list(values)
    for v in values:
        if v is not None and not isinstance(v, _array.ndarray):
            raise TypeError('{} must be chainerx.ndarray, not {}'.format(what, type(v)))
    return values


def _call(func, inputs):
    outputs = func(inputs)
    if isinstance(outputs, _array.ndarray):
        return [outputs]
    return list(outputs)


def _fresh_inputs(inputs, backprop_id):
    fresh = []
    for x in inputs:
        y = x.as_grad_stopped(copy=True)
        if y.dtype.kind == 'f':
            y.require_grad(backprop_id)
        fresh.append(y)
    return fresh


def _weighted_sum(outputs, grad_outputs):
    total = 0.0
    for y, gy in zip(outputs, grad_outputs):
        if gy is None:
            continue
        total += float(numpy.sum(_to_host(y, False).astype(numpy.float64) *
                                 _to_host(gy, False).astype(numpy.float64)))
    return total


def _numerical_grads(func, inputs, grad_outputs, eps):
    # The inputs keep their graphs: ``func`` may itself differentiate (double backprop checks).
    grads = []
    for i, x in enumerate(inputs):
        if x.dtype.kind != 'f':
            grads.append(None)
            continue
        data = x._data
        steps = numpy.broadcast_to(_to_host(eps[i], False).astype(numpy.float64), data.shape)
        grad = numpy.zeros(data.shape, numpy.float64)
        for index in numpy.ndindex(*data.shape):
            orig = data[index].copy()
            step = steps[index]
            data[index] = orig + step
            plus = _weighted_sum(_call(func, inputs), grad_outputs)
            data[index] = orig - step
            minus = _weighted_sum(_call(func, inputs), grad_outputs)
            data[index] = orig
            grad[index] = (plus - minus) / (2 * step)
        grads.append(grad)
    return grads


def _compare(analytical, numerical, atol, rtol, what):
    errors = []
    for i, (a, n) in enumerate(zip(analytical, numerical)):
        if n is None:
            continue
        a = numpy.zeros_like(n) if a is None else _to_host(a, False).astype(numpy.float64)
        if a.shape != n.shape:
            errors.append('{} {}: shape {} != {}'.format(what, i, a.shape, n.shape))
            continue
        if not numpy.allclose(a, n, rtol=rtol, atol=atol, equal_nan=True):
            errors.append('{} {}:\nanalytical:\n{}\nnumerical:\n{}\nmax abs error: {}'.format(
                what, i, a, n, numpy.max(numpy.abs(a - n)) if a.size else 0))
    if errors:
        raise _errors.GradientCheckError('Backward check failed (atol={}, rtol={})\n{}'.format(
            atol, rtol, '\n'.join(errors)))


def check_backward(func, inputs, grad_outputs, eps, atol=1e-5, rtol=1e-4, backprop_id=None):
    """Checks the gradients of ``func`` against numerical ones.

    Args:
        func: Function taking a list of arrays and returning an array or a list of arrays.
        inputs (list of ~chainerx.ndarray): Inputs (their gradient requirement is handled
            internally: copies are made).
        grad_outputs (list of ~chainerx.ndarray): Output gradients (None entries allowed).
        eps (list of ~chainerx.ndarray): Central difference steps, one per input.
        atol (float): Absolute tolerance.
        rtol (float): Relative tolerance.
        backprop_id (~chainerx.BackpropId): The graph (the default graph when None).

    Raises:
        chainerx.GradientCheckError: When the gradients do not match.
    """
    inputs = _as_list(inputs, 'inputs')
    grad_outputs = _as_list(grad_outputs, 'grad_outputs')
    eps = _as_list(eps, 'eps')
    if len(eps) != len(inputs):
        raise ValueError('eps must have one array per input')
    fresh = _fresh_inputs(inputs, backprop_id)
    outputs = _call(func, fresh)
    if len(outputs) != len(grad_outputs):
        raise ValueError('func returned {} outputs but {} output gradients are given'.format(
            len(outputs), len(grad_outputs)))
    analytical = _analytical(outputs, fresh, grad_outputs, backprop_id)
    numerical = _numerical_grads(func, fresh, grad_outputs, eps)
    _compare(analytical, numerical, atol, rtol, 'input')


def _analytical(outputs, inputs, grad_outputs, backprop_id, double=False):
    pairs = [(y, gy) for y, gy in zip(outputs, grad_outputs)
             if gy is not None and y.is_backprop_required(backprop_id)]
    targets = [x for x in inputs if x.is_backprop_required(backprop_id)]
    if not pairs or not targets:
        return [None] * len(inputs)
    grads = _backward.grad([y for y, _ in pairs], targets, backprop_id,
                           enable_double_backprop=double,
                           grad_outputs=[gy for _, gy in pairs])
    result = []
    it = iter(grads)
    for x in inputs:
        result.append(next(it) if x.is_backprop_required(backprop_id) else None)
    return result


def check_double_backward(func, inputs, grad_outputs, grad_grad_inputs, eps, atol=1e-5,
                          rtol=1e-4, backprop_id=None):
    """Checks the second order gradients of ``func`` against numerical ones.

    The first order gradients ``g(inputs, grad_outputs)`` are checked with
    :func:`check_backward`, ``grad_grad_inputs`` being their output gradients.

    Args:
        eps (list of ~chainerx.ndarray): Steps for the inputs followed by the output
            gradients.
    """
    inputs = _as_list(inputs, 'inputs')
    grad_outputs = _as_list(grad_outputs, 'grad_outputs')
    grad_grad_inputs = _as_list(grad_grad_inputs, 'grad_grad_inputs')
    n_in = len(inputs)

    def first_order(args):
        xs = args[:n_in]
        gys = args[n_in:]
        ys = _call(func, xs)
        grads = _analytical(ys, xs, gys, backprop_id, double=True)
        return [g if g is not None else creation.zeros_like(x) for g, x in zip(grads, xs)]

    check_backward(first_order, inputs + grad_outputs, grad_grad_inputs, eps, atol, rtol,
                   backprop_id)
