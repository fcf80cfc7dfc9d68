"""Chainer functions and backprop on ChainerX arrays.

:func:`apply` runs a :class:`~chainer.FunctionNode` whose inputs include ChainerX arrays. If
every input is a ChainerX array and the node implements ``forward_chainerx`` (and no function
hook is active: hooks see the NumPy/CuPy path), that runs and ChainerX records the graph
itself. Otherwise (``chainer.Fallback``) the node runs as usual in
Chainer's own graph, on NumPy/CuPy views of the ChainerX arrays; its outputs are viewed back
as ChainerX arrays, and the whole computation is recorded in the ChainerX graph as one op
(a :class:`_ChainerSubgraph`) whose backward is :func:`chainer.grad` through that Chainer graph.
The gradients are themselves recorded the same way when they need to be (double backprop,
nested graphs), so every Chainer function supports on ChainerX whatever it supports on NumPy.
Non-ChainerX inputs are constants of the call.

:func:`backprop` and :func:`grad` are ``chainer.backward`` and ``chainer.grad`` on variables
of ChainerX arrays.
"""
import numpy

import chainer
import chainerx
from chainer import _hooks
from chainer import function_node
from chainer import variable as variable_module
from chainer.backends import _chainerx

_CHX = chainerx.ndarray
_Variable = variable_module.Variable
_from_chx = _chainerx._array_from_chainerx
_anygraph = chainerx.anygraph
# a node whose class keeps this method has no ChainerX implementation
_default_forward_chainerx = function_node.FunctionNode.forward_chainerx


def _to_chainerx(array, device):
    if type(array) is _CHX:
        return array
    if isinstance(array, numpy.generic):
        array = numpy.asarray(array)
    return _chainerx._array_to_chainerx(array, device)


def _output_variable(y):
    return _Variable(y, requires_grad=y.is_backprop_required())


def _requires_backprop(array):
    return array is not None and array.dtype.kind == 'f' and array.is_backprop_required(
        _anygraph)


class _ChainerSubgraph:
    """A computation in Chainer's NumPy/CuPy graph, recorded in ChainerX graphs as one op.

    Args:
        inputs (list of Variable): The leaves (NumPy/CuPy views of the op's ChainerX inputs).
        outputs (list of Variable): What was computed from them.
        device (chainerx.Device): The device of the op's ChainerX arrays.
    """

    def __init__(self, inputs, outputs, device):
        self.inputs = inputs
        self.outputs = outputs
        self.device = device

    def record(self, chainerx_inputs, chainerx_outputs):
        """Records the op from ``chainerx_inputs`` (all retained) to ``chainerx_outputs``."""
        chainerx._function_node_forward(self, chainerx_inputs, chainerx_outputs,
                                        list(range(len(chainerx_inputs))), [])

    def _backward_chainerx(self, target_input_indexes, grad_outputs, retained_inputs,
                           retained_outputs):
        """The gradients of the target inputs (ChainerX arrays) from the output gradients."""
        targets = [self.inputs[i] for i in target_input_indexes]
        pairs = []
        grads = [None] * len(targets)
        for y, gy in zip(self.outputs, grad_outputs):
            if gy is None:
                continue
            if y.creator_node is not None:
                pairs.append((y, gy))
                continue
            # an output that is one of the leaves itself passes its gradient through
            for k, x in enumerate(targets):
                if x is y:
                    grads[k] = gy if grads[k] is None else grads[k] + gy
        if pairs:
            computed = self._grads_through_graph(targets, pairs, retained_inputs)
            grads = [g if c is None else (c if g is None else c + g)
                     for g, c in zip(grads, computed)]
        return grads

    def _grads_through_graph(self, targets, pairs, retained_inputs):
        recorded = [gy for _, gy in pairs] + [x for x in retained_inputs if x is not None]
        if not any(_requires_backprop(a) for a in recorded):
            gys = [_Variable(_from_chx(gy), requires_grad=False) for _, gy in pairs]
            grads = chainer.grad([y for y, _ in pairs], targets, gys)
            return [None if g is None else _to_chainerx(g.array, self.device) for g in grads]
        # The gradients must be differentiable: compute them in Chainer's graph, as functions
        # of the leaves and of the output gradients, and record that computation in turn.
        gy_vars = [_Variable(_from_chx(gy), requires_grad=_requires_backprop(gy))
                   for _, gy in pairs]
        grads = chainer.grad([y for y, _ in pairs], targets, gy_vars,
                             enable_double_backprop=True)
        computed = [g for g in grads if g is not None]
        chainerx_grads = [_to_chainerx(g.array, self.device) for g in computed]
        if computed:
            subgraph = _ChainerSubgraph(list(self.inputs) + gy_vars, computed, self.device)
            subgraph.record(list(retained_inputs) + [gy for _, gy in pairs], chainerx_grads)
        it = iter(chainerx_grads)
        return [None if g is None else next(it) for g in grads]


