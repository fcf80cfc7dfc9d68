"""Backprop through ChainerX graphs: :func:`backward` and :func:`grad`.

The walk pops op nodes in descending rank from a heap, calls their backward function with the
accumulated output gradients, and sends each input gradient to the op that created the input
(or, for a leaf, to the gradient being summed for it).

When gradients need not be recorded (no double backprop, and the graph is the outermost one of
its context, so no outer graph could record them), backward functions run on the raw
NumPy/CuPy arrays, which is the fast path. Otherwise they run on ChainerX arrays, with backprop
disabled for the graph itself (unless double backprop is enabled) and for every inner graph.
"""
import heapq
import itertools

import chainerx
from chainerx import _array
from chainerx import _errors
from chainerx import _graph

_wrap = _array.wrap
# raw gradients of 0-dim arrays may be NumPy scalars: wrapping makes them 0-dim arrays
_wrap_raw = _array.wrap_result
_counter = itertools.count()
_push = heapq.heappush
_pop = heapq.heappop


def _outputs_list(outputs, what):
    if isinstance(outputs, _array.ndarray):
        return [outputs]
    if not isinstance(outputs, (list, tuple)):
        raise TypeError('{} must be a chainerx.ndarray or a list of them, not {}'.format(
            what, type(outputs)))
    for y in outputs:
        if not isinstance(y, _array.ndarray):
            raise TypeError('{} must be chainerx.ndarray, not {}'.format(what, type(y)))
    return list(outputs)


def _resolve(arrays, backprop_id):
    context = arrays[0]._device._backend._context
    for a in arrays:
        if a._device._backend._context is not context:
            raise _errors.ContextError('arrays of different contexts cannot be mixed')
    return _graph.resolve_backprop_id(context, backprop_id)


_NOT_AN_OUTPUT = 'Cannot start backprop from an array that is not connected to the graph'
_NOT_AN_INPUT = 'Cannot compute the gradient w.r.t. an array that is not in the graph'


def _node_of(array, bp, error):
    # the node of array in graph bp; ChainerxError ``error 'graph name'`` when it is not there
    node = _graph.find_node(array._nodes, bp)
    if node is None:
        raise _errors.ChainerxError('{} \'{}\''.format(error, bp.name))
    return node


def _stop_scope(bp, enable_double_backprop):
    stopped = bp._context._inner_backprop_ids(bp)
    if not enable_double_backprop:
        stopped.append(bp)
    if not stopped:
        return None
    return _graph.no_backprop_mode(stopped)


