"""The backward walk shared by ``Variable.backward``, ``chainer.backward`` and ``chainer.grad``.

Function nodes are visited in descending rank with a heap, so every node's gradient is complete
when its creator runs. Gradients are kept per VariableNode and popped as soon as they are
consumed, so intermediate gradients are freed early unless ``retain_grad`` is set. Each node's
gradients come from :func:`chainer._backprop_utils.backward_step`, or straight from its
array-level ``_backward_arrays`` when the step has nothing else to do.
"""
import heapq
import warnings

import numpy

import chainer
from chainer import _backprop_utils
from chainer import _hooks
from chainer import backend
from chainer import configuration
from chainer import variable as variable_module

_config = configuration.config
_numpy_scalar = numpy.generic
_make_variable = variable_module._make_variable
_Variable = variable_module.Variable
_VariableNode = variable_module.VariableNode
_backward_step = _backprop_utils.backward_step
_MISSING = configuration._MISSING

_NO_GRAD_WARNING = ('outputs contains a Variable without grad, or duplicate outputs. Note that '
                    'chainer.backward does not set default grad.')


def _walk(pairs, retain_grad, double, targets=None, required=None, loaded=None):
    """Runs backprop from ``(node, grad Variable)`` pairs.

    Returns the dict of gradients left at the end (leaves and unreachable nodes), the dict of
    the complete gradients of ``targets`` (a set of nodes) when given, and whether the
    gradients in both dicts are raw arrays (else Variables).

    Gradients flow to the inputs that require one, or, when ``required`` (a set of nodes) is
    given, to the inputs in it (:func:`grad` computes only the paths to its targets).

    Without double backprop and function hooks, gradients travel as raw arrays and nodes that
    define ``_backward_arrays`` compute them without building Variables (the fast path); the
    others run their differentiable ``backward`` on wrapped arrays.

    With function hooks, gradients are summed as v7 sums them, inside each step (the hooks
    see the ``Add`` / ``MultiAdd`` nodes); when ``loaded`` (a set) is given, a leaf's own
    gradient is summed with the first gradient it receives, and its node is added to
    ``loaded`` (the result then replaces the leaf's gradient).
    """
    hooks = _hooks.active_hooks()
    raw = not double and hooks is None
    old_style = _VariableNode._any_old_style_grad
    debug = _config.debug
    fast = raw and not debug
    # ids of gradient arrays in ``grads`` that the walk itself allocated (sums): only those
    # may be accumulated in place; any other array may be aliased by a function's output.
    owned = set()
    grads = {}
    found = {}
    heap = []
    seen = set()
    counter = 0
    for node, gy in pairs:
        if raw:
            gy = gy._array
        prev = grads.get(node)
        grads[node] = gy if prev is None else _accumulate(prev, gy, raw, owned)
        func = node.creator_node
        if func is not None and func not in seen:
            seen.add(func)
            heapq.heappush(heap, (-func.rank, counter, func))
            counter += 1

    plain = targets is None and not retain_grad  # no gradient to keep but the leaves'
    heappop = heapq.heappop
    heappush = heapq.heappush
    func = None
    try:
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
            if required is None:
                indexes = func._grad_input_indexes
                if not indexes:
                    if indexes is None:
                        indexes = tuple([i for i, x in enumerate(in_nodes) if x.requires_grad])
                    if not indexes:
                        continue
            else:
                indexes = tuple([i for i, x in enumerate(in_nodes) if x in required])
                if not indexes:
                    continue

            if (fast and func._backward_arrays is not None
                    and func._local_function_hooks is None):
                gxs = func._backward_arrays(indexes, gys)
            elif hooks is not None:
                previous = None
                if func._accumulates:
                    previous = tuple([_take_hooked(grads, in_nodes[i], loaded)
                                      for i in indexes])

                def accumulate(gxs, in_nodes=in_nodes, indexes=indexes):
                    _accumulate_hooked(grads, in_nodes, indexes, gxs, loaded)

                gxs = _backward_step(func, indexes, gys, raw, hooks, previous, debug,
                                     accumulate)
                for i, gx in zip(indexes, gxs):
                    if gx is None:
                        continue
                    creator = in_nodes[i].creator_node
                    if creator is not None:
                        if creator not in seen:
                            seen.add(creator)
                            heappush(heap, (-creator.rank, counter, creator))
                            counter += 1
                    elif in_nodes[i]._old_style_grad_generator is not None:
                        _raise_old_style(in_nodes[i])
                continue
            else:
                previous = None
                if func._accumulates:
                    previous = tuple([_take_for_accumulate(grads, owned, in_nodes[i], loaded, raw)
                                      for i in indexes])
                gxs = _backward_step(func, indexes, gys, raw, hooks, previous, debug)
            for i, gx in zip(indexes, gxs):
                if gx is None:
                    continue
                if raw and isinstance(gx, _numpy_scalar):
                    gx = numpy.asarray(gx)  # NumPy returns scalars for 0-dim ufunc results
                node = in_nodes[i]
                prev = grads.get(node)
                if prev is None:
                    grads[node] = gx
                else:
                    grads[node] = _accumulate(prev, gx, raw, owned)
                creator = node.creator_node
                if creator is not None:
                    if creator not in seen:
                        seen.add(creator)
                        heappush(heap, (-creator.rank, counter, creator))
                        counter += 1
                elif old_style and node._old_style_grad_generator is not None:
                    _raise_old_style(node)
    except Exception as e:
        if func is not None:
            _backprop_utils.attach_forward_stack(func, e)
        raise

    if targets is not None:
        for node in targets:
            if node not in found and node in grads:
                found[node] = grads[node]
    return grads, found, raw


