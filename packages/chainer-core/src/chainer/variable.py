"""Variables: the user-facing handles of define-by-run graphs (``chainer.variable``)."""
import warnings
import weakref

import numpy

import chainer
import chainerx
from chainer import _chainerx_variable as _chx
from chainer import backend
from chainer.utils import argument

_CHX = chainerx.ndarray

_VOLATILE_MESSAGE = 'volatile argument is not supported anymore. Use chainer.using_config'


def _array_types():
    types = [numpy.ndarray, _CHX]
    import sys
    if 'cupy' in sys.modules:
        types.append(sys.modules['cupy'].ndarray)
    return tuple(types)


def _is_array(x):
    if type(x) is numpy.ndarray:
        return True
    return isinstance(x, _array_types())


def _check_grad_type(func, x, is_node_x, gx):
    """Raises when a gradient ``gx`` does not match the array type, dtype or shape of ``x``.

    ``x`` is a :class:`VariableNode` when ``is_node_x`` (its recorded dtype and shape are used
    even if its array is not retained), else a :class:`Variable`; ``func`` is the function
    that computed ``gx`` (named in the message), or None.
    """
    if gx is None:
        return
    if is_node_x:
        x_array = x.data
        dtype = x.dtype
        shape = x.shape
    else:
        x_array = x._array
        if x_array is None:
            return
        dtype = x_array.dtype
        shape = x_array.shape
    if x_array is None:
        valid_type = _is_array(gx)
        expected = _array_types()
    else:
        valid_type = type(gx) is type(x_array)
        expected = (type(x_array),)
    if not valid_type:
        detail = 'Type of grad is invalid:\nExpected: Any of {}\nActual: {}'.format(
            expected, type(gx))
    elif dtype is not None and gx.dtype != dtype:
        detail = 'Dtype of data and grad mismatch\ngrad: {} != data: {}'.format(
            gx.dtype, dtype)
    elif shape is not None and gx.shape != shape:
        raise ValueError(_grad_error_message(
            func, 'Shape of data and grad mismatch\ngrad: {} != data: {}'.format(
                gx.shape, shape)))
    else:
        return
    raise TypeError(_grad_error_message(func, detail))


def _grad_error_message(func, detail):
    if func is None:
        return detail
    return 'Function `{}` ({}) has a bug.\n\n{}'.format(
        func.label, type(func).__name__, detail)


def _shape_label(shape, dtype):
    if not shape:
        return str(dtype)
    return '(%s), %s' % (', '.join(map(str, shape)), dtype)


class VariableNode:
    """Node of the computational graph that stands for a :class:`Variable`.

    It refers to the function that created it (``creator_node``), holds the rank, and holds the
    array only while a function retains it for its backward computation.
    """

    # Slots: a node is created for every function output and lives as long as the graph, so
    # it stays small, and it never materializes an attribute dict (``__dict__`` only on use).
    __slots__ = ('_variable', 'creator_node', 'data', 'name', 'rank', 'requires_grad', 'dtype',
                 'shape', '__dict__', '__weakref__')

    # label of the old-style Function whose double-backprop gradient this leaf is (v7's name);
    # backprop that reaches such a node raises. The walk looks for it only once one exists.
    _old_style_grad_generator = None
    _any_old_style_grad = False

    def __init__(self, variable, name, **kwargs):
        if kwargs:
            argument.check_unexpected_kwargs(kwargs, grad='unexpected keyword argument "grad"')
            argument.assert_kwargs_empty(kwargs)
        self._variable = weakref.ref(variable)
        self.creator_node = None
        self.data = None
        self.name = name
        self.rank = 0
        self.requires_grad = variable._requires_grad
        array = variable._array
        if array is None:
            self.dtype = None
            self.shape = None
        else:
            self.dtype = array.dtype
            self.shape = array.shape

    @property
    def creator(self):
        """The function that created this node: an old-style Function or a FunctionNode."""
        node = self.creator_node
        if node is None:
            return None
        return getattr(node, '_function', node)

    @creator.setter
    def creator(self, func):
        self.set_creator(func)

    @property
    def grad(self):
        """The gradient array of the corresponding variable (None when it is gone)."""
        var = self._variable()
        return None if var is None else var.grad

    @property
    def grad_var(self):
        """The gradient of the corresponding variable as a Variable."""
        var = self._variable()
        return None if var is None else var.grad_var

    @property
    def label(self):
        """Short text of the shape and dtype, used in graph dumps."""
        return _shape_label(self.shape, self.dtype)

    def get_variable(self):
        """Returns the corresponding variable, rebuilding it from retained data if needed."""
        var = self._variable()
        if var is not None:
            return var
        var = Variable._from_node(self)
        return var

    def get_variable_or_none(self):
        """Returns the corresponding variable if it is still alive, else None."""
        return self._variable()

    def set_creator(self, creator):
        """Sets the creator (a Function or FunctionNode; None unchains the node)."""
        self.set_creator_node(getattr(creator, 'node', creator))

    def set_creator_node(self, creator_node):
        """Sets the FunctionNode that created this node and updates the rank.

        None unchains the node (its rank is kept, as in v7).
        """
        self.creator_node = creator_node
        if creator_node is not None:
            self.rank = creator_node.rank + 1

    def unchain(self):
        """Deletes the reference to the creator of this node."""
        self.creator_node = None

    def retain_data(self):
        """Lets the node keep the array of its variable (needed by retained outputs)."""
        var = self._variable()
        if var is None:
            raise RuntimeError('cannot retain variable data: the variable has been released')
        self.data = var._array

    def _set_data_type(self, array):
        if array is None:
            self.dtype = None
            self.shape = None
        else:
            self.dtype = array.dtype
            self.shape = array.shape