class _Walk:
    """One backward pass over graph ``bp`` (raw or recorded gradients)."""

    def __init__(self, bp, enable_double_backprop):
        self.bp = bp
        self.raw = (not enable_double_backprop
                    and bp is bp._context._default_backprop_id)
        self.heap = []
        self.leaf_grads = {}
        self.captures = None   # op -> nodes whose gradients are captured
        self.captured = {}

    def seed(self, node, g):
        """Delivers the initial gradient ``g`` to ``node``."""
        self.deliver(node, g)

    def deliver(self, node, g):
        if g.dtype is not node.dtype:
            g = g.astype(node.dtype)
        creator = node.creator
        if creator is None:
            prev = self.leaf_grads.get(node)
            self.leaf_grads[node] = g if prev is None else prev + g
            return
        og = creator.out_grads
        if og is None:
            og = creator.out_grads = [None] * creator.n_outputs
            _push(self.heap, (-creator.rank, next(_counter), creator))
        i = node.index
        prev = og[i]
        og[i] = g if prev is None else prev + g

    def run(self):
        self._loop_within(None if self.raw else _stop_scope(self.bp, False))

    def run_double(self):
        self._loop_within(_stop_scope(self.bp, True))

    def _loop_within(self, scope):
        if scope is None:
            self._loop()
        else:
            with scope:
                self._loop()

    def _loop(self):
        heap = self.heap
        leaf_grads = self.leaf_grads
        raw = self.raw
        captures = self.captures
        try:
            while heap:
                op = _pop(heap)[2]
                gys = op.out_grads
                op.out_grads = None
                if op.watchers is not None:
                    self._store_watched(op, gys)
                if captures is not None and op in captures:
                    for node in captures[op]:
                        g = gys[node.index]
                        if g is not None:
                            self._capture(node, g)
                if raw:
                    gxs = op.backward(op.device.xp, op, op.xd, op.yd, gys)
                else:
                    gxs = op.backward(chainerx, op, op.xs, _rebuild_outputs(op), gys)
                for node, gx in zip(op.inputs, gxs):
                    if node is None or gx is None:
                        continue
                    if gx.dtype is not node.dtype:
                        gx = gx.astype(node.dtype)
                    creator = node.creator
                    if creator is None:
                        prev = leaf_grads.get(node)
                        leaf_grads[node] = gx if prev is None else prev + gx
                        continue
                    og = creator.out_grads
                    if og is None:
                        og = creator.out_grads = [None] * creator.n_outputs
                        _push(heap, (-creator.rank, next(_counter), creator))
                    i = node.index
                    prev = og[i]
                    og[i] = gx if prev is None else prev + gx
        finally:
            for entry in heap:
                entry[2].out_grads = None
            heap.clear()

    def _capture(self, node, g):
        prev = self.captured.get(node)
        self.captured[node] = g if prev is None else prev + g

    def _store_watched(self, op, gys):
        for node in op.watchers:
            if not node.grad_required:
                continue
            g = gys[node.index]
            if g is None:
                continue
            g = self.as_array(g, node.device)
            node.grad = g if node.grad is None else node.grad + g

    def as_array(self, g, device):
        """The gradient ``g`` as a ChainerX array."""
        if self.raw:
            return _wrap_raw(g, device)
        return g

    def ones_like(self, y):
        """The default initial gradient of output ``y``."""
        with y._device._use():
            ones = y._device.xp.ones_like(y._data)
        if self.raw:
            return ones
        return _wrap(ones, y._device)

    def unwrap(self, g):
        """A ChainerX gradient given by the user, in the walk's representation."""
        return g._data if self.raw else g


def _rebuild_outputs(op):
    """The retained outputs of ``op`` as ChainerX arrays connected to the op's graphs."""
    yd = op.yd
    if yd is None:
        return None
    ops = op.siblings or (op,)
    ys = []
    for i, data in enumerate(yd):
        y = _wrap(data, op.device)
        dtype = data.dtype
        y._nodes = tuple([_graph.make_output_node(o, i, dtype) for o in ops])
        ys.append(y)
    return tuple(ys)


def backward(outputs, backprop_id=None, enable_double_backprop=False):
    """Runs backprop from the given output arrays.

    The gradients are accumulated into the arrays whose gradient is required (see
    :meth:`ndarray.require_grad`). The initial gradient of an output is its gradient if set,
    else ones.

    Args:
        outputs: An array or a list of arrays to start backprop from.
        backprop_id (~chainerx.BackpropId): The graph (the default graph when None).
        enable_double_backprop (bool): Record the backward computation so that the gradients
            can be differentiated again.
    """
    outputs = _outputs_list(outputs, 'outputs')
    if not outputs:
        return
    bp = _resolve(outputs, backprop_id)
    walk = _Walk(bp, enable_double_backprop)
    seeds = []
    for y in outputs:
        node = _node_of(y, bp, _NOT_AN_OUTPUT)
        g = node.grad
        if g is None:
            g = walk.ones_like(y)
            if node.creator is None:
                node.grad = walk.as_array(g, y._device)
                continue
        elif node.creator is None:
            continue
        else:
            g = walk.unwrap(g)
        if node.grad_required:
            # a watched intermediate output: its creator stores the whole gradient again
            node.grad = None
        seeds.append((node, g))
    for node, g in seeds:
        walk.seed(node, g)
    if enable_double_backprop:
        walk.run_double()
    else:
        walk.run()
    _store_leaf_grads(walk)


def _store_leaf_grads(walk, skip=()):
    stored = set()
    for node, g in walk.leaf_grads.items():
        if not node.grad_required or node in skip:
            continue
        # A stored gradient is the user's to update in place: it gets its own writable
        # buffer when it is a read-only or broadcast view, or when one gradient reached
        # several leaves (``a + b``).
        if walk.raw:
            if id(g) in stored or (g.base is not None and not _is_writable(g)):
                g = g.copy()
            stored.add(id(g))
            g = _wrap_raw(g, node.device)
        else:
            if id(g) in stored or (g._data.base is not None and not _is_writable(g._data)):
                g = g.copy()
            stored.add(id(g))
        node.grad = g if node.grad is None else node.grad + g


