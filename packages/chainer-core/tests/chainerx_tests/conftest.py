"""Shared fixtures of the ChainerX tests: a gradient check over NumPy inputs."""
import numpy
import pytest

import chainerx

_TOLERANCES = {
    numpy.float16: dict(eps=2 ** -3, atol=5e-2, rtol=5e-2),
    numpy.float32: dict(eps=1e-2, atol=1e-3, rtol=1e-3),
    numpy.float64: dict(eps=1e-3, atol=1e-5, rtol=1e-4),
}


def _grad_check(func, inputs, double=True, atol=None, rtol=None, eps=None, seed=0,
                device=None):
    """Checks the first (and second) order gradients of ``func`` on NumPy ``inputs``.

    ``func`` takes and returns ChainerX arrays (a list of inputs; an array or a list of
    outputs). Floating point inputs are differentiated; tolerances depend on their dtype.
    """
    rng = numpy.random.RandomState(seed)
    xs = [chainerx.array(x, device=device) for x in inputs]
    dtype = max((x.dtype for x in inputs if x.dtype.kind == 'f'),
                key=lambda d: d.itemsize).type
    tol = dict(_TOLERANCES[dtype])
    for key, value in (('atol', atol), ('rtol', rtol), ('eps', eps)):
        if value is not None:
            tol[key] = value
    with chainerx.no_backprop_mode():
        outputs = func(xs)
    outputs = [outputs] if isinstance(outputs, chainerx.ndarray) else list(outputs)

    def random_like(a):
        return chainerx.array(rng.uniform(-1, 1, a.shape).astype(a.dtype), device=a.device)

    gys = [random_like(y) if y.dtype.kind == 'f' else None for y in outputs]
    steps = [chainerx.full_like(x, tol['eps']) for x in xs]
    chainerx.check_backward(func, xs, gys, steps, atol=tol['atol'], rtol=tol['rtol'])
    if double and all(g is not None for g in gys):
        ggxs = [random_like(x) for x in xs]
        steps2 = steps + [chainerx.full_like(g, tol['eps']) for g in gys]
        chainerx.check_double_backward(func, xs, gys, ggxs, steps2,
                                       atol=tol['atol'] * 10, rtol=tol['rtol'] * 10)


@pytest.fixture
def grad_check():
    """The gradient check function (see ``_grad_check``)."""
    return _grad_check
