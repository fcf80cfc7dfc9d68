"""One backward step of a function node (:func:`backward_step`), and v7's step-wise helpers.

:func:`backward_step` is the one place where a node's backward computation is dispatched and
checked: ``backward`` or an overridden ``backward_accumulate``, the number of gradients it
returns, function hooks around it, and in debug mode the type, shape, dtype and NaN checks of
every gradient. The backward walk of :mod:`chainer._backprop` (``Variable.backward``,
``chainer.backward``, ``chainer.grad``) runs it for every node, except that it calls a node's
array-level ``_backward_arrays`` directly when there is nothing else to do (no hooks, no debug
mode, no ``backward_accumulate`` override). An error raised while a node's gradients are
computed carries the node's forward stack when one was recorded (debug mode).

:class:`GradTable` and :func:`backprop_step` keep v7's interface for code that drives
backpropagation itself: gradients are kept per :class:`~chainer.variable.VariableNode` as
lists of Variables, summed eagerly or lazily (``chainer.config.lazy_grad_sum`` /
``FunctionNode.lazy_grad_sum``).
"""
import shutil
import traceback

import numpy

import chainer
from chainer import _hooks
from chainer import backend
from chainer import variable as variable_module

_make_variable = variable_module._make_variable


# ---------------------------------------------------------------------------------------------
# the step


def backward_step(func, indexes, grad_outputs, raw, hooks, grad_inputs=None, debug=False,
                  accumulate=None):
    """Computes the gradients of ``func`` w.r.t. its inputs at ``indexes``.

    Args:
        func (~chainer.FunctionNode): The node whose backward computation runs.
        indexes (tuple of int): Sorted indexes of the inputs that need gradients.
        grad_outputs (tuple): One gradient (or None) per output: raw arrays when ``raw``,
            else Variables.
        raw (bool): Gradients travel as arrays (no double backprop): ``_backward_arrays``
            is used when the node has one and no hook is active.
        hooks: The active global function hooks (a mapping, or None).
        grad_inputs (tuple or None): The gradients accumulated so far for the inputs at
            ``indexes``, passed to an overridden ``backward_accumulate`` (whose result
            then replaces them); None for other nodes.
        debug (bool): Check every returned gradient (type, shape, dtype, NaN).
        accumulate (callable): Called with the gradients (Variables) before the hooks'
            ``backward_postprocess``, to sum them into the ones already computed inside the
            step as v7 does (the hooks see those sums).

    Returns:
        A tuple with one gradient (or None) per index, of the kind of ``grad_outputs``.
    """
    local_hooks = func._local_function_hooks
    if local_hooks:
        hooks = dict(hooks or ())
        hooks.update(local_hooks)
    if raw and not hooks and func._backward_arrays is not None and grad_inputs is None:
        gxs = func._backward_arrays(indexes, grad_outputs)
        if debug:
            gxs = tuple([_as_array(gx) for gx in gxs])
            _check_grads(func, indexes, gxs, True)
        return gxs

    if raw:
        grad_outputs = tuple([None if g is None else _make_variable(g, True)
                              for g in grad_outputs])
        if grad_inputs is not None:
            grad_inputs = tuple([None if g is None else _make_variable(g, True)
                                 for g in grad_inputs])
    if hooks:
        in_data = tuple([x.data for x in func.inputs])
        out_grad = tuple([None if g is None else g.array for g in grad_outputs])
        for hook in hooks.values():
            hook.backward_preprocess(func, in_data, out_grad)
    if grad_inputs is None:
        gxs = target_gradients(func, indexes, func.backward(indexes, grad_outputs))
    else:
        gxs = func.backward_accumulate(indexes, grad_outputs, grad_inputs)
        if type(gxs) is not tuple:
            gxs = tuple(gxs)
        if len(gxs) != len(indexes):
            _raise_count_error(func, indexes, len(gxs))
    # as v7, the shape and dtype of each gradient are checked on this path (the array-level
    # fast path above is the library's own); debug mode also checks for NaN
    _check_grads(func, indexes, gxs, False, debug)
    if accumulate is not None:
        accumulate(gxs)
    if hooks:
        for hook in hooks.values():
            hook.backward_postprocess(func, in_data, out_grad)
    if raw:
        gxs = tuple([None if g is None else g._array for g in gxs])
    return gxs