def apply(node, inputs):
    """``node.apply(inputs)`` when some input holds a ChainerX array."""
    arrays = [x._array if isinstance(x, _Variable) else x for x in inputs]
    device = None
    all_chainerx = True
    for a in arrays:
        if type(a) is _CHX:
            if device is None:
                device = a.device
            elif a.device is not device:
                raise chainerx.DeviceError(
                    '{}: the input arrays are on different devices: {} and {}'.format(
                        node.label, device.name, a.device.name))
        elif a is not None:
            all_chainerx = False
    if (all_chainerx and type(node).forward_chainerx is not _default_forward_chainerx
            and not _hooks.active_hooks() and not node._local_function_hooks):
        config = chainer.config
        if config.type_check:
            node._check_types(tuple([None if a is None else _from_chx(a) for a in arrays]))
        if config.enable_backprop:
            outputs = node.forward_chainerx(tuple(arrays))
        else:
            with chainerx.no_backprop_mode():
                outputs = node.forward_chainerx(tuple(arrays))
        if outputs is not chainer.Fallback:
            if not isinstance(outputs, tuple):
                raise TypeError('%s.forward_chainerx must return a tuple, not %s'
                                % (node.label, type(outputs).__name__))
            return tuple([_output_variable(y) for y in outputs])

    _attributes_to_fallback(node)
    requires_grad = [type(a) is _CHX and _requires_backprop(a) for a in arrays]
    leaves = [None if a is None else
              _Variable(_from_chx(a) if type(a) is _CHX else a, requires_grad=r)
              for a, r in zip(arrays, requires_grad)]
    outputs = node.apply(leaves)
    chainerx_outputs = [_to_chainerx(y.array, device) for y in outputs]
    if any(requires_grad) and any(y.creator_node is not None for y in outputs):
        graph_inputs = [a if type(a) is _CHX else _to_chainerx(
            numpy.zeros((0,), numpy.float32) if a is None else a, device) for a in arrays]
        _ChainerSubgraph(leaves, list(outputs), device).record(graph_inputs, chainerx_outputs)
    return tuple([_output_variable(y) for y in chainerx_outputs])


def _attributes_to_fallback(node):
    # The node computes on NumPy/CuPy arrays: its ChainerX array attributes (e.g. indices or
    # running statistics given to the function) become views of them, sharing memory, and so
    # do those of the old-style function a FunctionAdapter runs.
    _arrays_to_fallback(node)
    function = getattr(node, '_function', None)
    if function is not None:
        _arrays_to_fallback(function)


def _arrays_to_fallback(obj):
    attrs = getattr(obj, '__dict__', None)
    if not attrs:
        return
    for name, value in attrs.items():
        if type(value) is _CHX:
            attrs[name] = _from_chx(value)
        elif type(value) in (tuple, list) and any(type(v) is _CHX for v in value):
            attrs[name] = type(value)(_from_chx(v) if type(v) is _CHX else v for v in value)


def _check_all_chainerx(variables, what):
    n = sum(1 for v in variables if v is not None and type(v._array) is _CHX)
    if n and n != sum(1 for v in variables if v is not None):
        raise TypeError('Mixing chainerx and non-chainerx variables is not allowed ({})'
                        .format(what))
    return n > 0


def backprop(outputs, grad_outputs, enable_double_backprop):
    """``chainer.backward`` for outputs holding ChainerX arrays."""
    arrays = []
    for y, gy in zip(outputs, grad_outputs):
        array = y._array
        if gy is not None:
            g = gy._array if isinstance(gy, _Variable) else gy
            if not array.is_grad_required():
                array.require_grad()
            array.set_grad(_to_chainerx(g, array.device).astype(array.dtype, copy=False))
        arrays.append(array)
    chainerx.backward(arrays, enable_double_backprop=enable_double_backprop)


def grad(outputs, inputs, grad_outputs, grad_inputs, set_grad, retain_grad,
         enable_double_backprop, loss_scale):
    """``chainer.grad`` for variables holding ChainerX arrays."""
    if loss_scale is not None:
        raise ValueError('loss_scale is not supported on chainerx.grad interface')

    def arrays(variables):
        if not variables:
            return None
        return [None if v is None else
                (v._array if isinstance(v, _Variable) else v) for v in variables]

    y_arrays = arrays(outputs)
    gy_arrays = arrays(grad_outputs)
    if gy_arrays is not None:
        # Chainer's graph accepts output gradients of another dtype: cast them
        gy_arrays = [g if g is None or g.dtype == y.dtype else g.astype(y.dtype)
                     for y, g in zip(y_arrays, gy_arrays)]
    grads = chainerx.grad(y_arrays, arrays(inputs),
                          enable_double_backprop=enable_double_backprop,
                          retain_grad=retain_grad, grad_inputs=arrays(grad_inputs),
                          grad_outputs=gy_arrays)
    result = [None if g is None else _Variable(g, requires_grad=g.is_backprop_required())
              for g in grads]
    if set_grad:
        for x, gx in zip(inputs, result):
            x.grad_var = gx
    return result
