"""Graphs of ChainerX: backprop ids, backprop modes, and the nodes recorded by routines.

An array takes part in a graph through an :class:`ArrayNode` (one per graph it belongs to). A
differentiable routine whose inputs are in some graphs records one :class:`OpNode` per graph: it
refers to the input array nodes, the backward function and the retained arrays, and the outputs
get array nodes created by it. Nodes never refer to arrays, and op nodes do not refer to their
output nodes, so the graph holds no reference cycle and is freed with the arrays.

Graphs made later are *inner* to the ones made before (the default graph of a context is the
outermost). Backprop through a graph stops gradients of that graph (unless double backprop is
enabled) and of every inner graph, while outer graphs keep recording: this is what nested
differentiation with several backprop ids relies on.
"""
import threading

from chainerx import _device


class BackpropId:
    """Identifies a graph of a context (made by :meth:`Context.make_backprop_id`)."""

    __slots__ = ('_context', '_name', '_ordinal', '_released', '__weakref__')

    def __init__(self, context, name, ordinal):
        self._context = context
        self._name = name
        self._ordinal = ordinal
        self._released = False

    @property
    def context(self):
        """The context of the graph."""
        return self._context

    @property
    def name(self):
        """The name given to the graph."""
        return self._name

    def __repr__(self):
        return '<BackpropId {!r}>'.format(self._name)

    def __str__(self):
        return self._name


def resolve_backprop_id(context, backprop_id):
    """``backprop_id`` checked to be a live graph of ``context`` (the default graph of
    ``context`` when None)."""
    if backprop_id is None:
        return context._default_backprop_id
    if not isinstance(backprop_id, BackpropId):
        raise TypeError('backprop_id must be a chainerx.BackpropId, not {}'.format(
            type(backprop_id)))
    context._check_valid_backprop_id(backprop_id)
    return backprop_id


class AnyGraph:
    """Marker meaning *any graph*, used as ``is_backprop_required(chainerx.anygraph)``."""

    def __repr__(self):
        return 'chainerx.anygraph'


anygraph = AnyGraph()


# -------------------------------------------------------------------------------------------
# backprop modes

class _ModeState(threading.local):
    def __init__(self):
        self.stack = []


_mode_state = _ModeState()
# Number of backprop mode scopes entered in any thread: while it is 0, every graph records and
# routines skip the thread-local lookup.
_n_active_modes = 0
_modes_lock = threading.Lock()


def _resolve_backprop_ids(arg, context):
    if arg is None:
        return None, context if context is not None else _device.get_default_context()
    if isinstance(arg, BackpropId):
        ids = [arg]
    elif isinstance(arg, (list, tuple)):
        ids = list(arg)
        for bp in ids:
            if not isinstance(bp, BackpropId):
                raise TypeError('backprop ids must be chainerx.BackpropId, not {}'.format(
                    type(bp)))
    elif isinstance(arg, _device.Context):
        return None, arg
    else:
        raise TypeError('expected a BackpropId, a list of them or a Context, not {}'.format(
            type(arg)))
    for bp in ids:
        bp._context._check_valid_backprop_id(bp)
    return frozenset(ids), None


class _BackpropModeScope:

    _enabled = None

    def __init__(self, arg=None, context=None):
        if context is not None and arg is not None:
            raise TypeError('give either backprop ids or a context, not both')
        self._ids, self._context = _resolve_backprop_ids(arg, context)

    def __enter__(self):
        global _n_active_modes
        with _modes_lock:
            _n_active_modes += 1
        _mode_state.stack.append((self._enabled, self._ids, self._context))

    def __exit__(self, *args):
        global _n_active_modes
        _mode_state.stack.pop()
        with _modes_lock:
            _n_active_modes -= 1


class NoBackpropMode(_BackpropModeScope):
    """Scope in which the given graphs (or all graphs of a context) do not record routines."""

    _enabled = False


class ForceBackpropMode(_BackpropModeScope):
    """Scope in which the given graphs (or all graphs of a context) record routines again."""

    _enabled = True


def no_backprop_mode(arg=None, context=None):
    """Returns a scope disabling backprop for graphs.

    Args:
        arg: A :class:`BackpropId`, a list of them, or None for all graphs of ``context`` (the
            default context when None).
    """
    return NoBackpropMode(arg, context)


def force_backprop_mode(arg=None, context=None):
    """Returns a scope enabling backprop for graphs (see :func:`no_backprop_mode`)."""
    return ForceBackpropMode(arg, context)


def is_enabled(bp):
    """Whether routines record in graph ``bp`` now (the innermost matching mode decides)."""
    if not _n_active_modes:
        return True
    for enabled, ids, context in reversed(_mode_state.stack):
        if ids is None:
            if context is bp._context:
                return enabled
        elif bp in ids:
            return enabled
    return True


