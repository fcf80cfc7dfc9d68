"""Old-style ``Function`` (forward/backward on arrays) and backprop-mode switches."""
import weakref

import numpy

import chainerx
from chainer import backend
from chainer import configuration
from chainer import function_node
from chainer.function_hook import FunctionHook  # noqa: F401  (re-exported here, as v7)
from chainer import variable as variable_module


class _BackpropModeContext:
    """Enters Chainer's configuration switch and the ChainerX backprop mode together."""

    def __init__(self, contexts):
        self._contexts = contexts

    def __enter__(self):
        for c in self._contexts:
            c.__enter__()

    def __exit__(self, *exc):
        for c in reversed(self._contexts):
            c.__exit__(*exc)


def no_backprop_mode():
    """Context manager that disables graph construction (``enable_backprop=False``).

    The graphs of ChainerX arrays stop recording as well.

    .. admonition:: Example

        >>> x = chainer.Variable(np.array([1, 2], np.float32))
        >>> with chainer.no_backprop_mode():
        ...     y = x * 2  # no graph is built
        >>> y.creator is None
        True
        >>> (x * 2).creator is None
        False
    """
    return _BackpropModeContext((configuration.using_config('enable_backprop', False),
                                 chainerx.no_backprop_mode()))


def force_backprop_mode():
    """Context manager that enables graph construction even inside ``no_backprop_mode``.

    ChainerX graphs record again as well.

    .. admonition:: Example

        >>> x = chainer.Variable(np.array([1, 2], np.float32))
        >>> with chainer.no_backprop_mode():
        ...     with chainer.force_backprop_mode():
        ...         y = x * 2  # the graph is built even inside no_backprop_mode
        >>> y.creator is None
        False
    """
    return _BackpropModeContext((configuration.using_config('enable_backprop', True),
                                 chainerx.force_backprop_mode()))


class FunctionAdapter(function_node.FunctionNode):
    """Adapter that runs an old-style :class:`Function` as a :class:`FunctionNode`.

    Gradients computed by an old-style function are arrays, so they are not differentiable
    again: with double backprop they are leaves that require grad, and (as v7) backprop that
    reaches one raises ``RuntimeError('cannot twice-differentiate an old style Function')``.
    """

    def __init__(self, function):
        super().__init__()
        self._function = function

    @property
    def function(self):
        """The wrapped :class:`Function`."""
        return self._function

    @property
    def label(self):
        return self._function.label

    @property
    def _impl_name(self):
        return self._function.__class__.__name__

    def check_type_forward(self, in_types):
        self._function.check_type_forward(in_types)

    def forward(self, inputs):
        self.retain_inputs(tuple(range(len(inputs))))
        self._function._output_indexes_to_retain = None
        outputs = self._function.forward(inputs)
        if not isinstance(outputs, tuple):
            raise TypeError('%s.forward must return a tuple' % self.label)
        retained = self._function._output_indexes_to_retain
        if retained is not None:  # no output is retained unless the function asks (v7)
            self.retain_outputs(retained)
        return outputs

    def _array_grads(self, target_input_indexes, grad_outputs):
        # The function's own backward works on arrays: this is the node's gradient formula.
        inputs = self.inputs
        gxs = self._function.backward(tuple([x.data for x in inputs]), grad_outputs)
        ret = []
        for i in target_input_indexes:
            gx = gxs[i]
            variable_module._check_grad_type(self._function, inputs[i], True, gx)
            ret.append(gx)
        return tuple(ret)

    _backward_arrays = _array_grads

    def backward(self, target_input_indexes, grad_outputs):
        gxs = self._array_grads(
            target_input_indexes, tuple([None if g is None else g.array for g in grad_outputs]))
        double = configuration.config.enable_backprop
        ret = []
        for gx in gxs:
            if gx is None:
                ret.append(None)
                continue
            gx = variable_module._make_variable(gx, double)
            if double:
                gx.node._old_style_grad_generator = self._function.label
                variable_module.VariableNode._any_old_style_grad = True
            ret.append(gx)
        return tuple(ret)