def variable_repr(var):
    """The ``repr`` of a variable, e.g. ``variable([1., 2.])``."""
    prefix = 'variable' if var.name is None else 'variable %s' % var.name
    arr = var._array
    if arr is None:
        return '%s(None)' % prefix
    arr = backend.CpuDevice().send(arr) if type(arr) is not numpy.ndarray else arr
    if arr.size > 0 or arr.ndim == 0:
        lst = numpy.array2string(arr, None, None, None, ', ', prefix + '(')
    elif arr.shape == (0,):
        lst = '[]'  # as NumPy's repr, the shape is shown only when not (0,)
    else:
        lst = '[], shape=%s' % (repr(arr.shape),)
    return '%s(%s)' % (prefix, lst)


def variable_str(var):
    """The ``str`` of a variable, e.g. ``variable([1. 2.])``."""
    prefix = 'variable' if var.name is None else 'variable %s' % var.name
    arr = var._array
    if arr is None:
        return '%s(None)' % prefix
    arr = backend.CpuDevice().send(arr) if type(arr) is not numpy.ndarray else arr
    lst = numpy.array2string(arr, None, None, None, ' ', prefix + '(')
    return '%s(%s)' % (prefix, lst)


class _HasChainerxArray:
    """``Variable._has_chainerx_array``: False on the class, whether the array is a ChainerX
    array on an instance."""

    def __get__(self, var, cls=None):
        return False if var is None else type(var._array) is _CHX