def _raise_old_style(node):
    raise RuntimeError('cannot twice-differentiate an old style Function "{}"'.format(
        node._old_style_grad_generator))


def _take(grads, owned, node):
    """Removes and returns the gradient stored for ``node`` (None if there is none)."""
    g = grads.pop(node, None)
    if g is not None and owned:
        owned.discard(id(g))
    return g


def _take_for_accumulate(grads, owned, node, loaded, raw):
    """:func:`_take` for an overridden ``backward_accumulate``: as v7, a leaf's own gradient
    is among the gradients it is given (and is then replaced by its result)."""
    g = _take(grads, owned, node)
    if g is None:
        g = _leaf_grad(node, loaded)
        if raw and g is not None:
            g = g._array
    return g


def _leaf_grad(node, loaded):
    """The gradient a leaf already holds, taken once into the walk (None if not loaded)."""
    if loaded is None or node.creator_node is not None or node in loaded:
        return None
    loaded.add(node)
    var = node._variable()
    return None if var is None else var._grad_var


def _take_hooked(grads, node, loaded):
    """:func:`_take` of the hooked walk: a leaf's own gradient counts as computed."""
    g = grads.pop(node, None)
    return _leaf_grad(node, loaded) if g is None else g


def _accumulate_hooked(grads, in_nodes, indexes, gxs, loaded):
    """Sums a step's gradients into ``grads`` as v7 does: one ``F.add`` per input node."""
    pending = {}
    for i, gx in zip(indexes, gxs):
        if gx is None:
            continue
        node = in_nodes[i]
        terms = pending.get(node)
        if terms is None:
            prev = grads.get(node)
            if prev is None:
                prev = _leaf_grad(node, loaded)
            terms = pending[node] = [] if prev is None else [prev]
        terms.append(gx)
    for node, terms in pending.items():
        grads[node] = terms[0] if len(terms) == 1 else chainer.functions.add(*terms)


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
        if retain_grad and node.requires_grad:
            var = node._variable()
            if var is not None:
                var._grad_var = _make_variable(gy, True) if raw else gy
    return tuple(gys) if any_grad else None