def target_gradients(func, indexes, gxs):
    """The gradients returned by ``func.backward``, one per index of ``indexes``.

    ``backward`` may return one gradient per target index or one per input.
    """
    if type(gxs) is not tuple:
        gxs = tuple(gxs)
    n = len(gxs)
    if n == len(indexes):
        return gxs
    if n == len(func.inputs):
        return tuple([gxs[i] for i in indexes])
    _raise_count_error(func, indexes, n)


def _raise_count_error(func, indexes, n):
    expected = str(len(indexes))
    n_inputs = len(func.inputs)
    if n_inputs != len(indexes):
        expected += ' or %d' % n_inputs
    raise ValueError('number of gradients returned from backward is incorrect: '
                     '{} != expected {}\n{}'.format(n, expected, _describe(func)))


def _as_array(gx):
    # NumPy returns scalars for 0-dim ufunc results
    if isinstance(gx, numpy.generic):
        return numpy.asarray(gx)
    return gx


def _check_grads(func, indexes, gxs, raw, check_nan=True):
    """Each gradient matches its input (shape, dtype) and, if ``check_nan`` (debug mode), is
    an array or Variable as expected and has no NaN."""
    inputs = func.inputs
    for i, gx in zip(indexes, gxs):
        if gx is None:
            continue
        if raw:
            if not variable_module._is_array(gx):
                raise ValueError('type of gradients returned from backward is incorrect: '
                                 '{} is not an array\n{}'.format(type(gx), _describe(func)))
            array = gx
        else:
            if not isinstance(gx, variable_module.Variable):
                if not check_nan:
                    continue  # outside debug mode it fails where it is used, as in v7
                raise ValueError('type of gradients returned from backward is incorrect: '
                                 '{} != expected {}\n{}'.format(
                                     type(gx), variable_module.Variable, _describe(func)))
            array = gx._array
        node = inputs[i]
        if array.shape != node.shape:
            if not check_nan:  # outside debug mode, v7's error of a mismatched gradient
                variable_module._check_grad_type(func, node, True, array)
            raise ValueError('shape of gradients returned from backward is incorrect: '
                             'input-index={}, actual {} != expected {}\n{}'.format(
                                 i, array.shape, node.shape, _describe(func)))
        if array.dtype != node.dtype:  # a TypeError, as when a gradient is set
            variable_module._check_grad_type(func, node, True, array)
        if (check_nan and array.dtype.kind == 'f'
                and backend.get_array_module(array).isnan(array).any()):
            raise RuntimeError('NaN is detected on backward computation of {}'
                               .format(func.label))


def _describe(func):
    lines = ['  function={} ({})'.format(func.label, type(func).__name__)]
    for i, x in enumerate(func.inputs or ()):
        lines.append('    input {}: shape={} dtype={}'.format(i, x.shape, x.dtype))
    for i, ref in enumerate(func.outputs or ()):
        y = ref()
        if y is None:
            lines.append('    output {}: not available'.format(i))
        else:
            lines.append('    output {}: shape={} dtype={}'.format(i, y.shape, y.dtype))
    return '\n'.join(lines)


def attach_forward_stack(func, error):
    """Appends the stack of ``func``'s forward call (recorded in debug mode) to ``error``.

    Called on any exception raised while the gradients of ``func`` are computed; an error
    passing through nested backward computations gets the innermost node's stack once.
    """
    stack = func.stack
    if stack is None or getattr(error, '_chainer_forward_stack', False):
        return
    error._chainer_forward_stack = True
    text = '\n{}\nStacktrace of the function is below:\n{}'.format(
        '-' * shutil.get_terminal_size().columns, ''.join(traceback.format_list(stack[:-1])))
    args = error.args
    if args and isinstance(args[0], str):
        error.args = (args[0] + text,) + args[1:]
    else:
        error.args = args + (text,) if args else (text,)


