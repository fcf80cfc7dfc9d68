"""The backward walk shared by ``Variable.backward``, ``chainer.backward`` and ``chainer.grad``.

Function nodes are visited in descending rank with a heap, so every node's gradient is complete
when its creator runs. Gradients are kept per VariableNode and popped as soon as they are
consumed, so intermediate gradients are freed early unless ``retain_grad`` is set.
"""
import heapq
import warnings

import numpy

from chainer import _hooks
from chainer import backend
from chainer import configuration
from chainer import variable as variable_module

_config = configuration.config
_MISSING = object()
_numpy_scalar = numpy.generic
_make_variable = variable_module._make_variable


def _initial_grad(var, gy, loss_scale):
    if gy is None:
        gv = var._grad_var
        if gv is None:
            array = var._array
            if array.size != 1:
                return None
            if array.ndim != 0:
                warnings.warn(
                    'Treating a variable with only one element as a scalar in'
                    ' Variable.backward is deprecated. A scalar variable must be a'
                    ' 0-dimensional array. Apply chainer.functions.squeeze to obtain a'
                    ' scalar variable. If the size of this variable accidentally becomes'
                    ' one, set zero to grad.', DeprecationWarning)
            xp = backend.get_array_module(array)
            gv = _make_variable(xp.ones_like(array), False)
            var._grad_var = gv
        gy = gv
    if loss_scale is not None:
        gy = _make_variable(gy._array * loss_scale, False)
    return gy


def _walk(pairs, retain_grad, double, targets=None):
    """Runs backprop from ``(node, grad Variable)`` pairs.

    Returns the dict of gradients left at the end (leaves and unreachable nodes), the dict of
    the complete gradients of ``targets`` (a set of nodes) when given, and whether the
    gradients in both dicts are raw arrays (else Variables).

    Without double backprop and function hooks, gradients travel as raw arrays and nodes that
    define ``_backward_arrays`` compute them without building Variables (the fast path); the
    others run their differentiable ``backward`` on wrapped arrays.
    """
    hooks = _hooks.active_hooks()
    raw = not double and hooks is None
    # ids of gradient arrays in ``grads`` that the walk itself allocated (sums): only those
    # may be accumulated in place; any other array may be aliased by a function's output.
    owned = set()
    grads = {}
    found = {}
    heap = []
    seen = set()
    counter = 0
    for node, gy in pairs:
        if gy is None:
            continue
        if raw:
            gy = gy._array
        prev = grads.get(node)
        grads[node] = gy if prev is None else _accumulate(prev, gy, raw, owned)
        func = node.creator_node
        if func is not None and func not in seen:
            seen.add(func)
            heapq.heappush(heap, (-func.rank, counter, func))
            counter += 1

    debug = _config.debug
    plain = targets is None and not retain_grad  # no gradient to keep but the leaves'
    heappop = heapq.heappop
    heappush = heapq.heappush
    while heap:
        func = heappop(heap)[2]
        outputs = func.outputs
        if plain and len(outputs) == 1:
            gy = grads.pop(outputs[0](), None)  # a dead node (None) is never a key
            if gy is None:
                continue
            if owned:
                owned.discard(id(gy))
            gys = (gy,)
        else:
            gys = _pop_output_grads(outputs, grads, owned, targets, found, retain_grad, raw)
            if gys is None:
                continue
        in_nodes = func.inputs
        if in_nodes is None:
            continue
        indexes = func._grad_input_indexes
        if indexes is None:
            indexes = tuple([i for i, x in enumerate(in_nodes) if x.requires_grad])
            if not indexes:
                continue

        if raw and func._local_function_hooks is None and func._backward_arrays is not None:
            gxs = func._backward_arrays(indexes, gys)
        else:
            gxs = _backward_variables(func, indexes, gys, raw, hooks)
        for i, gx in zip(indexes, gxs):
            if gx is None:
                continue
            if raw and isinstance(gx, _numpy_scalar):
                gx = numpy.asarray(gx)  # NumPy returns scalars for 0-dim ufunc results
            node = in_nodes[i]
            if debug:
                _check_backward_output(func, node, gx if raw else gx._array)
            prev = grads.get(node)
            if prev is None:
                grads[node] = gx
            else:
                grads[node] = _accumulate(prev, gx, raw, owned)
            creator = node.creator_node
            if creator is not None and creator not in seen:
                seen.add(creator)
                heappush(heap, (-creator.rank, counter, creator))
                counter += 1

    if targets is not None:
        for node in targets:
            if node not in found and node in grads:
                found[node] = grads[node]
    return grads, found, raw