class Variable:
    """__init__(data=None, *, name=None, grad=None, requires_grad=True)

    Array with a structure to keep track of computation.

    Every variable holds a data array (NumPy or CuPy) and, after backprop, a gradient. Applying
    functions to variables records the computation so that :meth:`backward` can compute
    gradients.

    Args:
        data (:ref:`ndarray`): Initial data array; None for an uninitialized variable.
        name (str): Name of the variable.
        grad (:ref:`ndarray`): Initial gradient array.
        requires_grad (bool): Whether this variable receives a gradient in backprop.
    """

    __slots__ = ('_array', '_requires_grad', '_grad_var', '_node', '__dict__', '__weakref__')
    __array_priority__ = 200
    _chainerx_name = None
    _loss_scale = None
    #: Memory layout of the array (v7's experimental layouts): always the standard one, None.
    layout = None
    # Whether the data is a ChainerX array (read by code written for v7): False on the class.
    _has_chainerx_array = _HasChainerxArray()

    def __init__(self, data=None, **kwargs):
        name = grad = None
        requires_grad = True
        if kwargs:
            argument.check_unexpected_kwargs(kwargs, volatile=_VOLATILE_MESSAGE)
            name, grad, requires_grad = argument.parse_kwargs(
                kwargs, ('name', None), ('grad', None), ('requires_grad', True))
        if data is not None and not _is_array(data):
            msg = ('numpy.ndarray or cuda.ndarray are expected.\nActual: {0}'
                   .format(type(data)))
            if isinstance(data, (int, float, numpy.generic)):
                msg += '\nUse numpy.asarray or chainer.Variable(numpy.array(value)).'
            raise TypeError(msg)
        self._array = data
        self._requires_grad = requires_grad
        if type(data) is _CHX:
            _chx.set_array(self, data, grad)
        else:
            self._grad_var = None if grad is None else Variable(grad)
        self._node = VariableNode(self, name)

    @staticmethod
    def _init_unchecked(data=None, device=None, name=None, grad=None, grad_valid=True,
                        requires_grad=True, is_chainerx_array=None, node=None, layout=None):
        """Creates a :class:`Variable` without checking the arguments (v7's private helper).

        ``device``, ``grad_valid``, ``is_chainerx_array`` and ``layout`` are accepted for
        compatibility; ``node`` is an existing :class:`VariableNode` to attach to.
        """
        var = _new_variable(Variable)
        var._requires_grad = requires_grad
        if type(data) is _CHX:
            var._grad_var = None
            _chx.set_array(var, data, grad)
        else:
            var._array = data
            var._grad_var = None if grad is None else _make_variable(grad, True)
        if node is None:
            var._node = VariableNode(var, name)
        else:
            var._node = node
            node._variable = weakref.ref(var)
        return var

    @classmethod
    def _from_node(cls, node):
        var = cls.__new__(cls)
        var._array = node.data
        var._requires_grad = node.requires_grad
        var._grad_var = None
        var._node = node
        node._variable = weakref.ref(var)
        return var

    def __copy__(self):
        return self._copy_to(Variable.__new__(type(self)))

    def _copy_to(self, target):
        target._array = self._array
        target._requires_grad = self._requires_grad
        target._grad_var = self._grad_var
        target.__dict__.update(self.__dict__)
        target._node = VariableNode(target, self.name)
        return target

    def __reduce__(self):
        return _recover_variable, (self._array, self.name, self.grad, self._requires_grad)

    def __repr__(self):
        return variable_repr(self)

    def __str__(self):
        return variable_str(self)

    # ----------------------------------------------------------------------------------------
    # basic attributes

    @property
    def xp(self):
        """Array module (``numpy``, ``cupy`` or ``chainerx``) of the data array."""
        arr = self._array
        if arr is None:
            return numpy
        return backend.get_array_module(arr)

    @property
    def device(self):
        """The :class:`~chainer.backend.Device` holding the data array."""
        return backend.get_device_from_array(self._array)

    @property
    def name(self):
        """Name of the variable (str or None)."""
        node = self._node
        return None if node is None else node.name

    @name.setter
    def name(self, n):
        self.node.name = n

    @property
    def label(self):
        """Short text that represents the variable (shape and dtype)."""
        return self.node.label

    @property
    def creator(self):
        """The function that created this variable (Function or FunctionNode), or None."""
        node = self._node
        return None if node is None else node.creator

    @creator.setter
    def creator(self, func):
        self.node.creator = func

    @property
    def creator_node(self):
        """The :class:`FunctionNode` that created this variable (settable to None)."""
        node = self._node
        return None if node is None else node.creator_node

    @creator_node.setter
    def creator_node(self, func):
        if func is None and self._node is None:
            return
        self.node.set_creator_node(func)

    @property
    def array(self):
        """The underlying data array (None if uninitialized).

        For a ChainerX array it is a view that is not connected to the graph.
        """
        a = self._array
        if type(a) is _CHX:
            return _chx.grad_stopped_array(self)
        return a

    @array.setter
    def array(self, d):
        if type(d) is _CHX:
            _chx.set_array(self, d, None)
        elif type(self._array) is _CHX:
            _chx.release_array(self, d)
        else:
            self._array = d
        if self._node is not None:
            self._node._set_data_type(d)

    data = array  # v1 name of :attr:`array`

    @property
    def chx_array(self):
        """A view of the raw ChainerX array, which may be connected to the graph.

        Unlike :attr:`array`, which is always disconnected, it is a view connected to the
        graph with a gradient distinct from the original array's. Raises ``ValueError`` for a
        variable holding a non-ChainerX array.
        """
        a = self._array
        if type(a) is not _CHX:
            raise ValueError('Array is not a ChainerX array. Use to_chx() first.')
        return a.view()

    @property
    def raw_array(self):
        """The array as stored (for ChainerX, the array connected to the graph)."""
        return self._array

    @property
    def grad(self):
        """Gradient array of this variable (None until backprop or explicit set).

        If the underlying array is a ``chainerx.ndarray`` and ``requires_grad`` is false,
        reading the gradient raises an error.
        """
        gv = self._grad_var
        if gv is not None:
            return gv._array
        if type(self._array) is _CHX:
            return _chx.get_grad(self)
        return None

    @grad.setter
    def grad(self, g):
        if type(self._array) is _CHX:
            if g is not None:
                _check_grad_type(None, self, False, g)
            _chx.set_grad(self, g)
            return
        if g is None:
            self._grad_var = None
            return
        _check_grad_type(None, self, False, g)
        self._grad_var = _make_variable(g, True)

    @property
    def _grad(self):
        # v7's private name of the gradient array, read and written by code in the wild
        gv = self._grad_var
        return None if gv is None else gv._array

    @_grad.setter
    def _grad(self, g):
        self._grad_var = None if g is None else _make_variable(g, True)

    @property
    def grad_var(self):
        """Gradient of this variable as a :class:`Variable`."""
        if type(self._array) is _CHX:
            return _chx.get_grad_var(self)
        return self._grad_var

    @grad_var.setter
    def grad_var(self, g):
        if type(self._array) is _CHX:
            if g is not None:
                _check_grad_type(None, self, False, g._array)
            _chx.set_grad(self, None if g is None else g._array)
            return
        if g is not None:
            _check_grad_type(None, self, False, g._array)
        self._grad_var = g

    @property
    def shape(self):
        """Shape of the data array."""
        return self._array.shape

    @property
    def ndim(self):
        """Number of dimensions of the data array."""
        return self._array.ndim

    @property
    def size(self):
        """Number of elements of the data array."""
        return self._array.size

    @property
    def dtype(self):
        """Dtype of the data array."""
        return self._array.dtype

    @property
    def rank(self):
        """Topological ordinal of this variable in the graph."""
        node = self._node
        return 0 if node is None else node.rank

    @property
    def node(self):
        """The :class:`VariableNode` of this variable (created on first use)."""
        node = self._node
        if node is None:
            node = self._node = VariableNode(self, None)
        return node

    @property
    def requires_grad(self):
        """Whether this variable receives a gradient in backprop."""
        return self._requires_grad

    @property
    def T(self):
        """Transposition of this variable."""
        return chainer.functions.transpose(self)

    def __pos__(self):
        """``+x`` is ``x`` itself."""
        return self

    def __len__(self):
        """Returns the first dimension of the data array."""
        return len(self._array)

    def __bool__(self):
        raise TypeError('Variables cannot be evaluated as Python bool.')

    def __lt__(self, other):
        _no_comparison('<')

    def __le__(self, other):
        _no_comparison('<=')

    def __eq__(self, other):
        _no_comparison('==')

    def __ne__(self, other):
        _no_comparison('!=')

    def __gt__(self, other):
        _no_comparison('>')

    def __ge__(self, other):
        _no_comparison('>=')

    __hash__ = None  # as in v7: a Variable is not a dict key (its node is)

    def item(self):
        """Converts a one-element variable to a Python scalar."""
        if self._array.size != 1:
            raise ValueError('can only convert an array of size 1 to a Python scalar')
        if type(self._array) is _CHX:
            return backend.CpuDevice().send(self.array).item()
        return self._array.item()

    def summary(self):
        """Returns a one-line summary (``<variable name>``)."""
        if self.name:
            return '<variable %s>' % self.name
        return '<variable at 0x%x>' % id(self)

    def debug_print(self):
        """Returns a human-readable description of the data and gradient."""
        arr = self._array
        if arr is None:
            device = backend_type = shape = dtype = statistics = None
        else:
            device = _device_label(arr)
            backend_type = type(arr)
            shape = arr.shape
            dtype = arr.dtype
            statistics = _statistics(arr)
        g = self.grad
        if g is None:
            grad = None
        elif not backend.get_array_module(g).count_nonzero(g):
            grad = 0
        else:
            grad = _statistics(g)
        return ('{summary}\n- device: {device}\n- backend: {backend}\n- shape: {shape}\n'
                '- dtype: {dtype}\n- statistics: {statistics}\n- grad: {grad}').format(
                    summary=self.summary(), device=device, backend=backend_type, shape=shape,
                    dtype=dtype, statistics=statistics, grad=grad)

    # ----------------------------------------------------------------------------------------
    # devices

    def _move(self, device, allow_unchaining=True):
        if type(self._array) is _CHX or device.xp is chainerx:
            _chx.move(self, device, allow_unchaining)
            return
        if self._array is not None:
            self._array = device.send(self._array)
            if self._node is not None and self._node.data is not None:
                self.node.data = self._array
        gv = self._grad_var
        if gv is not None:
            gv._array = device.send(gv._array)

    def to_cpu(self):
        """Copies the data and gradient to the host (NumPy)."""
        self._move(backend.CpuDevice())

    def to_gpu(self, device=None):
        """Copies the data and gradient to a GPU (the current one if ``device`` is None)."""
        from chainer.backends import cuda
        self._move(cuda.GpuDevice.from_device_id(device) if device is not None
                   else cuda.GpuDevice(cuda.Device()))

    def to_intel64(self):
        """Converts the arrays for iDeep (``RuntimeError`` without iDeep, as v7)."""
        from chainer.backends import intel64
        intel64.check_ideep_available()
        self.to_cpu()

    def to_chx(self):
        """Converts the array and gradient to ChainerX arrays without copy.

        They become ``chainerx.ndarray`` objects on the same physical device (a view of the
        original arrays). Nothing happens if the array already is a ChainerX array. A variable
        with a creator cannot be converted (``RuntimeError``).
        """
        self._to_chx(False)

    def _to_chx(self, allow_unchaining):
        if not chainerx.is_available():
            raise RuntimeError('ChainerX is not available.')
        if type(self._array) is _CHX:
            return
        if not allow_unchaining and self.creator_node is not None:
            raise RuntimeError('A variable with a creator cannot be converted into ChainerX '
                               'array')
        self._move(backend.ChainerxDevice.from_fallback_device(self.device), allow_unchaining)

    def from_chx(self):
        """Converts the array and gradient to non-ChainerX arrays without copy.

        A ChainerX array on a ``native`` or ``cuda`` device becomes a NumPy or CuPy array on
        the same physical device (a view). Nothing happens for a non-ChainerX array; a
        variable computed in a ChainerX graph cannot be converted (``RuntimeError``).
        """
        self._from_chx(False)

    def _from_chx(self, allow_unchaining):
        if type(self._array) is not _CHX:
            return
        self._move(self.device.fallback_device, allow_unchaining)

    def to_device(self, device):
        """Copies the data and gradient to the device given by a device specifier.

        Moving between ChainerX and other devices does not carry the ChainerX graph over.
        """
        self._move(backend.get_device(device))

    # ----------------------------------------------------------------------------------------
    # gradients and graph

    def cleargrad(self):
        """Clears the gradient array (sets it to None)."""
        self._grad_var = None
        if type(self._array) is _CHX:
            _chx.cleargrad(self)

    def zerograd(self):
        """Initializes the gradient array by zeros (deprecated: use :meth:`cleargrad`)."""
        warnings.warn(
            'Variable.zerograd is deprecated. Use Variable.cleargrad instead.',
            DeprecationWarning)
        if self._array is None:
            return
        if type(self._array) is _CHX:
            _chx.set_grad(self, chainerx.zeros_like(self._array))
            return
        gv = self._grad_var
        if gv is None:
            xp = self.xp
            self._grad_var = _make_variable(xp.zeros_like(self._array), True)
        else:
            gv.unchain()
            gv._array.fill(0)

    def copydata(self, var):
        """Copies the data array from ``var`` (initializing uninitialized sides)."""
        src = var._array
        dst = self._array
        if src is None:
            if dst is None:
                return
            var.initialize(self.shape)
            src = var._array
        if dst is None:
            self.initialize(src.shape)
            dst = self._array
        backend.copyto(dst, src)

    def addgrad(self, var):
        """Accumulates the gradient of ``var`` into this variable's gradient.

        An uninitialized source parameter whose gradient is undecided raises
        :class:`RuntimeError` (as reading its ``grad`` does), as in v7.
        """
        src = var.grad_var
        if src is None:
            if isinstance(var, Parameter):
                var._check_grad_decided()
            return
        if self._array is None:
            self.initialize(var.shape)
        dst_device = self.device
        src_array = dst_device.send(src.array)
        if type(self._array) is _CHX:
            current = self.grad
            _chx.set_grad(self, src_array.copy() if current is None else current + src_array)
            return
        current = self._grad_var
        if current is None:
            _check_grad_type(None, self, False, src_array)
            self._grad_var = _make_variable(src_array.copy(), True)
            return
        # as v7: the sum is the ``+`` operator's (its type check rejects mixed dtypes and
        # shapes that do not broadcast), and the result must still fit this variable
        with chainer.no_backprop_mode():
            total = (current + _make_variable(src_array, False))._array
        _check_grad_type(None, self, False, total)
        self._grad_var = _make_variable(total, True)

    def set_creator(self, gen_func):
        """Notifies the variable that ``gen_func`` (a Function) is its creator."""
        self.node.set_creator(gen_func)

    def set_creator_node(self, fnode):
        """Notifies the variable that ``fnode`` (a FunctionNode) is its creator."""
        self._node.set_creator_node(fnode)

    def unchain(self):
        """Deletes the reference to the creator of this variable."""
        if type(self._array) is _CHX:
            _chx.unchain(self)
            return
        if self._node is not None:
            self._node.creator_node = None

    def unchain_backward(self):
        """Deletes references between nodes and functions backward from this variable."""
        if type(self._array) is _CHX:
            _chx.unchain(self)
            return
        pending = [self.creator_node]
        seen = set()
        while pending:
            func = pending.pop()
            if func is None or id(func) in seen:
                continue
            seen.add(id(func))
            for node in func.inputs:
                pending.append(node.creator_node)
                node.creator_node = None
            func.unchain()
        self.unchain()

    def retain_data(self):
        """Lets the corresponding variable node keep the underlying array."""
        self.node.data = self._array

    def reshape(self, *shape):
        """Returns a variable of a different shape and the same content (``F.reshape``)."""
        if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
            shape = shape[0]
        return chainer.functions.reshape(self, tuple(shape))

    def transpose(self, *axes):
        """Permutes the dimensions of the variable (``F.transpose``)."""
        if not axes:
            axes = None
        elif len(axes) == 1 and (isinstance(axes[0], (tuple, list)) or axes[0] is None):
            axes = axes[0]
        return chainer.functions.transpose(self, axes)

    def mean(self, axis=None, *, weights=None, keepdims=False):
        """Weighted average over ``axis`` (:func:`chainer.functions.average`)."""
        return chainer.functions.average(self, axis, weights, keepdims)

    def as_layout(self, layout):
        """Returns the variable in memory layout ``layout``: only the standard one (None)."""
        if layout is not None:
            raise ValueError('as_layout: only the standard layout (None) is supported, '
                             'got {!r}'.format(layout))
        return self

    def backward(self, retain_grad=False, enable_double_backprop=False, loss_scale=None):
        """Runs error backpropagation (backprop) from this variable.

        Args:
            retain_grad (bool): Keep the gradients of intermediate variables.
            enable_double_backprop (bool): Record the backward computation so that the
                gradients can be differentiated again.
            loss_scale (float): Multiply the initial gradient by this factor; parameters
                divide their gradients by it before the optimizer update.
        """
        if type(self._array) is _CHX:
            _chx.backward(self, retain_grad, enable_double_backprop, loss_scale)
            return
        _backprop_module().variable_backward(
            self, retain_grad, enable_double_backprop, loss_scale)