def _is_writable(data):
    flags = data.flags
    if not getattr(flags, 'writeable', True):
        return False
    if data.size > 1 and 0 in data.strides:
        return False
    return True


def grad(outputs, inputs, backprop_id=None, enable_double_backprop=False, set_grad=False,
         retain_grad=False, grad_inputs=None, grad_outputs=None):
    """Computes and returns the gradients of ``outputs`` w.r.t. ``inputs``.

    Unlike :func:`backward`, the stored gradients of the arrays are left untouched (unless
    ``set_grad`` or ``retain_grad`` says otherwise).

    Args:
        outputs (list of ~chainerx.ndarray): Arrays to differentiate.
        inputs (list of ~chainerx.ndarray): Arrays w.r.t. which the gradients are computed;
            they must be in the graph.
        backprop_id (~chainerx.BackpropId): The graph (the default graph when None).
        enable_double_backprop (bool): Record the backward computation.
        set_grad (bool): Also store the results as the gradients of ``inputs``.
        retain_grad (bool): Also store the gradients of the arrays in the graph whose gradient
            is required.
        grad_inputs (list of ~chainerx.ndarray): Gradients added to the results.
        grad_outputs (list of ~chainerx.ndarray): Initial gradients of the outputs (ones when
            omitted).

    Returns:
        list: One gradient (or None where ``inputs[i]`` is unreachable) per input.
    """
    outputs = _outputs_list(outputs, 'outputs')
    inputs = _outputs_list(inputs, 'inputs')
    if not outputs:
        raise _errors.ChainerxError('outputs must not be empty')
    bp = _resolve(outputs + inputs, backprop_id)
    if grad_outputs and len(grad_outputs) != len(outputs):
        raise ValueError('grad_outputs must be of the same length as outputs')
    if grad_inputs and len(grad_inputs) != len(inputs):
        raise ValueError('grad_inputs must be of the same length as inputs')
    walk = _Walk(bp, enable_double_backprop)
    input_nodes = []
    captures = {}
    for x in inputs:
        node = _node_of(x, bp, _NOT_AN_INPUT)
        input_nodes.append(node)
        if node.creator is not None:
            captures.setdefault(node.creator, []).append(node)
    walk.captures = captures
    for i, y in enumerate(outputs):
        node = _node_of(y, bp, _NOT_AN_OUTPUT)
        g = grad_outputs[i] if grad_outputs else None
        if g is None:
            g = walk.ones_like(y)
        else:
            _array.check_same_attributes(y, g, 'output gradient')
            g = walk.unwrap(g)
        walk.seed(node, g)
    saved_watchers = None
    if not retain_grad:
        saved_watchers = _suspend_watchers(outputs)
    try:
        if enable_double_backprop:
            walk.run_double()
        else:
            walk.run()
    finally:
        if saved_watchers:
            for op, watchers in saved_watchers:
                op.watchers = watchers
    results = []
    for x, node in zip(inputs, input_nodes):
        g = walk.leaf_grads.get(node) if node.creator is None else walk.captured.get(node)
        results.append(None if g is None else walk.as_array(g, x._device))
    if grad_inputs:
        results = [gi if g is None else (g if gi is None else g + gi)
                   for g, gi in zip(results, grad_inputs)]
    if set_grad:
        for x, node, g in zip(inputs, input_nodes, results):
            node.grad = g
    if retain_grad:
        _store_leaf_grads(walk, input_nodes)
    return results


def _suspend_watchers(outputs):
    # Intermediate arrays with a required gradient get it only from backward() (or with
    # retain_grad); the watchers of the reachable ops are cleared during grad().
    saved = []
    seen = set()
    pending = []
    for y in outputs:
        for node in y._nodes or ():
            if node.creator is not None:
                pending.append(node.creator)
    while pending:
        op = pending.pop()
        if id(op) in seen:
            continue
        seen.add(id(op))
        if op.watchers is not None:
            saved.append((op, op.watchers))
            op.watchers = None
        for node in op.inputs:
            if node is not None and node.creator is not None:
                pending.append(node.creator)
    return saved