def is_backprop_required(arg=None, context=None):
    """Whether the given graph (the default graph of ``context`` when None) records routines."""
    if isinstance(arg, BackpropId):
        arg._context._check_valid_backprop_id(arg)
        return is_enabled(arg)
    if arg is not None:
        context = arg
    if context is None:
        context = _device.get_default_context()
    return is_enabled(context._default_backprop_id)


class BackpropScope:
    """Makes a backprop id on entry and releases it on exit (see :func:`backprop_scope`)."""

    def __init__(self, backprop_name, context=None):
        self._name = backprop_name
        self._context = context if context is not None else _device.get_default_context()
        self._backprop_id = None

    def __enter__(self):
        self._backprop_id = self._context.make_backprop_id(self._name)
        return self._backprop_id

    def __exit__(self, *args):
        self._context.release_backprop_id(self._backprop_id)
        self._backprop_id = None


def backprop_scope(backprop_name, context=None):
    """Returns a scope yielding a new :class:`BackpropId`, released when the scope exits."""
    return BackpropScope(backprop_name, context)


# -------------------------------------------------------------------------------------------
# nodes

class ArrayNode:
    """The vertex of an array in one graph.

    Attributes:
        backprop_id: The graph.
        creator: The :class:`OpNode` that produced the array (None for a leaf).
        index: The output index of the array in its creator.
        rank: The rank of the creator (0 for leaves).
        grad: The gradient stored for the array (an ndarray or None).
        grad_required: Whether backprop sets the gradient of the array.
        dtype: The dtype of the array (gradients are cast to it).
        device: The device of the array.
    """

    __slots__ = ('backprop_id', 'creator', 'index', 'rank', 'grad', 'grad_required', 'dtype',
                 'device')


class OpNode:
    """The vertex of one routine call in one graph.

    Attributes:
        backprop_id: The graph.
        inputs: Tuple with the input array node on this graph, or None, per input.
        rank: One more than the largest rank of the inputs.
        backward: ``backward(xp, op, xs, ys, gys) -> gxs``: the gradients (arrays or None,
            one per input) from the output gradients ``gys`` (None where absent), the retained
            inputs ``xs`` and outputs ``ys``. ``xp`` is the array module of the arrays it is
            given: NumPy/CuPy on raw arrays, or :mod:`chainerx` on ChainerX arrays when the
            gradients are themselves recorded (double backprop, nested graphs).
        params: Anything the backward function needs (axes, shapes, ...).
        xs: The retained input arrays (ChainerX arrays), or None.
        xd: The raw data of the retained inputs, or None.
        yd: The retained output data (raw arrays, one per output), or None.
        n_outputs: The number of outputs.
        out_grads: Output gradients being accumulated during a backward walk.
        siblings: The op nodes of the same call in all its graphs (None for one graph).
        watchers: Output array nodes whose gradient must be stored (or None).
        device: The device of the outputs.
    """

    __slots__ = ('backprop_id', 'inputs', 'rank', 'backward', 'params', 'xs', 'xd', 'yd',
                 'n_outputs', 'out_grads', 'siblings', 'watchers', 'device')


_new_array_node = ArrayNode.__new__
_new_op_node = OpNode.__new__


def make_leaf_node(backprop_id, dtype, device):
    """A new leaf node whose gradient is required."""
    node = _new_array_node(ArrayNode)
    node.device = device
    node.backprop_id = backprop_id
    node.creator = None
    node.index = 0
    node.rank = 0
    node.grad = None
    node.grad_required = True
    node.dtype = dtype
    return node


def make_output_node(op, index, dtype):
    """A new node of output ``index`` of ``op``."""
    node = _new_array_node(ArrayNode)
    node.backprop_id = op.backprop_id
    node.creator = op
    node.index = index
    node.rank = op.rank
    node.grad = None
    node.grad_required = False
    node.dtype = dtype
    node.device = op.device
    return node


def has_creator(array, backprop_id=None):
    """Whether ``array`` was computed in graph ``backprop_id`` (the default graph when None)
    by a recorded routine (as opposed to being a leaf or not in the graph)."""
    if backprop_id is None:
        backprop_id = array._device._backend._context._default_backprop_id
    node = find_node(array._nodes, backprop_id)
    return node is not None and node.creator is not None


def find_node(nodes, backprop_id):
    """The node of ``nodes`` (a tuple or None) on graph ``backprop_id``, else None."""
    if nodes:
        for node in nodes:
            if node.backprop_id is backprop_id:
                return node
    return None


# -------------------------------------------------------------------------------------------
# recording