def _pop_output_grads(outputs, grads, owned, targets, found, retain_grad, raw):
    """Takes the gradients of a function's outputs out of ``grads`` (None if all absent)."""
    gys = []
    any_grad = False
    for ref in outputs:
        node = ref()
        gy = None if node is None else grads.pop(node, None)
        gys.append(gy)
        if gy is None:
            continue
        if owned:
            owned.discard(id(gy))
        any_grad = True
        if targets is not None and node in targets:
            found[node] = gy
        if retain_grad:
            var = node._variable()
            if var is not None:
                var._grad_var = _make_variable(gy, False) if raw else gy
    return tuple(gys) if any_grad else None


def _accumulate(prev, gx, raw, owned):
    """Sums two gradients: raw arrays (in place into sums the walk owns) or Variables."""
    if raw:
        if id(prev) in owned and prev.shape == gx.shape and prev.dtype == gx.dtype:
            prev += gx
            return prev
        total = prev + gx
        if not isinstance(total, numpy.generic):  # scalars are immutable: never in place
            owned.add(id(total))
        return total
    return _sum_variables(prev, gx)


def _sum_variables(a, b):
    """Sum of two gradient Variables, recorded in the graph only if one of them is."""
    if a.creator_node is None and b.creator_node is None:
        return _make_variable(a._array + b._array, False)
    return a + b


def _backward_variables(func, indexes, gys, raw, hooks):
    if raw:
        gys = tuple([None if g is None else _make_variable(g, False) for g in gys])
    local_hooks = func._local_function_hooks
    call_hooks = hooks
    if local_hooks:
        call_hooks = dict(hooks or ())
        call_hooks.update(local_hooks)
    if call_hooks:
        in_data = tuple([x.data for x in func.inputs])
        out_grad = tuple([None if g is None else g._array for g in gys])
        for hook in call_hooks.values():
            hook.backward_preprocess(func, in_data, out_grad)
    gxs = func._backward_targets(indexes, gys)
    if call_hooks:
        for hook in call_hooks.values():
            hook.backward_postprocess(func, in_data, out_grad)
    if raw:
        gxs = tuple([None if g is None else g._array for g in gxs])
    return gxs


def _check_backward_output(func, node, gx):
    """Debug mode: the gradient array ``gx`` for input ``node`` must match it and be NaN-free."""
    variable_module._check_grad_type(func, node, True, gx)
    xp = backend.get_array_module(gx)
    if gx.dtype.kind == 'f' and xp.isnan(gx).any():
        raise RuntimeError('NaN is detected on backward computation of {}'.format(func.label))


def _writeable(array):
    """``array``, or a writeable copy of a read-only NumPy array (e.g. a broadcast view):
    optimizers update gradients in place."""
    if type(array) is numpy.ndarray and not array.flags.writeable:
        return array.copy()
    return array


def backward_from_variables(outputs, grad_outputs, retain_grad, enable_double_backprop,
                            loss_scale):
    """Backprop from several outputs; leaf gradients are accumulated into ``grad``."""
    pairs = []
    for y, gy in zip(outputs, grad_outputs):
        node = y._node
        if node is None or node.creator_node is None:
            continue
        gy = _initial_grad(y, gy, loss_scale)
        pairs.append((node, gy))
    if not pairs:
        return
    local = _config.__dict__
    saved = local.get('enable_backprop', _MISSING)
    local['enable_backprop'] = enable_double_backprop
    try:
        grads, _, raw = _walk(pairs, retain_grad, enable_double_backprop)
    finally:
        if saved is _MISSING:
            del local['enable_backprop']
        else:
            local['enable_backprop'] = saved
    for node, g in grads.items():
        if node.creator_node is not None or not node.requires_grad:
            continue
        var = node._variable()
        if var is None:
            continue
        if raw:
            g = _make_variable(_writeable(g), False)
        elif not enable_double_backprop:
            array = _writeable(g._array)
            if array is not g._array:
                g = _make_variable(array, False)
        prev = var._grad_var
        var._grad_var = g if prev is None else _sum_variables(prev, g)
        var._loss_scale = loss_scale


