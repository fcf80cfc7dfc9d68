"""FunctionNode: the differentiable operations of the graph (``chainer.function_node``)."""
import collections
import traceback
import weakref

import numpy

import chainer
import chainerx
from chainer import _backprop_utils
from chainer import _hooks
from chainer import backend
from chainer import configuration
from chainer import function_hook
from chainer import utils
from chainer.utils import type_check
from chainer import variable as variable_module

_config = configuration.config
_Variable = variable_module.Variable
_make_variable = variable_module._make_variable
_make_output_variable = variable_module._make_output_variable
_weakref = weakref.ref
_type_check_state = type_check._state
_ndarray = numpy.ndarray
_CHX = chainerx.ndarray


class FunctionNode:
    """Function node of the computational graph.

    Subclasses implement :meth:`forward` (or :meth:`forward_cpu` / :meth:`forward_gpu`) on
    arrays and :meth:`backward` on Variables, so that the backward computation is itself
    differentiable. Calling :meth:`apply` runs the forward computation and, when backprop is
    enabled and some input requires a gradient, records this node in the graph.

    Attributes:
        inputs: Tuple of the input :class:`~chainer.variable.VariableNode` objects.
        outputs: Tuple of weak references to the output nodes.
        rank (int): Topological ordinal of the node.
        stack: Stack trace of the call to :meth:`apply` (debug mode only).
    """

    inputs = None
    outputs = None
    rank = 0
    stack = None
    lazy_grad_sum = False
    #: Whether each output element depends on the same element of the inputs alone (v7 marks
    #: ReLU and the arithmetic operators; nothing here depends on it).
    is_elementwise = False
    #: The ChainerX device of a node run through ChainerX (None here, as v7 for other nodes).
    chainerx_device = None
    # The dtype kinds (e.g. ``'f'``) for which two inputs of one dtype and one shape pass
    # ``check_type_forward`` (so a pair of such Variables skips it): set by nodes whose check
    # asks no more (the arithmetic operators); empty: the check always runs.
    _equal_inputs_pass_type_check = ''
    _input_indexes_to_retain = None
    _output_indexes_to_retain = None
    _retained_output_data = None
    _local_function_hooks = None

    # Optional fast path: ``_backward_arrays(indexes, grad_outputs)`` takes and returns raw
    # arrays (None allowed) and is used when neither double backprop nor hooks are active.
    # It must compute exactly what ``backward`` computes (both call the same array helper;
    # ``chainer.testing._fast_backward`` checks it). A subclass that overrides ``backward``
    # or ``backward_accumulate`` without defining it loses the inherited one.
    _backward_arrays = None

    # Whether the class overrides ``backward_accumulate`` (the walk then calls it with the
    # gradients accumulated so far); set by ``__init_subclass__``.
    _accumulates = False

    # Indexes of the inputs that required a gradient when the node was connected.
    _grad_input_indexes = None

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        own = cls.__dict__
        if 'backward_accumulate' in own:
            cls._accumulates = True
        if ('backward' in own or 'backward_accumulate' in own) and '_backward_arrays' not in own:
            cls._backward_arrays = None

    @property
    def local_function_hooks(self):
        """Ordered dict of the hooks registered to this node only."""
        hooks = self._local_function_hooks
        if hooks is None:
            hooks = self._local_function_hooks = collections.OrderedDict()
        return hooks

    @property
    def _n_local_function_hooks(self):
        hooks = self._local_function_hooks
        return 0 if hooks is None else len(hooks)

    @property
    def label(self):
        """Short text that represents the function (the class name by default)."""
        return self.__class__.__name__

    @property
    def _impl_name(self):
        # v7's name of the implementation, which hooks report (the class name)
        return self.__class__.__name__

    @property
    def output_data(self):
        """Tuple of the retained output arrays (None where not retained)."""
        if self._retained_output_data is None:
            raise RuntimeError('retained output data is gone')
        out = [None] * len(self.outputs)
        for index, data in zip(self._output_indexes_to_retain, self._retained_output_data):
            out[index] = data
        return tuple(out)

    def __call__(self, *args, **kwargs):
        """Raises RuntimeError (as v7): a node is applied with :meth:`apply`."""
        name = type(self).__name__
        message = ('{} is a chainer.FunctionNode and was called as if it were a callable; '
                   'use its apply() method instead.'.format(name))
        if type(self).__module__.startswith('chainer.'):
            message += (' Better still, use the function of a built-in node (its snake_case '
                        'alias, such as F.convolution_nd) rather than the class.')
        raise RuntimeError(message)

    # ----------------------------------------------------------------------------------------
    # forward

    def apply(self, inputs):
        """Computes the outputs and records this node in the graph when needed.

        Args:
            inputs: Tuple of input variables or arrays.

        Returns:
            A tuple of output :class:`~chainer.Variable` objects.
        """
        try:
            pair = len(inputs) == 2
        except TypeError:  # an iterable without a length (a generator), accepted as v7
            return self._apply(tuple(inputs))
        # the pair path skips only the type check it knows the result of (see _apply_pair)
        if pair and (self._equal_inputs_pass_type_check or not _config.type_check):
            x0, x1 = inputs
            if isinstance(x0, _Variable) and isinstance(x1, _Variable):
                return self._apply_pair(x0, x1)
        return self._apply(inputs)

    def _apply_pair(self, x0, x1):
        """:meth:`apply` of two Variables, in straight-line code when there is nothing but
        the computation to do: no hooks, no debug mode and no type check to run (off, or
        inputs that pass it by construction, see ``_equal_inputs_pass_type_check``).

        The arithmetic operators call it directly, on every call.
        """
        config = _config
        a = x0._array
        b = x1._array
        if (_hooks._local.hooks or self._local_function_hooks is not None or config.debug
                or type(a) is _CHX or type(b) is _CHX
                or config.type_check and not (
                    (a.dtype is b.dtype or a.dtype == b.dtype) and a.shape == b.shape
                    and a.dtype.kind in self._equal_inputs_pass_type_check)):
            return self._apply((x0, x1))
        outputs = self.forward((a, b))
        if type(outputs) is not tuple or len(outputs) != 1 or type(outputs[0]) is not _ndarray:
            _check_output_arrays(self, outputs)
        requires_grad = x0._requires_grad or x1._requires_grad
        if not config.enable_backprop:
            return _wrap_unconnected(outputs, requires_grad)
        n0 = x0._node
        if n0 is None:
            n0 = x0.node
        n1 = x1._node
        if n1 is None:
            n1 = x1.node
        rank = n0.rank if n0.rank > n1.rank else n1.rank
        self.rank = rank
        self.inputs = (n0, n1)
        if not n1.requires_grad:
            self._grad_input_indexes = (0,) if n0.requires_grad else ()
        elif not n0.requires_grad:
            self._grad_input_indexes = (1,)
        else:
            self._grad_input_indexes = (0, 1)
        retained = self._input_indexes_to_retain
        if retained is not None:
            if 0 in retained:
                n0.data = a
            if 1 in retained:
                n1.data = b
        if (len(outputs) != 1 or self._output_indexes_to_retain is not None
                or not requires_grad):
            return self._connect_outputs(outputs, rank + 1, requires_grad)
        # _connect_outputs for the common case, inlined
        var = _make_output_variable(outputs[0], self, rank + 1)
        self.outputs = (_weakref(var._node),)
        return var,

    def _apply(self, inputs):
        """:meth:`apply` of any inputs: type check, hooks, debug checks, graph."""
        config = _config
        in_data = []
        requires_grad = False
        all_variables = True
        all_numpy = True
        for x in inputs:
            if isinstance(x, _Variable):
                a = x._array
                if x._requires_grad:
                    requires_grad = True
            else:
                a = x
                all_variables = False
            in_data.append(a)
            if type(a) is not _ndarray:
                all_numpy = False
        if not all_numpy:
            chainerx_input = _check_input_arrays(self, in_data)
            if chainerx_input:
                from chainer import _chainerx_function
                return _chainerx_function.apply(self, inputs)
        in_data = tuple(in_data)
        if config.type_check:
            self._check_types(in_data)

        hooks = _hooks._local.hooks
        if self._local_function_hooks:
            hooks = collections.OrderedDict(hooks or ())
            hooks.update(self._local_function_hooks)
        if hooks:
            for hook in hooks.values():
                hook.forward_preprocess(self, in_data)

        outputs = self.forward(in_data)
        if type(outputs) is not tuple or len(outputs) != 1 or type(outputs[0]) is not _ndarray:
            _check_output_arrays(self, outputs)
        debug = config.debug
        if debug:
            self._check_nan(outputs)

        if hooks:
            for hook in hooks.values():
                hook.forward_postprocess(self, in_data)

        if not config.enable_backprop:
            return _wrap_unconnected(outputs, requires_grad)

        # As v7, the node is recorded even when no input requires a gradient (the outputs
        # then require none either): code inspects ``y.creator`` of functions of arrays.
        if debug:
            self.stack = traceback.extract_stack()
        self._connect_inputs(inputs if all_variables else _as_variables(inputs))
        if self._input_indexes_to_retain is not None:
            input_nodes = self.inputs
            for index in self._input_indexes_to_retain:
                input_nodes[index].data = in_data[index]
        if (len(outputs) != 1 or self._output_indexes_to_retain is not None
                or not requires_grad):
            return self._connect_outputs(outputs, self.rank + 1, requires_grad)
        # _connect_outputs for the common case, inlined
        var = _make_output_variable(outputs[0], self, self.rank + 1)
        self.outputs = (_weakref(var._node),)
        return var,

    def _connect_outputs(self, outputs, rank, requires_grad=True):
        """Wraps the output arrays in Variables created by this node (of rank ``rank``)."""
        if len(outputs) == 1:
            var = _make_output_variable(outputs[0], self, rank)
            ret = (var,)
            self.outputs = (_weakref(var._node),)
        else:
            ret = tuple([_make_output_variable(y, self, rank) for y in outputs])
            self.outputs = tuple([_weakref(v._node) for v in ret])
        if not requires_grad:
            for var in ret:
                var._requires_grad = var._node.requires_grad = False
        if self._output_indexes_to_retain is not None:
            # as v7, a retained output's node holds its array too (``y.node.data``)
            retained = []
            for index in self._output_indexes_to_retain:
                y = outputs[index]
                ret[index]._node.data = y
                retained.append(y)
            self._retained_output_data = tuple(retained)
        return ret

    def _connect_inputs(self, variables):
        """Sets ``inputs`` (the input nodes), ``rank`` and the indexes needing gradients."""
        nodes = []
        rank = 0
        all_require_grad = True
        for x in variables:
            node = x._node
            if node is None:
                node = x.node
            nodes.append(node)
            if node.rank > rank:
                rank = node.rank
            if not node.requires_grad:
                all_require_grad = False
        self.rank = rank
        self.inputs = nodes = tuple(nodes)
        if all_require_grad:
            n = len(nodes)
            self._grad_input_indexes = _ALL_INDEXES[n] if n < 9 else tuple(range(n))
        else:
            self._grad_input_indexes = tuple(
                [i for i, node in enumerate(nodes) if node.requires_grad])

    def _check_types(self, in_data):
        """Runs ``check_type_forward`` in light mode; a failure is re-run symbolically."""
        state = _type_check_state
        state.light = True
        try:
            self.check_type_forward(type_check.LightTypeInfoTuple(in_data))
        except (type_check.InvalidType, IndexError):
            state.light = False
            self._check_types_symbolically(in_data)
        finally:
            state.light = False

    def _check_types_symbolically(self, in_data):
        """Re-runs ``check_type_forward`` on expressions to raise v7's message.

        A light check can also fail with IndexError (a shape indexed before its ndim check),
        in which case the symbolic run may pass.
        """
        in_types = type_check.get_types(in_data, 'in_types', False)
        try:
            self.check_type_forward(in_types)
        except type_check.InvalidType as e:
            raise type_check._in_function(e, self.label) from None

    def _check_nan(self, outputs):
        """Debug mode: no output may contain NaN."""
        if _any_nan(outputs):
            raise RuntimeError(
                'NaN is detected on forward computation of {}'.format(self.label))

    @property
    def input_layouts(self):
        """Memory layouts of the inputs: None (the standard layout) for each, as v7."""
        assert self.inputs is not None, 'input_layouts: the node has not been applied'
        return (None,) * len(self.inputs)

    @property
    def output_layouts(self):
        """Memory layouts of the outputs: None (the standard layout) for each, as v7."""
        assert self.outputs is not None, 'output_layouts: the node has not been applied'
        return (None,) * len(self.outputs)

    def check_layout_forward(self, inputs):
        """Checks the memory layouts of the inputs (all are the standard one here)."""

    def check_type_forward(self, in_types):
        """Checks the types of the inputs (override to add :func:`type_check.expect` calls)."""

    def forward(self, inputs):
        """Computes the output arrays from the input arrays (dispatches by array module)."""
        if inputs and type(inputs[0]) is numpy.ndarray:
            return self.forward_cpu(inputs)
        if backend.get_array_module(*inputs) is numpy:
            return self.forward_cpu(inputs)
        return self.forward_gpu(inputs)

    def forward_cpu(self, inputs):
        """Computes the outputs on the CPU."""
        raise NotImplementedError('%s does not implement forward_cpu' % self.label)

    def forward_gpu(self, inputs):
        """Computes the outputs on a GPU."""
        raise NotImplementedError('%s does not implement forward_gpu' % self.label)

    def forward_chainerx(self, inputs):
        """Computes the outputs from ChainerX arrays with ChainerX routines.

        The default returns :data:`chainer.Fallback`: the node then runs on NumPy/CuPy views
        of the arrays and the call is recorded in the ChainerX graph.
        """
        return chainer.Fallback

    def retain_inputs(self, indexes):
        """Lets the node retain the inputs at ``indexes`` for backward (call in forward)."""
        self._input_indexes_to_retain = indexes

    def retain_outputs(self, indexes):
        """Lets the node retain the outputs at ``indexes`` for backward (call in forward)."""
        self._output_indexes_to_retain = indexes

    # ----------------------------------------------------------------------------------------
    # backward

    def backward(self, target_input_indexes, grad_outputs):
        """Computes gradients w.r.t. the inputs at ``target_input_indexes``.

        Args:
            target_input_indexes (tuple of int): Indexes of the inputs that need gradients.
            grad_outputs (tuple of Variable): Gradients w.r.t. the outputs (None if absent).

        Returns:
            A tuple with one gradient Variable (or None) per target index, or one per input.
        """
        return (None,) * len(target_input_indexes)

    def backward_accumulate(self, target_input_indexes, grad_outputs, grad_inputs):
        """Computes gradients and adds them to ``grad_inputs`` (the already stored ones).

        The backward walk calls it instead of :meth:`backward` only when a subclass
        overrides it; the result then replaces the stored gradients.
        """
        gxs = _backprop_utils.target_gradients(
            self, target_input_indexes, self.backward(target_input_indexes, grad_outputs))
        ret = []
        for gx, g_input in zip(gxs, grad_inputs):
            if g_input is None:
                ret.append(gx)
            elif gx is None:
                ret.append(g_input)
            else:
                ret.append(gx + g_input)
        return tuple(ret)

    def get_retained_inputs(self):
        """Returns the retained inputs as a tuple of Variables (empty if none, as v7)."""
        if self._input_indexes_to_retain is None:
            return ()
        inputs = self.inputs
        return tuple([inputs[i].get_variable() for i in self._input_indexes_to_retain])

    def get_retained_outputs(self):
        """Returns the retained outputs as a tuple of Variables (connected to this node;
        empty if none, as v7)."""
        if self._output_indexes_to_retain is None:
            return ()
        ret = []
        outputs = self.outputs
        new_outputs = None
        for index, data in zip(self._output_indexes_to_retain, self._retained_output_data):
            node = outputs[index]()
            if node is None:
                var = _make_output_variable(data, self, self.rank + 1)
                if new_outputs is None:
                    new_outputs = list(outputs)
                new_outputs[index] = weakref.ref(var._node)
                var._node.data = data
            else:
                var = node.get_variable()
                if var._array is None:
                    var._array = data
            ret.append(var)
        if new_outputs is not None:
            self.outputs = tuple(new_outputs)
        return tuple(ret)

    def unchain(self):
        """Purges the references to the input and output nodes (frees the graph)."""
        for y in self.outputs or ():
            node = y()
            if node is not None:
                node.unchain()
        self.inputs = None
        self.outputs = None
        self._retained_output_data = None

    def add_hook(self, hook, name=None):
        """Registers a function hook local to this node."""
        if not isinstance(hook, function_hook.FunctionHook):
            raise TypeError('Hook must be of type FunctionHook')
        if name is None:
            name = hook.name
        hooks = self.local_function_hooks
        if name in hooks:
            raise KeyError('Hook %s already exists' % name)
        hooks[name] = hook
        hook.added(self)

    def delete_hook(self, name):
        """Unregisters a local function hook by name."""
        hooks = self.local_function_hooks
        if name not in hooks:
            raise KeyError('Hook %s does not exist' % name)
        hook = hooks.pop(name)
        hook.deleted(self)