def _no_comparison(op):
    raise TypeError('Variables do not support {} operator. '
                    'You could use `array` attribute instead.'.format(op))


def _backprop_module():
    global _BACKPROP
    if _BACKPROP is None:
        from chainer import _backprop
        _BACKPROP = _backprop
    return _BACKPROP


_BACKPROP = None


def _device_label(array):
    # as v7 prints it: CPU for NumPy arrays, else the array's device
    if type(array) is numpy.ndarray:
        return 'CPU'
    if type(array) is _CHX:
        return array.device.name  # a ChainerX device prints as its name
    return getattr(array, 'device', None)


def _statistics(array):
    """``mean=..., std=...`` of an array (NaN for an empty one, without NumPy warnings)."""
    if type(array) is _CHX:
        array = backend.CpuDevice().send(array)
    if array.size == 0:
        mean = std = float('nan')
    else:
        xp = backend.get_array_module(array)
        real = array.real if array.dtype.kind == 'c' else array
        mean = float(xp.mean(real))
        std = float(xp.std(array))
    return 'mean={:.8f}, std={:.8f}'.format(mean, std)


def _make_variable(array, requires_grad):
    """Fast internal constructor (no checks); the graph node is created on first use."""
    var = _new_variable(Variable)
    var._array = array
    var._requires_grad = requires_grad
    var._grad_var = None
    var._node = None
    return var