def _accumulate(prev, gx, raw, owned):
    """Sums two gradients: raw arrays (in place into sums the walk owns) or Variables."""
    if raw:
        if id(prev) in owned and prev.shape == gx.shape and prev.dtype == gx.dtype:
            prev += gx
            return prev
        total = _add_arrays(prev, gx)
        owned.add(id(total))
        return total
    return _sum_variables(prev, gx)


def _add_arrays(a, b):
    """``a + b`` as an array (NumPy's sum of 0-dim arrays is a scalar)."""
    total = a + b
    return numpy.asarray(total) if isinstance(total, _numpy_scalar) else total


def _sum_variables(a, b):
    """Sum of two gradient Variables, recorded in the graph (as v7) when backprop is enabled,
    i.e. in double backprop, and one of them is in it (has a creator or requires grad)."""
    if not _config.enable_backprop or (
            a.creator_node is None and b.creator_node is None
            and not a._requires_grad and not b._requires_grad):
        return _make_variable(_add_arrays(a._array, b._array), True)
    return a + b


def _writeable(array):
    """``array``, or a writeable copy of a read-only NumPy array (e.g. a broadcast view):
    optimizers update gradients in place."""
    if type(array) is numpy.ndarray and not array.flags.writeable:
        return array.copy()
    return array


def _ones_like(array, scale):
    """The initial gradient of an output: ones of its dtype, times ``scale`` if given."""
    ones = backend.get_array_module(array).ones_like(array)
    if scale is not None:
        ones *= scale  # in place: the dtype stays that of the output
    return ones


def _backprop_to_leaves(pairs, retain_grad, double, loss_scale):
    """Walks from ``(node, grad Variable)`` pairs and adds the results to the leaves' grads."""
    # using_config('enable_backprop', double), written out: this runs on every backward
    local = _config.__dict__
    saved = local.get('enable_backprop', _MISSING)
    local['enable_backprop'] = double
    loaded = set()
    try:
        grads, _, raw = _walk(pairs, retain_grad, double, loaded=loaded)
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
            if g.base is not None:  # only a view (e.g. a broadcast) can be read-only
                g = _writeable(g)
            g = _make_variable(g, True)
        elif not double:
            array = g._array
            if array.base is not None:
                array = _writeable(array)
                if array is not g._array:
                    g = _make_variable(array, True)
        prev = None if loaded and node in loaded else var._grad_var
        if prev is None:
            var._grad_var = g
        elif double:
            var._grad_var = _sum_variables(prev, g)
        else:  # as v7, a sum outside double backprop is not recorded
            var._grad_var = _make_variable(_add_arrays(prev._array, g._array), True)
        if loss_scale is not None or var._loss_scale is not None:
            var._loss_scale = loss_scale


def variable_backward(var, retain_grad, enable_double_backprop, loss_scale):
    """Implementation of :meth:`Variable.backward`.

    The initial gradient is ``var.grad``; when it is unset and ``var`` has one element, it
    becomes ones (times ``loss_scale``). The gradient of ``var`` itself is released afterwards
    unless ``retain_grad`` is set (a leaf keeps it).
    """
    gy = var._grad_var
    if gy is None:
        array = var._array
        if array is not None and array.size == 1:
            if array.ndim != 0:
                warnings.warn(
                    'Treating a variable with only one element as a scalar in'
                    ' Variable.backward is deprecated. A scalar variable must be a'
                    ' 0-dimensional array. Apply chainer.functions.squeeze to obtain a'
                    ' scalar variable. If the size of this variable accidentally becomes'
                    ' one, set zero to grad.', DeprecationWarning)
            gy = var._grad_var = _make_variable(_ones_like(array, loss_scale), True)
    func = var.creator_node
    if func is None:
        node = var._node
        if node is not None and node._old_style_grad_generator is not None:
            _raise_old_style(node)  # a gradient made by an old-style Function (as v7)
        return
    if gy is None:
        # As v7: the creator's backward runs without an output gradient (most raise).
        with configuration.using_config('enable_backprop', enable_double_backprop):
            pairs = _step_without_grad(func)
    else:
        pairs = [(var._node, gy)]
    _backprop_to_leaves(pairs, retain_grad, enable_double_backprop, loss_scale)
    if not (retain_grad and var._requires_grad):
        var._grad_var = None


