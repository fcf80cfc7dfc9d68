"""Checks that a node's array-level backward (``_backward_arrays``) equals its ``backward``.

The backward walk takes ``FunctionNode._backward_arrays`` when neither double backprop nor
function hooks are active; ``backward`` (written with differentiable functions) is the
reference. :func:`check_fast_backward` runs both on the same graph and compares the
gradients, and makes sure the fast path really ran.
"""
import numpy

import chainer


def _grads_of(func, inputs, grad_outputs, double):
    xs = [chainer.Variable(numpy.array(x, copy=True)) for x in inputs]
    ys = func(*xs)
    if not isinstance(ys, (tuple, list)):
        ys = (ys,)
    ys = [y for y, gy in zip(ys, grad_outputs) if gy is not None]
    gys = [chainer.Variable(numpy.array(gy, copy=True)) for gy in grad_outputs
           if gy is not None]
    gxs = chainer.grad(ys, xs, gys, enable_double_backprop=double)
    return [None if g is None else g.array for g in gxs]


def check_fast_backward(node_class, func, inputs, grad_outputs, atol=0, rtol=1e-6):
    """Asserts that ``node_class._backward_arrays`` computes what ``backward`` computes.

    Args:
        node_class: The FunctionNode class whose fast path is checked.
        func: Callable taking Variables (one per entry of ``inputs``) and returning the output
            Variable or a tuple of them; it must apply ``node_class`` once.
        inputs (list of numpy.ndarray): Input arrays.
        grad_outputs (list of numpy.ndarray or None): Gradients of the outputs (None where an
            output gets no gradient).
        atol (float): Absolute tolerance of the comparison.
        rtol (float): Relative tolerance of the comparison.
    """
    fast_backward = node_class._backward_arrays
    assert fast_backward is not None, '%s has no _backward_arrays' % node_class.__name__
    own = '_backward_arrays' in node_class.__dict__
    calls = []

    def spy(self, indexes, gys):
        gxs = fast_backward(self, indexes, gys)
        calls.append(len(gxs) == len(indexes))
        return gxs

    node_class._backward_arrays = spy
    try:
        fast = _grads_of(func, inputs, grad_outputs, double=False)
        assert calls == [True], ('fast path of %s ran %d times (one tuple entry per index '
                                 'expected)' % (node_class.__name__, len(calls)))
        reference = _grads_of(func, inputs, grad_outputs, double=True)
        assert len(calls) == 1, 'double backprop must not take the fast path'
    finally:
        if own:
            node_class._backward_arrays = fast_backward
        else:
            del node_class._backward_arrays
    for i, (got, want, x) in enumerate(zip(fast, reference, inputs)):
        if want is None:
            assert got is None or not numpy.any(got), 'input %d: unexpected gradient' % i
            continue
        assert got is not None, 'input %d: missing gradient' % i
        assert type(got) is numpy.ndarray, 'input %d: %s' % (i, type(got))
        assert got.dtype == want.dtype == x.dtype, 'input %d dtype' % i
        assert got.shape == want.shape == x.shape, 'input %d shape' % i
        numpy.testing.assert_allclose(got, want, atol=atol, rtol=rtol,
                                      err_msg='input %d' % i)