_ALL_INDEXES = tuple([tuple(range(n)) for n in range(9)])


def _as_variables(inputs):
    return [x if isinstance(x, _Variable) else _make_variable(x, False) for x in inputs]


def _check_input_arrays(func, in_data):
    """Whether some input is a ChainerX array (those may be mixed with NumPy or CuPy ones);
    inputs of other mixed types, or that are not arrays, raise v7's TypeError."""
    present = [a for a in in_data if a is not None]
    if (any(type(a) is _CHX for a in present)
            and all(variable_module._is_array(a) for a in present)):
        return True
    utils._check_arrays_forward_compatible(in_data, func.label)
    return False


def _wrap_unconnected(outputs, requires_grad):
    # the outputs of a node that is not recorded in the graph
    if len(outputs) == 1:
        return _make_variable(outputs[0], requires_grad),
    return tuple([_make_variable(y, requires_grad) for y in outputs])


def _check_output_arrays(func, outputs):
    """``forward`` must return a tuple of arrays (NumPy scalars are not arrays)."""
    if type(outputs) is not tuple and not isinstance(outputs, tuple):
        raise TypeError('forward output must be a tuple ({})\nActual: {}'
                        .format(func.label, type(outputs)))
    for y in outputs:
        if type(y) is not _ndarray and not variable_module._is_array(y):
            raise TypeError('forward output must be a tuple of ndarrays.\nFunction: {}\n'
                            'Actual output types: {}'.format(
                                func.label, tuple([type(y) for y in outputs])))