def _step_without_grad(func):
    """Runs ``func``'s backward with no output gradient; returns (input node, grad) pairs."""
    in_nodes = func.inputs
    indexes = tuple([i for i, x in enumerate(in_nodes) if x.requires_grad])
    if not indexes:
        return []
    gys = (None,) * len(func.outputs)
    try:
        gxs = _backward_step(func, indexes, gys, False, _hooks.active_hooks(), None,
                             _config.debug)
    except Exception as e:
        _backprop_utils.attach_forward_stack(func, e)
        raise
    return [(in_nodes[i], gx) for i, gx in zip(indexes, gxs) if gx is not None]


def backward(outputs, grad_outputs=None, **kwargs):
    """Runs backprop from several output variables at once (``chainer.backward``).

    Args:
        outputs (tuple or list of Variable): Output variables.
        grad_outputs (tuple or list of Variable or None): Initial gradients; when None the
            ``grad_var`` of each output is used (outputs without one are skipped with a
            warning). Gradients given for the same output twice are summed.
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
    if not isinstance(outputs, (tuple, list)):
        raise TypeError('outputs must be a tuple or a list, not {}.'.format(type(outputs)))
    for y in outputs:
        if not isinstance(y, _Variable):
            raise TypeError('each output must be a Variable, not {}'.format(type(y)))
    if grad_outputs is not None:
        if not isinstance(grad_outputs, (tuple, list)):
            raise TypeError('grad_outputs must be None, a tuple, or a list, not {}.'
                            .format(type(grad_outputs)))
        if len(outputs) != len(grad_outputs):
            raise ValueError('grad_outputs must be of the same length as outputs.\n'
                             'len(outputs) = {}, len(grad_outputs) = {}'
                             .format(len(outputs), len(grad_outputs)))
    if 'retain_grad' in kwargs:
        raise ValueError('semantics for retain_grad=True is under discussion')
    if 'loss_scale' in kwargs:
        raise ValueError('chainer.backward does not support loss_scale option')
    enable_double_backprop, = argument.parse_kwargs(
        kwargs, ('enable_double_backprop', False))
    if outputs and _chainerx_function()._check_all_chainerx(outputs, 'outputs'):
        gys = [None] * len(outputs) if grad_outputs is None else grad_outputs
        _chainerx_function().backprop(outputs, gys, enable_double_backprop)
        return

    seeds = {}
    if grad_outputs is None:
        # each output starts from its own gradient, which is released afterwards (a leaf's
        # gradient is already where the result goes: it is kept and not added twice)
        used = []
        seen = set()
        for y in outputs:
            node = y.node
            gy = y._grad_var
            if gy is None or node in seen:
                warnings.warn(_NO_GRAD_WARNING, RuntimeWarning)
                continue
            seen.add(node)
            if node.creator_node is not None:
                seeds[node] = gy
                used.append(y)
        if seeds:
            _backprop_to_leaves(list(seeds.items()), False, enable_double_backprop, None)
        for y in used:
            y._grad_var = None
        return
    # the given gradients (summed for an output given twice); the outputs' own are untouched
    for i, (y, gy) in enumerate(zip(outputs, grad_outputs)):
        node = y.node
        if gy is None or not node.requires_grad and node.creator_node is not None:
            continue  # (an output computed without gradients is skipped, as v7 does)
        if not isinstance(gy, _Variable):
            raise _GradOutputTypeError(
                'chainer.backward: grad_outputs[{}] must be a Variable or None, not {}'
                .format(i, type(gy)))
        variable_module._check_grad_type(None, y, False, gy._array)
        prev = seeds.get(node)
        seeds[node] = gy if prev is None else _sum_variables(prev, gy)
    if seeds:
        _backprop_to_leaves(list(seeds.items()), False, enable_double_backprop, None)


class _GradOutputTypeError(TypeError, AttributeError):
    # v7 fails with an AttributeError on an output gradient that is not a Variable: this
    # error says what is wrong and is caught as either kind
    pass


def grad(outputs, inputs, grad_outputs, grad_inputs, set_grad, retain_grad,
         enable_double_backprop, loss_scale):
    """Implementation of :func:`chainer.grad` (arguments already validated).

    An output without a given gradient starts from ones (times ``loss_scale``); for an output
    given twice the last gradient counts.
    """
    chx = _chainerx_function()
    if chx._check_all_chainerx(list(outputs) + list(inputs), 'outputs and inputs'):
        return chx.grad(outputs, inputs, grad_outputs, grad_inputs, set_grad, retain_grad,
                        enable_double_backprop, loss_scale)
    seeds = {}
    for i, y in enumerate(outputs):
        gy = None if grad_outputs is None else grad_outputs[i]
        if gy is None:
            gy = _make_variable(_ones_like(y._array, loss_scale), True)
        else:
            if not isinstance(gy, _Variable):
                gy = _make_variable(gy, True)
            variable_module._check_grad_type(None, y, False, gy._array)
        seeds[y.node] = gy
    targets = {x.node for x in inputs}
    required = _nodes_between(seeds, targets)
    with configuration.using_config('enable_backprop', enable_double_backprop):
        _, found, raw = _walk(list(seeds.items()), retain_grad, enable_double_backprop,
                              targets, required)
        if raw:
            found = {node: _make_variable(g, True) for node, g in found.items()}
        result = []
        for i, x in enumerate(inputs):
            gx = found.get(x.node)
            if grad_inputs is not None and grad_inputs[i] is not None:
                gi = grad_inputs[i]
                if not isinstance(gi, _Variable):
                    gi = _make_variable(gi, True)
                gx = gi if gx is None else _sum_variables(gx, gi)
            result.append(gx)
    if set_grad:
        for x, gx in zip(inputs, result):
            x._grad_var = gx
    return result


def _nodes_between(output_nodes, input_nodes):
    """The nodes whose gradients :func:`grad` computes: ``input_nodes`` and the nodes that
    require a gradient on a path from one of them to one of ``output_nodes``.

    The inputs are included even when they do not require a gradient (as v7 does), but the
    paths through them only continue through nodes that do.
    """
    # backward from the outputs: the functions consuming each node that requires a gradient
    consumers = {}
    for node in output_nodes:
        if node.creator_node is None and node._old_style_grad_generator is not None:
            _raise_old_style(node)
    pending = [node.creator_node for node in output_nodes]
    seen = set()
    while pending:
        func = pending.pop()
        if func is None or func in seen:
            continue
        seen.add(func)
        for x in func.inputs or ():
            if x.requires_grad:
                if x.creator_node is None and x._old_style_grad_generator is not None:
                    _raise_old_style(x)
                consumers.setdefault(x, []).append(func)
                pending.append(x.creator_node)
    # forward from the inputs, through those functions only
    required = set()
    pending = list(input_nodes)
    visited = set()
    while pending:
        x = pending.pop()
        if x in required:
            continue
        required.add(x)
        for func in consumers.get(x, ()):
            if func in visited:
                continue
            visited.add(func)
            for ref in func.outputs:
                y = ref()
                if y is not None and y in consumers:
                    pending.append(y)
    return required


def _chainerx_function():
    from chainer import _chainerx_function
    return _chainerx_function