def record_unary(x, y, backward, params, retain_x, retain_y):
    """Records a one-input one-output routine ``y = f(x)`` when ``x`` is in a graph.

    The caller checks ``x._nodes`` first; this function is only called when it is set.
    """
    nodes = x._nodes
    if len(nodes) == 1 and not _n_active_modes:
        node = nodes[0]
        if node.backprop_id._released:
            return
        op = _new_op_node(OpNode)
        op.backprop_id = bp = node.backprop_id
        op.inputs = (node,)
        op.rank = rank = node.rank + 1
        op.backward = backward
        op.params = params
        if retain_x:
            op.xs = (x,)
            op.xd = (x._data,)
        else:
            op.xs = op.xd = None
        op.yd = (y._data,) if retain_y else None
        op.n_outputs = 1
        op.out_grads = None
        op.siblings = None
        op.watchers = None
        op.device = device = y._device
        out = _new_array_node(ArrayNode)
        out.backprop_id = bp
        out.creator = op
        out.index = 0
        out.rank = rank
        out.grad = None
        out.grad_required = False
        out.dtype = y._data.dtype
        out.device = device
        y._nodes = (out,)
        return
    record((x,), (y,), backward, params, retain_x, retain_y)


def record_binary(x1, x2, y, backward, params, retain_x):
    """Records ``y = f(x1, x2)`` when ``x1`` or ``x2`` is in a graph (the caller checks).

    Like :func:`record_unary`, it builds the op node and the output node inline for the
    common case of one graph: this is the per-routine hot path, where a helper call shows.
    """
    n1 = x1._nodes
    n2 = x2._nodes
    if not _n_active_modes and (n1 is None or len(n1) == 1) and (n2 is None or len(n2) == 1):
        a = None if n1 is None else n1[0]
        b = None if n2 is None else n2[0]
        if a is None:
            bp = b.backprop_id
            rank = b.rank
        elif b is None:
            bp = a.backprop_id
            rank = a.rank
        else:
            bp = a.backprop_id
            if b.backprop_id is not bp:
                record((x1, x2), (y,), backward, params, retain_x, False)
                return
            rank = a.rank if a.rank > b.rank else b.rank
        if bp._released:
            return
        op = _new_op_node(OpNode)
        op.backprop_id = bp
        op.inputs = (a, b)
        op.rank = rank = rank + 1
        op.backward = backward
        op.params = params
        if retain_x:
            op.xs = (x1, x2)
            op.xd = (x1._data, x2._data)
        else:
            op.xs = op.xd = None
        op.yd = None
        op.n_outputs = 1
        op.out_grads = None
        op.siblings = None
        op.watchers = None
        op.device = device = y._device
        out = _new_array_node(ArrayNode)
        out.backprop_id = bp
        out.creator = op
        out.index = 0
        out.rank = rank
        out.grad = None
        out.grad_required = False
        out.dtype = y._data.dtype
        out.device = device
        y._nodes = (out,)
        return
    record((x1, x2), (y,), backward, params, retain_x, False)


def record(inputs, outputs, backward, params=None, retain_inputs=False, retain_outputs=False):
    """Records a routine call in every enabled graph of its inputs.

    Args:
        inputs: The input ChainerX arrays (in the order the backward function expects).
        outputs: The fresh output ChainerX arrays (not yet in any graph).
        backward: The backward function (see :class:`OpNode`).
        params: Data for the backward function.
        retain_inputs (bool): Keep the inputs for backward.
        retain_outputs (bool): Keep the output data for backward.
    """
    graphs = []
    for x in inputs:
        nodes = x._nodes
        if nodes:
            for node in nodes:
                bp = node.backprop_id
                if bp not in graphs and not bp._released and is_enabled(bp):
                    graphs.append(bp)
    if not graphs:
        return
    xs = tuple(inputs) if retain_inputs else None
    xd = tuple([x._data for x in inputs]) if retain_inputs else None
    yd = tuple([y._data for y in outputs]) if retain_outputs else None
    n_outputs = len(outputs)
    device = outputs[0]._device if outputs else None
    ops = []
    for bp in graphs:
        in_nodes = tuple([find_node(x._nodes, bp) for x in inputs])
        rank = 0
        for node in in_nodes:
            if node is not None and node.rank > rank:
                rank = node.rank
        op = _new_op_node(OpNode)
        op.backprop_id = bp
        op.inputs = in_nodes
        op.rank = rank + 1
        op.backward = backward
        op.params = params
        op.xs = xs
        op.xd = xd
        op.yd = yd
        op.n_outputs = n_outputs
        op.out_grads = None
        op.siblings = None
        op.watchers = None
        op.device = device
        ops.append(op)
    if len(ops) > 1:
        siblings = tuple(ops)
        for op in ops:
            op.siblings = siblings
    for index, y in enumerate(outputs):
        dtype = y._data.dtype
        new_nodes = tuple([make_output_node(op, index, dtype) for op in ops])
        old = y._nodes
        y._nodes = new_nodes if not old else old + new_nodes