def backward(outputs, grad_outputs=None, **kwargs):
    """Runs backprop from several output variables at once (``chainer.backward``).

    Args:
        outputs (tuple or list of Variable): Output variables.
        grad_outputs (tuple or list of Variable or None): Initial gradients; when None the
            ``grad_var`` of each output is used.
        enable_double_backprop (bool): Record the backward computation.

    .. admonition:: Example

        >>> x = chainer.Variable(np.array([1, 2, 3], np.float32))
        >>> y = x * x
        >>> z = F.sum(x)
        >>> gy = chainer.Variable(np.ones(3, np.float32))
        >>> gz = chainer.Variable(np.ones((), np.float32))
        >>> chainer.backward([y, z], [gy, gz])  # one backward pass from both outputs
        >>> x.grad  # their gradients, accumulated: 2 * x + 1
        array([3., 5., 7.], dtype=float32)
    """
    from chainer.utils import argument
    enable_double_backprop, = argument.parse_kwargs(
        kwargs, ('enable_double_backprop', False))
    if not isinstance(outputs, (tuple, list)):
        raise TypeError('outputs must be a tuple or a list, not {}.'.format(type(outputs)))
    for y in outputs:
        if not isinstance(y, variable_module.Variable):
            raise TypeError('each output must be a Variable, not {}'.format(type(y)))
    if grad_outputs is None:
        grad_outputs = [None] * len(outputs)
    else:
        if not isinstance(grad_outputs, (tuple, list)):
            raise TypeError('grad_outputs must be a tuple or a list or None')
        if len(outputs) != len(grad_outputs):
            raise ValueError('grad_outputs must be of the same length as outputs.')
        grad_outputs = [g if g is None or isinstance(g, variable_module.Variable)
                        else _make_variable(g, False) for g in grad_outputs]
    if outputs and _chainerx_function()._check_all_chainerx(outputs, 'outputs'):
        _chainerx_function().backprop(outputs, grad_outputs, enable_double_backprop)
        return
    pairs = []
    for y, gy in zip(outputs, grad_outputs):
        if gy is None:
            gy = y._grad_var
            if gy is None:
                raise ValueError('grad of an output must be set (or given in grad_outputs)')
        if y.creator_node is not None:
            pairs.append((y, gy))
    backward_from_variables([p[0] for p in pairs], [p[1] for p in pairs], False,
                            enable_double_backprop, None)


def grad(outputs, inputs, grad_outputs, grad_inputs, set_grad, retain_grad,
         enable_double_backprop, loss_scale):
    """Implementation of :func:`chainer.grad` (arguments already validated)."""
    chx = _chainerx_function()
    if chx._check_all_chainerx(list(outputs) + list(inputs), 'outputs and inputs'):
        return chx.grad(outputs, inputs, grad_outputs, grad_inputs, set_grad, retain_grad,
                        enable_double_backprop, loss_scale)
    pairs = []
    for i, y in enumerate(outputs):
        gy = None if grad_outputs is None else grad_outputs[i]
        if gy is not None and not isinstance(gy, variable_module.Variable):
            gy = _make_variable(gy, False)
        if gy is None:
            array = y._array
            if array.size != 1:
                raise ValueError('grad_outputs must be given for a non-scalar output')
            xp = backend.get_array_module(array)
            gy = _make_variable(xp.ones_like(array), False)
        if loss_scale is not None:
            gy = _make_variable(gy._array * loss_scale, False)
        pairs.append((y.node, gy))
    targets = {x.node for x in inputs}
    with configuration.using_config('enable_backprop', enable_double_backprop):
        _, found, raw = _walk(pairs, retain_grad, enable_double_backprop, targets)
        if raw:
            found = {node: _make_variable(g, False) for node, g in found.items()}
        result = []
        for i, x in enumerate(inputs):
            gx = found.get(x.node)
            if grad_inputs is not None and grad_inputs[i] is not None:
                gi = grad_inputs[i]
                gx = gi if gx is None else _sum_variables(gx, gi)
            result.append(gx)
    if set_grad:
        for x, gx in zip(inputs, result):
            x._grad_var = gx
    return result


def _chainerx_function():
    from chainer import _chainerx_function
    return _chainerx_function