def _any_nan(arrays):
    for a in arrays:
        if a is None or a.dtype.kind not in 'fc':
            continue
        xp = backend.get_array_module(a)
        if xp.isnan(a).any():
            return True
    return False


def grad(outputs, inputs, grad_outputs=None, grad_inputs=None, set_grad=False,
         retain_grad=False, enable_double_backprop=False, loss_scale=None):
    """Computes the gradients of ``outputs`` w.r.t. ``inputs`` and returns them.

    Unlike :meth:`Variable.backward`, the ``grad`` attributes of the variables are untouched
    unless ``set_grad`` is True.

    Args:
        outputs (tuple of Variable): Output variables to differentiate.
        inputs (tuple of Variable): Variables w.r.t. which the gradients are computed.
        grad_outputs (tuple of Variable or None): Initial output gradients; an output whose
            gradient is omitted (or None) starts from ones.
        grad_inputs (tuple of Variable or None): Initial input gradients added to the result.
        set_grad (bool): Also store the results in ``inputs[i].grad_var``.
        retain_grad (bool): Keep the gradients of intermediate variables.
        enable_double_backprop (bool): Build the graph of the backward computation.
        loss_scale (float): Scaling factor of the gradients that start from ones.

    Returns:
        A list of gradient Variables, one per input (None where unreachable).

    .. admonition:: Example

        >>> x = chainer.Variable(np.array([1, 2, 3], np.float32))
        >>> y = F.sum(x ** 3)
        >>> gx, = chainer.grad([y], [x], enable_double_backprop=True)
        >>> gx.array  # 3 * x ** 2
        array([ 3., 12., 27.], dtype=float32)
        >>> ggx, = chainer.grad([F.sum(gx)], [x])  # the second derivative: 6 * x
        >>> ggx.array
        array([ 6., 12., 18.], dtype=float32)
        >>> x.grad is None  # grad() leaves the .grad attributes alone
        True
    """
    from chainer import _backprop
    if not isinstance(outputs, (tuple, list)):
        raise TypeError('outputs must be a tuple or a list, not {}.'.format(type(outputs)))
    if not isinstance(inputs, (tuple, list)):
        raise TypeError('inputs must be a tuple or a list, not {}.'.format(type(inputs)))
    if grad_outputs is not None:
        if not isinstance(grad_outputs, (tuple, list)):
            raise TypeError('grad_outputs must be a tuple or a list or None, not {}.'
                            .format(type(grad_outputs)))
        if len(outputs) != len(grad_outputs):
            raise ValueError('grad_outputs must be of the same length as outputs.\n'
                             'len(outputs) = {}, len(grad_outputs) = {}'
                             .format(len(outputs), len(grad_outputs)))
    if grad_inputs is not None:
        if not isinstance(grad_inputs, (tuple, list)):
            raise TypeError('grad_inputs must be a tuple or a list or None, not {}.'
                            .format(type(grad_inputs)))
        if len(inputs) != len(grad_inputs):
            raise ValueError('grad_inputs must be of the same length as inputs.\n'
                             'len(inputs) = {}, len(grad_inputs) = {}'
                             .format(len(inputs), len(grad_inputs)))
    return _backprop.grad(outputs, inputs, grad_outputs, grad_inputs, set_grad, retain_grad,
                          enable_double_backprop, loss_scale)
