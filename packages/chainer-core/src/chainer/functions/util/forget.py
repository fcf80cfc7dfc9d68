"""Forget: recompute a function in backward instead of keeping its intermediate results."""
import numpy

import chainer
from chainer import function
from chainer import function_node
from chainer import variable


def _ordinal(n):
    if 10 <= n % 100 < 20:
        return '{}th'.format(n)
    return '{}{}'.format(n, {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th'))


class Forget(function_node.FunctionNode):
    """Runs ``func`` without recording its graph and runs it again in backward.

    The NumPy global random state is saved before the forward call and restored (then put
    back) around the recomputation, so functions that draw from ``numpy.random`` see the
    same numbers twice. Random functions on GPU are not supported (as in v7).
    """

    def __init__(self, func):
        if not callable(func):
            raise TypeError('func must be callable')
        self.func = func
        self._random_state = None

    def _call_func(self, xs):
        outs = self.func(*xs)
        if isinstance(outs, tuple):
            for i, out in enumerate(outs):
                if isinstance(out, variable.Variable):
                    continue
                raise RuntimeError('{} element of a returned tuple is not Variable, but is {}'
                                   .format(_ordinal(i + 1), type(out)))
        elif isinstance(outs, variable.Variable):
            outs = (outs,)
        else:
            raise RuntimeError('A tuple of Variables or a Variable are expected, but {} is '
                               'returned.'.format(type(outs)))
        return outs

    def forward(self, inputs):
        self.retain_inputs(tuple(range(len(inputs))))
        self._random_state = numpy.random.get_state()
        with function.no_backprop_mode(), chainer.using_config('_will_recompute', True):
            xs = [variable.Variable(x) for x in inputs]
            outs = self._call_func(xs)
        return tuple(out.array for out in outs)

    def backward(self, indexes, grad_outputs):
        # Double backprop is not allowed.
        if chainer.config.enable_backprop:
            raise RuntimeError('double backpropagation in functions.forget is not allowed.')

        inputs = self.get_retained_inputs()
        # New variables without creators, so that backprop stops at them.
        dummy_inputs = tuple(variable.Variable(inp.array) for inp in inputs)
        current_state = numpy.random.get_state()
        numpy.random.set_state(self._random_state)
        try:
            with function.force_backprop_mode(), \
                    chainer.using_config('in_recomputing', True):
                outs = self._call_func(dummy_inputs)
        finally:
            numpy.random.set_state(current_state)
        assert len(outs) == len(grad_outputs)

        targets = []
        grads = []
        for out, gy in zip(outs, grad_outputs):
            if gy is None or out.creator_node is None:
                continue
            targets.append(out)
            grads.append(gy)
        if targets:
            chainer.backward(targets, grads)
        ret = []
        for i in indexes:
            inp = dummy_inputs[i]
            ret.append(inp.grad_var)
        # Inputs returned unchanged by func get their gradient directly.
        for k, i in enumerate(indexes):
            for out, gy in zip(outs, grad_outputs):
                if gy is not None and out is dummy_inputs[i]:
                    ret[k] = gy if ret[k] is None else ret[k] + gy
        return tuple(ret)


def forget(func, *xs):
    """Calls a function without storing intermediate results.

    On the forward pass ``func`` runs without building the computational graph, so its
    intermediate values are freed; on the backward pass it runs again (with
    ``chainer.config.in_recomputing`` set) to compute the gradients. This trades time for
    memory. ``func`` must return a Variable or a tuple of Variables and must compute the
    same outputs every time; random functions drawing from ``numpy.random`` are replayed
    with the same random state, those on GPU are not supported.
    Double backpropagation through this function is not supported.

    Args:
        func (callable): Function taking Variables and returning a Variable or a tuple
            of Variables.
        xs: Inputs of ``func`` (Variables or arrays).

    Returns:
        ~chainer.Variable or tuple: The outputs of ``func`` (a single Variable when it
        has one output).

    .. admonition:: Example

        >>> def block(x):
        ...     return F.relu(x) * 2
        >>> x = chainer.Variable(np.array([-1, 2], np.float32))
        >>> y = F.forget(block, x)  # keeps no intermediate result: recomputes them in backward
        >>> y.array
        array([0., 4.], dtype=float32)
        >>> F.sum(y).backward()
        >>> x.grad
        array([0., 2.], dtype=float32)
    """
    xs = tuple(x if isinstance(x, variable.Variable) else
               variable.Variable(x, requires_grad=True) for x in xs)
    y = Forget(func).apply(xs)
    if len(y) == 1:
        y, = y
    return y