def _make_output_variable(array, creator, rank):
    """Fast constructor of a function output recorded in the graph."""
    var = _new_variable(Variable)
    var._array = array
    var._requires_grad = True
    var._grad_var = None
    node = _new_node(VariableNode)
    node._variable = weakref.ref(var)
    node.requires_grad = True
    node.dtype = array.dtype
    node.shape = array.shape
    node.creator_node = creator
    node.rank = rank
    node.data = None
    node.name = None
    var._node = node
    return var


_new_variable = Variable.__new__
_new_node = VariableNode.__new__


def _recover_variable(data, name, grad, requires_grad):
    var = Variable(data, name=name, requires_grad=requires_grad)
    var.grad = grad
    return var


def as_variable(obj):
    """Converts an array to a Variable with ``requires_grad=False``; returns Variables as is.

    .. admonition:: Example

        >>> x = np.array([1, 2], np.float32)
        >>> v = chainer.as_variable(x)
        >>> v
        variable([1., 2.])
        >>> v.requires_grad  # a wrapped array needs no gradient
        False
        >>> chainer.as_variable(v) is v
        True
    """
    if isinstance(obj, Variable):
        return obj
    return Variable(obj, requires_grad=False)


def as_array(obj):
    """Returns the array of a Variable, or the object itself if it is an array.

    .. admonition:: Example

        >>> x = np.array([1, 2], np.float32)
        >>> chainer.as_array(x) is x
        True
        >>> chainer.as_array(chainer.Variable(x)) is x  # the array of a variable
        True
    """
    if isinstance(obj, Variable):
        return obj.array
    return obj


