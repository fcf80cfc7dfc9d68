"""Building blocks of a backward pass: :class:`GradTable` and :func:`backprop_step`.

Chainer 8's own backward walk (:mod:`chainer._backprop`) is a fused fast path; these helpers
keep v7's step-by-step interface for code that drives backpropagation itself: gradients are
kept per :class:`~chainer.variable.VariableNode` as lists of Variables, summed eagerly or
lazily (``chainer.config.lazy_grad_sum`` / ``FunctionNode.lazy_grad_sum``).
"""
import chainer
from chainer import backend
from chainer import function_node


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
        if node is None:
            raise ValueError('node must not be None')
        self.grads[node] = _pure(grad)

    def __contains__(self, node):
        return node in self.grads

    def accumulate(self, node, grad):
        """Adds ``grad`` to the gradients of ``node``."""
        self.get_as_list(node).append(grad)

    def get_as_list(self, node):
        """Returns the (mutable) list of gradients of ``node``, creating it if needed."""
        if node is None:
            raise ValueError('node must not be None')
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
        if not isinstance(target_input_indexes, tuple):
            raise TypeError('target_input_indexes must be a tuple')
        if target_input_indexes != tuple(sorted(target_input_indexes)):
            raise ValueError('target_input_indexes must be sorted')
        if not isinstance(grad_outputs, tuple):
            raise TypeError('grad_outputs must be a tuple')

    inputs = func.inputs
    accumulate = getattr(type(func), 'backward_accumulate', None)
    if accumulate is not None and \
            accumulate is not function_node.FunctionNode.backward_accumulate:
        grads_in = tuple([_pop_or_none(grad_inputs[inputs[i]]) for i in target_input_indexes])
        gxs = func.backward_accumulate(target_input_indexes, grad_outputs, grads_in)
    else:
        gxs = func.backward(target_input_indexes, grad_outputs)
        if not isinstance(gxs, tuple):
            gxs = tuple(gxs)
        if is_debug:
            for gx in gxs:
                if not (gx is None or isinstance(gx, chainer.Variable)):
                    raise ValueError(
                        'type of gradients returned from backward of {} is incorrect: '
                        '{} != expected {}'.format(func.label, type(gx), chainer.Variable))
        n_gxs = len(gxs)
        if n_gxs == len(inputs):
            gxs = tuple([gxs[i] for i in target_input_indexes])
        elif n_gxs != len(target_input_indexes):
            expected = str(len(inputs))
            if len(inputs) != len(target_input_indexes):
                expected += ' or %d' % len(target_input_indexes)
            raise ValueError(
                'number of gradients returned from backward of {} is incorrect: '
                '{} != expected {}'.format(func.label, n_gxs, expected))

    for i, gx in zip(target_input_indexes, gxs):
        if gx is None or gx.raw_array is None:
            continue
        node = inputs[i]
        if is_debug:
            if gx.shape != node.shape:
                raise ValueError('shape of the gradient of input {} of {} is {}, expected {}'
                                 .format(i, func.label, gx.shape, node.shape))
            if gx.dtype != node.dtype:
                raise ValueError('dtype of the gradient of input {} of {} is {}, expected {}'
                                 .format(i, func.label, gx.dtype, node.dtype))
        grad_inputs[node].append(gx)

    if is_debug:
        for grad_list in grad_inputs.values():
            for gx in grad_list:
                array = gx.array
                xp = backend.get_array_module(array)
                if array.dtype.kind == 'f' and xp.isnan(array).any():
                    raise RuntimeError(
                        'NaN is detected on backward computation of {}'.format(func.label))

    if not (func.lazy_grad_sum or chainer.config.lazy_grad_sum):
        for grad_list in grad_inputs.values():
            _reduce(grad_list)
