"""The ChainerX side of :class:`chainer.Variable`.

A variable holding a ChainerX array keeps the array *connected* to the ChainerX graph in
``_array`` (as v7 keeps it in ``_data[0]``): the graph lives in ChainerX array nodes, not in
Chainer's VariableNodes, and the gradient is the ChainerX array's gradient. ``Variable.array``
is a cached grad-stopped view of it, and ``Variable.chx_array`` a connected view.

When the variable requires a gradient, its floating point array is flagged with
``require_grad()`` (a non-connected array is first replaced by a view of it, so that the
caller's array is left as it was).
"""
import chainerx
from chainerx import _graph

_CHX = chainerx.ndarray


def set_array(var, array, grad):
    """Makes ``array`` (a ChainerX array or None) the array of ``var`` and ``grad`` its
    gradient, flagging the array as requiring a gradient when ``var`` does."""
    requires_grad = var._requires_grad
    if array is not None:
        if not requires_grad and array.is_backprop_required():
            raise ValueError('Cannot initialize a variable to not require gradients if the '
                             'ChainerX array already requires backprop.')
        if not requires_grad and grad is not None:
            raise ValueError('Cannot initialize a variable with gradients if the '
                             'require_grad argument is False.')
        if not array.is_backprop_required():
            array = array.view()
        if requires_grad and array.dtype.kind == 'f':
            array.require_grad()
            if grad is not None:
                array.set_grad(_as_chainerx_grad(grad))
    var._array = array
    var._grad_var = None
    var.__dict__.pop('_chx_cache', None)


def release_array(var, array):
    """Replaces the ChainerX array of ``var`` by a non-ChainerX ``array`` (or None)."""
    var._array = array
    var._grad_var = None
    var.__dict__.pop('_chx_cache', None)
    var.__dict__.pop('_chx_grad_var', None)


def _as_chainerx_grad(grad):
    if isinstance(grad, _CHX):
        return grad
    from chainer.backends import _chainerx
    return _chainerx._array_to_chainerx(grad)


def grad_stopped_array(var):
    """The (cached) grad-stopped view of the array of ``var``: ``Variable.array``."""
    array = var._array
    cache = var.__dict__.get('_chx_cache')
    if cache is None or cache[0] is not array:
        cache = (array, array.as_grad_stopped())
        var.__dict__['_chx_cache'] = cache
    return cache[1]


def _grad_flagged(array):
    return array.dtype.kind == 'f' and array.is_grad_required()


def get_grad(var):
    """The gradient array of ``var``.

    Reading it raises ``chainerx.ChainerxError`` when the variable does not require a
    gradient (v7 behaviour).
    """
    array = var._array
    if not var._requires_grad:
        return array.grad
    if not _grad_flagged(array):
        return None
    return array.grad


def set_grad(var, grad):
    """Sets (or clears, when ``grad`` is None) the gradient of ``var``."""
    array = var._array
    if grad is None:
        if array.is_backprop_required():
            array.cleargrad()
        return
    if not var._requires_grad:
        raise RuntimeError('Cannot set the gradient of a variable that does not require one '
                           '(requires_grad=False).')
    if not array.is_backprop_required():
        raise RuntimeError('Cannot set a gradient to a ChainerX array that is not connected '
                           'to the graph.')
    if not _grad_flagged(array):
        array.require_grad()
    array.set_grad(_as_chainerx_grad(grad))


def get_grad_var(var):
    """``Variable.grad_var`` of ``var``: its gradient as a (cached) Variable."""
    grad = get_grad(var)
    if grad is None:
        return None
    cache = var.__dict__.get('_chx_grad_var')
    if cache is not None and cache[0] is grad:
        return cache[1]
    from chainer import variable
    gv = variable.Variable(grad, requires_grad=grad.is_backprop_required())
    var.__dict__['_chx_grad_var'] = (grad, gv)
    return gv


def cleargrad(var):
    """Clears the gradient of ``var``."""
    array = var._array
    if array is not None and array.is_backprop_required():
        array.cleargrad()


def backward(var, retain_grad, enable_double_backprop, loss_scale):
    """``Variable.backward`` on a ChainerX array (through :func:`chainerx.backward`)."""
    if retain_grad:
        raise RuntimeError('retain_grad is not supported for ChainerX array.')
    array = var._array
    if loss_scale is not None:
        with array.device._use():
            scaled = chainerx.full_like(array, loss_scale)
        if not _grad_flagged(array):
            array.require_grad()
        if array.grad is None:
            array.set_grad(scaled)
        else:
            array.set_grad(array.grad * scaled)
    chainerx.backward(array, enable_double_backprop=enable_double_backprop)


def unchain(var):
    """Disconnects ``var`` from its creators (it becomes a leaf of the graph)."""
    array = var._array
    if array is None or _is_leaf(array):
        return
    set_array(var, array.as_grad_stopped(), None)


def _is_leaf(array):
    return not _graph.has_creator(array)


def move(var, device, allow_unchaining):
    """Transfers the array and gradient of ``var`` to ``device`` (ChainerX involved on one
    side at least); ChainerX graphs are not carried over."""
    from chainer import backend
    from chainer import variable
    array = var._array
    was_chainerx = type(array) is _CHX
    to_chainerx = device.xp is chainerx
    grad = var._grad if array is None else var.grad  # (an uninitialized parameter's is None)
    if was_chainerx and not to_chainerx:
        if not allow_unchaining and array is not None and not _is_leaf(array):
            raise RuntimeError('A variable of a ChainerX array which is connected to a graph '
                               'cannot be copied into a non-ChainerX device ({}).'.format(
                                   device))
        new = None if array is None else device.send(array.as_grad_stopped())
        release_array(var, new)
        var._grad_var = None if grad is None else variable._make_variable(
            device.send(grad.as_grad_stopped() if isinstance(grad, _CHX) else grad), False)
        node = var._node
        if node is not None:
            node._set_data_type(new)
        return
    if not was_chainerx and not allow_unchaining and var.creator_node is not None:
        raise RuntimeError('A variable of a non-ChainerX array which is connected to a graph '
                           'cannot be copied to a ChainerX device ({}).'.format(device))
    if array is not None:
        if was_chainerx:
            array = array.as_grad_stopped()
        if backend.get_device_from_array(array) != device:
            array = device.send(array)
    if grad is not None:
        if isinstance(grad, _CHX):
            grad = grad.as_grad_stopped()
        grad = device.send(grad)
    set_array(var, array, grad)
    node = var._node
    if node is not None:
        node._set_data_type(array)