class Parameter(Variable):
    """Parameter variable that can be registered to a link.

    A parameter is a Variable with an initializer (used to build its array lazily when the
    shape becomes known) and an update rule set by an optimizer.

    Args:
        initializer: Array, scalar, or callable initializer. None means NaN-filled.
        shape (int or tuple of int): Shape; None leaves the parameter uninitialized unless
            ``initializer`` is an array.
        name (str): Name of the parameter.
        layout: Memory layout (v7's experimental layouts): only None, the standard one.
    """

    initializer = None
    update_rule = None
    # True from the construction of an uninitialized parameter until its gradient is set,
    # cleared or initialized: reading ``grad`` meanwhile raises, as in v7
    _grad_pending = False

    def __init__(self, initializer=None, shape=None, name=None, *, layout=None):
        if layout is not None:
            raise ValueError('Parameter: only the standard memory layout (None) is supported, '
                             'got layout={!r}'.format(layout))
        from chainer import initializers
        from chainer.initializers import constant
        if initializer is None:
            initializer = constant.NaN()
        elif numpy.isscalar(initializer):
            initializer = constant.Constant(initializer)
        if shape is None:
            if _is_array(initializer):
                super().__init__(initializer, name=name)
            else:
                super().__init__(name=name)
                dtype = getattr(initializer, 'dtype', None)
                self._grad_initializer = constant.NaN(dtype)
                self._grad_pending = True
        else:
            if _is_array(initializer):
                initializer = constant.Constant(initializer)
            data = initializers.generate_array(initializer, shape, numpy)
            grad = numpy.full_like(data, numpy.nan)
            super().__init__(data, name=name, grad=grad)
        self._initial_device = backend.CpuDevice()
        self.update_rule = None
        self.initializer = initializer

    def __copy__(self):
        return self._copy_to(Parameter.__new__(Parameter))

    def __reduce__(self):
        return _recover_parameter, (self._array, self.name, self._grad, self.initializer,
                                    self.update_rule, self._grad_pending)

    @property
    def grad(self):
        """Gradient array (see :attr:`Variable.grad`).

        Reading it raises :class:`RuntimeError` while an uninitialized parameter's gradient
        has been neither set, cleared (:meth:`cleargrad`) nor initialized, as in v7.
        """
        self._check_grad_decided()
        gv = self._grad_var
        if gv is not None:
            return gv._array
        return Variable.grad.fget(self)

    @grad.setter
    def grad(self, g):
        self._grad_pending = False
        Variable.grad.fset(self, g)

    def _check_grad_decided(self):
        # An undecided gradient (see ``grad``) cannot be read: v7's RuntimeError.
        if self._grad_pending:
            raise RuntimeError('Cannot retrieve Variable.grad. Either it must be set manually '
                               'or Variable.cleargrad() must be called beforehand.')

    @property
    def is_initialized(self):
        """Whether the data array has been created."""
        return self._array is not None

    @property
    def dtype(self):
        """Dtype of the data array, or of the initializer when uninitialized.

        An uninitialized parameter whose initializer's dtype is None reports
        ``numpy.dtype(None)`` (float64); one whose initializer has no ``dtype`` attribute
        (a plain callable) raises ``RuntimeError``, as in v7.
        """
        if self._array is not None:
            return self._array.dtype
        try:
            dtype = self.initializer.dtype
        except AttributeError:
            raise RuntimeError(
                'Dtype of the parameter is not determined yet because it is uninitialized '
                'and its initializer has no dtype.') from None
        return numpy.dtype(dtype)

    @property
    def device(self):
        """The device of the parameter (the initial device while uninitialized)."""
        if self._array is None:
            return self._initial_device
        return backend.get_device_from_array(self._array)

    def _move(self, device, allow_unchaining=True):
        super()._move(device, True)
        self._initial_device = device

    def to_chx(self):
        """Converts the array and gradient to ChainerX arrays without copy (the parameter
        keeps no graph, so it is always convertible)."""
        if self._array is None:
            if not chainerx.is_available():
                raise RuntimeError('ChainerX is not available.')
            if not isinstance(self._initial_device, backend.ChainerxDevice):
                self._initial_device = backend.ChainerxDevice.from_fallback_device(
                    self._initial_device)
            return
        self._to_chx(True)

    def from_chx(self):
        """Converts ChainerX arrays to NumPy/CuPy ones without copy."""
        if self._array is None:
            if isinstance(self._initial_device, backend.ChainerxDevice):
                self._initial_device = self._initial_device.fallback_device
            return
        self._from_chx(True)

    def to_gpu(self, device=None):
        """Copies the data and gradient to a GPU."""
        from chainer.backends import cuda
        dev = cuda.GpuDevice.from_device_id(
            device if device is not None else cuda.cupy.cuda.runtime.getDevice())
        self._move(dev)

    def cleargrad(self):
        """Clears the gradient (an uninitialized parameter also forgets its grad init)."""
        self._grad_var = None
        self._grad_pending = False
        if self._array is None:
            self._grad_initializer = None
        elif type(self._array) is _CHX:
            _chx.cleargrad(self)

    def zerograd(self):
        """Fills the gradient with zeros (deprecated: use :meth:`cleargrad`)."""
        super().zerograd()
        self._grad_pending = False
        if self._array is None:
            from chainer.initializers import constant
            self._grad_initializer = constant.Zero(getattr(self.initializer, 'dtype', None))

    def initialize(self, shape):
        """Initializes the uninitialized parameter with the given shape."""
        from chainer import initializers
        device = self._initial_device
        xp = numpy if device is None else device.xp
        data = initializers.generate_array(self.initializer, shape, xp)
        if device is not None and xp is not numpy:
            data = device.send(data)
        ginit = getattr(self, '_grad_initializer', None)
        grad = None if ginit is None else initializers.generate_array(ginit, shape, xp)
        if grad is not None and device is not None and xp is not numpy:
            grad = device.send(grad)
        self.array = data
        self.grad = grad

    def update(self):
        """Updates the parameter with its update rule (no-op without one)."""
        if self.update_rule is not None:
            self.update_rule.update(self)


def _recover_parameter(data, name, grad, initializer, update_rule, grad_pending=False):
    p = Parameter(initializer=initializer, name=name)
    p.array = data
    p.grad = grad
    p._grad_pending = grad_pending
    p.update_rule = update_rule
    return p