# ---------------------------------------------------------------------------------------------
# v7's step-wise interface


def _pure(grad):
    return [] if grad is None else [grad]


def _pop_or_none(grad_list):
    return grad_list.pop() if grad_list else None


def _reduce(grad_list):
    """Sums the list of gradients in place (keeping one entry) and returns the sum or None."""
    if not grad_list:
        return None
    if len(grad_list) >= 2:
        grad_list[:] = [chainer.functions.add(*grad_list)]
    return grad_list[0]


class GradTable:
    """Table mapping graph nodes to their (not yet summed) gradients.

    Each node maps to a list of gradient Variables; lists are summed by :meth:`pop` (or by
    :func:`backprop_step` unless gradients are summed lazily).

    Args:
        accumulate_grad_inputs (bool): When True, a leaf node seen for the first time starts
            from its current ``grad_var`` (so gradients accumulate into existing ones).
    """

    def __init__(self, accumulate_grad_inputs=False):
        self.grads = {}
        self._load_if_new = accumulate_grad_inputs

    def __setitem__(self, node, grad):
        assert node is not None
        self.grads[node] = _pure(grad)

    def __contains__(self, node):
        return node in self.grads

    def accumulate(self, node, grad):
        """Adds ``grad`` to the gradients of ``node``."""
        self.get_as_list(node).append(grad)

    def get_as_list(self, node):
        """Returns the (mutable) list of gradients of ``node``, creating it if needed."""
        assert node is not None
        grads = self.grads
        if node not in grads:
            if self._load_if_new and node.creator_node is None:
                grads[node] = _pure(node.grad_var)
            else:
                grads[node] = []
        return grads[node]

    def pop(self, node):
        """Removes ``node`` and returns the sum of its gradients (None when it has none)."""
        if node is None:
            return None
        grads = self.grads
        if node in grads:
            return _reduce(grads.pop(node))
        if self._load_if_new:
            return node.grad_var
        return None

    def assert_no_grads(self):
        """Asserts that no gradient is left in the table."""
        for gx in self.grads.values():
            assert gx == [], 'gradients left in the table'


def backprop_step(func, target_input_indexes, grad_outputs, grad_inputs, is_debug):
    """Runs the backward of one function node and stores the input gradients.

    Args:
        func (~chainer.FunctionNode): The function node whose backward is run.
        target_input_indexes (tuple of int): Sorted indexes of the inputs that require
            gradients (at least one).
        grad_outputs (tuple of Variable): Gradients w.r.t. the outputs (None where absent).
        grad_inputs (dict): Maps each target input node to the list of its gradient
            Variables; new gradients are appended (``func.backward``) or combined with the
            stored ones (an overridden ``func.backward_accumulate``).
        is_debug (bool): Check the gradients' types, shapes and dtypes and look for NaN.
    """
    if is_debug:
        assert isinstance(target_input_indexes, tuple)
        assert target_input_indexes == tuple(sorted(target_input_indexes))
        assert isinstance(grad_outputs, tuple)

    inputs = func.inputs
    previous = None
    if func._accumulates:
        previous = tuple([_pop_or_none(grad_inputs[inputs[i]])
                          for i in target_input_indexes])
    try:
        gxs = backward_step(func, target_input_indexes, grad_outputs, False,
                            _hooks.active_hooks(), previous, is_debug)
    except Exception as e:
        attach_forward_stack(func, e)
        raise
    for i, gx in zip(target_input_indexes, gxs):
        if gx is not None and gx.raw_array is not None:
            grad_inputs[inputs[i]].append(gx)

    if not func.lazy_grad_sum:
        for grad_list in grad_inputs.values():
            _reduce(grad_list)