class Function:
    """Old-style function: ``forward`` and ``backward`` work on tuples of arrays.

    Calling the instance applies it to variables; one instance should be used once per graph.
    Prefer :class:`FunctionNode` for new code (it supports double backprop).
    """

    # As v7, the function owns its node until a call; the node of a call lives as long as its
    # graph (the function keeps only a weak reference to it, so it does not keep the graph's
    # arrays alive).
    _owned_node = None
    _node = None  # weak reference to the node of the last call
    _output_indexes_to_retain = None

    def __call__(self, *inputs):
        """Applies the function to variables and returns one Variable or a tuple of them.

        The call applies :attr:`node` (so hooks added to it run, as v7); a node already
        applied and still in a graph is left intact: a fresh one (with its hooks) is applied.
        """
        node = self._owned_node
        if node is None:
            node = FunctionAdapter(self)
            last = self._node and self._node()
            if last is not None and last._local_function_hooks:
                node._local_function_hooks = last._local_function_hooks.copy()
        self._owned_node = None
        self._node = weakref.ref(node)
        ret = node.apply(inputs)
        if len(ret) == 1:
            return ret[0]
        return ret

    @property
    def node(self):
        """The :class:`FunctionAdapter` of the last call (while its graph lives), or the one
        the next call applies."""
        node = self._node and self._node()
        if node is None:
            node = self._owned_node
            if node is None:
                node = self._owned_node = FunctionAdapter(self)
        return node

    @property
    def label(self):
        """Short text that represents the function (the class name by default)."""
        return self.__class__.__name__

    @property
    def inputs(self):
        """Input variable nodes of the last application."""
        return self.node.inputs

    @property
    def outputs(self):
        """Weak references to the output nodes of the last application."""
        return self.node.outputs

    @property
    def rank(self):
        """Topological ordinal of the function."""
        return self.node.rank

    @property
    def stack(self):
        """Stack trace of the last application (debug mode only)."""
        return self.node.stack

    @property
    def output_data(self):
        """Retained output arrays of the last application."""
        return self.node.output_data

    @property
    def local_function_hooks(self):
        """Ordered dict of hooks registered to this function."""
        return self.node.local_function_hooks

    def check_type_forward(self, in_types):
        """Checks the input types (override with :func:`type_check.expect` calls)."""

    def forward(self, inputs):
        """Applies the forward computation to arrays; dispatches to CPU or GPU."""
        if backend.get_array_module(*inputs) is numpy:
            return self.forward_cpu(inputs)
        return self.forward_gpu(inputs)

    def forward_cpu(self, inputs):
        """Forward computation on the CPU."""
        raise NotImplementedError()

    def forward_gpu(self, inputs):
        """Forward computation on a GPU."""
        raise NotImplementedError()

    def backward(self, inputs, grad_outputs):
        """Computes input gradients (arrays) from output gradients; dispatches by device."""
        if backend.get_array_module(*(inputs + grad_outputs)) is numpy:
            return self.backward_cpu(inputs, grad_outputs)
        return self.backward_gpu(inputs, grad_outputs)

    def backward_cpu(self, inputs, grad_outputs):
        """Backward computation on the CPU (returns Nones by default)."""
        return tuple(None for _ in inputs)

    def backward_gpu(self, inputs, grad_outputs):
        """Backward computation on a GPU (returns Nones by default)."""
        return tuple(None for _ in inputs)

    def unchain(self):
        """Purges the references to inputs and outputs."""
        self.node.unchain()

    def add_hook(self, hook, name=None):
        """Registers a function hook local to this function."""
        self.node.add_hook(hook, name)

    def delete_hook(self, name):
        """Unregisters a local function hook."""
        self.node.delete_hook(name)

    def retain_inputs(self, indexes):
        """Retains only the inputs at ``indexes`` for backward (call in forward)."""
        self.node.retain_inputs(indexes)

    def retain_outputs(self, indexes, retain_after_backward=False):
        """Retains only the outputs at ``indexes`` for backward (call in forward)."""
        self._output_indexes_to_retain = indexes


def __getattr__(name):
    # ``chainer.function.FunctionHook`` is the v7 alias of ``chainer.function_hook.FunctionHook``.
    if name == 'FunctionHook':
        from chainer import function_hook
        return function_hook.FunctionHook
    raise AttributeError('module %r has no attribute %r' % (__name__, name))
