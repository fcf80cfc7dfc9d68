"""The :class:`ndarray` of ChainerX: an array on a device that takes part in graphs.

An ndarray wraps the raw array of its device (a NumPy array on ``native`` devices, a CuPy array
on ``cuda`` devices), the :class:`~chainerx.Device`, and the array nodes of the graphs it is in.
Arithmetic, indexing and the other routine-backed methods are attached by
:mod:`chainerx._ndarray_methods` once the routines are defined.
"""
import numbers
import operator

import numpy

from chainerx import _device
from chainerx import _dtypes
from chainerx import _errors
from chainerx import _graph

_np_ndarray = numpy.ndarray
_np_generic = numpy.generic


class ndarray:
    """ndarray(shape, dtype, device=None)

    Multi-dimensional array, the central data structure of ChainerX.

    It provides a subset of NumPy's array API, lives on a :class:`~chainerx.Device`, and records
    the routines applied to it for backprop once :meth:`require_grad` is called (or when it is
    computed from arrays that require backprop).

    Args:
        shape (tuple of ints): Shape of the new array.
        dtype: Data type.
        device (~chainerx.Device): Device on which the array is allocated. If omitted, the
            default device is chosen.
    """

    __slots__ = ('_data', '_device', '_nodes', '__weakref__')
    __array_priority__ = 300
    # NumPy ufuncs and operators defer to the reflected methods of this class.
    __array_ufunc__ = None

    def __init__(self, shape, dtype, device=None):
        dev = _device.resolve_device(device)
        dtype = _dtypes.normalize(dtype)
        shape = normalize_shape(shape)
        with dev._use():
            self._data = dev.xp.empty(shape, dtype)
        self._device = dev
        self._nodes = None

    # ---------------------------------------------------------------------------------------
    # buffer attributes

    @property
    def shape(self):
        """tuple of int: Lengths of axes (no setter)."""
        return self._data.shape

    @property
    def dtype(self):
        """Data type of the array (a :class:`numpy.dtype`)."""
        return self._data.dtype

    @property
    def device(self):
        """~chainerx.Device: Device on which the data exists."""
        return self._device

    @property
    def ndim(self):
        """int: Number of dimensions."""
        return self._data.ndim

    @property
    def size(self):
        """int: Number of elements in the array."""
        return self._data.size

    @property
    def itemsize(self):
        """int: Size of each element in bytes."""
        return self._data.itemsize

    @property
    def nbytes(self):
        """int: Total size of all elements in bytes (skips between elements not counted)."""
        return self._data.nbytes

    @property
    def strides(self):
        """tuple of int: Strides of axes in bytes."""
        return self._data.strides

    @property
    def is_contiguous(self):
        """bool: ``True`` iff the array is stored in the C-contiguous order."""
        return bool(self._data.flags.c_contiguous)

    @property
    def data_ptr(self):
        """int: Address of the underlying memory allocation (device dependent meaning)."""
        return _allocation(self._data)[0]

    @property
    def data_size(self):
        """int: Total size of the underlying memory allocation in bytes."""
        return _allocation(self._data)[1]

    @property
    def offset(self):
        """int: Offset of the first element from the memory allocation in bytes."""
        return _first_element_address(self._data) - _allocation(self._data)[0]

    @property
    def T(self):
        """~chainerx.ndarray: Shape-reversed view of the array (a new array at every access)."""
        return self.transpose()

    def __len__(self):
        """Returns the length of the first axis."""
        if self._data.ndim == 0:
            raise TypeError('len() of unsized object')
        return self._data.shape[0]

    def __repr__(self):
        data = self._data
        if not self._device._is_native:
            data = data.get()
        if data.size > 0 or data.ndim == 0:
            body = numpy.array2string(data, separator=', ', prefix='array(')
        else:
            body = '[]'
        extra = ''
        nodes = self._nodes
        if nodes:
            names = [n.backprop_id.name for n in nodes if not n.backprop_id._released]
            if names:
                extra = ', backprop_ids=[{}]'.format(', '.join("'%s'" % n for n in names))
        return 'array({}, shape={}, dtype={}, device=\'{}\'{})'.format(
            body, data.shape, data.dtype, self._device.name, extra)

    def __bool__(self):
        """Casts a size-one array into a bool value."""
        return bool(self._scalar_value('bool'))

    def __int__(self):
        """Casts a size-one array into an int value."""
        return int(self._scalar_value('int'))

    def __float__(self):
        """Casts a size-one array into a float value."""
        return float(self._scalar_value('float'))

    def __index__(self):
        if self._data.dtype.kind not in 'iu':
            raise TypeError('only integer arrays can be converted to an index')
        return int(self._scalar_value('index'))

    def _scalar_value(self, to):
        data = self._data
        if data.size != 1:
            if to != 'bool':
                message = 'only size-1 arrays can be converted to Python scalars ({})'.format(to)
            elif data.size:
                message = 'The truth value of an array with more than one element is ambiguous.'
            else:
                message = 'The truth value of an empty array is ambiguous.'
            raise _errors.DimensionError(message)
        if self._device._is_native:
            return data.reshape(()).item()
        return data.reshape(()).get().item()

    def __array__(self, dtype=None, copy=None):
        if not self._device._is_native:
            raise TypeError('a ChainerX array on device {} cannot be converted to a NumPy '
                            'array implicitly; use chainerx.to_numpy'.format(self._device.name))
        data = self._data
        if dtype is not None and numpy.dtype(dtype) != data.dtype:
            return data.astype(dtype)
        if copy:
            return data.copy()
        return data

    def __reduce__(self):
        return _reconstruct, (_to_host(self._data), self._device.name)

    def __copy__(self):
        return self.view()

    def __deepcopy__(self, memo):
        copied = _wrap(self._device.xp.array(self._data, copy=True), self._device)
        memo[id(self)] = copied
        return copied

    __hash__ = None

    # ---------------------------------------------------------------------------------------
    # graph

    def require_grad(self, backprop_id=None):
        """Declares that a gradient for this array will be made available after backprop.

        Once called, the routines applied to this array are recorded for backprop; after
        backprop the :attr:`grad` attribute holds the gradient.

        Args:
            backprop_id (~chainerx.BackpropId): The graph (the default graph when None).

        Returns:
            ~chainerx.ndarray: The array itself.
        """
        if self._data.dtype.kind != 'f':
            raise _errors.DtypeError(
                'Array with integral dtype ({}) cannot compute gradient'.format(self.dtype))
        bp = self._backprop_id(backprop_id)
        node = _graph.find_node(self._nodes, bp)
        if node is None:
            node = _graph.make_leaf_node(bp, self._data.dtype, self._device)
            self._nodes = (node,) if not self._nodes else self._nodes + (node,)
        elif not node.grad_required:
            node.grad_required = True
            creator = node.creator
            if creator is not None:
                creator.watchers = (creator.watchers or ()) + (node,)
        return self

    def is_grad_required(self, backprop_id=None):
        """Returns ``True`` if the gradient will be set after backprop (see :meth:`require_grad`).

        Args:
            backprop_id (~chainerx.BackpropId): The graph (the default graph when None).
        """
        node = _graph.find_node(self._nodes, self._backprop_id(backprop_id))
        return node is not None and node.grad_required

    def is_backprop_required(self, backprop_id=None):
        """Returns ``True`` if gradient propagates through this array on backprop.

        Args:
            backprop_id: A :class:`~chainerx.BackpropId` (the default graph when None), or
                :data:`chainerx.anygraph` for any graph.
        """
        nodes = self._nodes
        if isinstance(backprop_id, _graph.AnyGraph):
            if not nodes:
                return False
            return any(not n.backprop_id._released and _graph.is_enabled(n.backprop_id)
                       for n in nodes)
        bp = self._backprop_id(backprop_id)
        return _graph.find_node(nodes, bp) is not None and _graph.is_enabled(bp)

    def _backprop_id(self, backprop_id):
        context = self._device._backend._context
        if backprop_id is None:  # the common case (grad, cleargrad, ...), without a call
            return context._default_backprop_id
        return _graph.resolve_backprop_id(context, backprop_id)

    def _grad_node(self, backprop_id, require_grad_flag):
        bp = self._backprop_id(backprop_id)
        node = _graph.find_node(self._nodes, bp)
        if node is None or (require_grad_flag and not node.grad_required):
            if require_grad_flag:
                raise _errors.ChainerxError(
                    'Array is not flagged as requiring gradient for backprop id: {}'.format(
                        bp.name))
            raise _errors.ChainerxError(
                'Array is constant with respect to the computation for backprop ID: '
                '\'{}\'.'.format(bp.name))
        return node

    @property
    def grad(self):
        """~chainerx.ndarray: Gradient held by the array (None if not available).

        Reading it raises :class:`chainerx.ChainerxError` if the gradient is not required;
        setting it overwrites the gradient (None clears it).
        """
        return self._grad_node(None, True).grad

    @grad.setter
    def grad(self, grad):
        if grad is None:
            self.cleargrad()
        else:
            self.set_grad(grad)

    def get_grad(self, backprop_id=None):
        """Returns the gradient held by the array (None if not available).

        Args:
            backprop_id (~chainerx.BackpropId): The graph (the default graph when None).
        """
        return self._grad_node(backprop_id, True).grad

    def set_grad(self, grad, backprop_id=None):
        """Sets a gradient to the array (overwriting the current one).

        Args:
            grad (~chainerx.ndarray): New gradient array (None clears it).
            backprop_id (~chainerx.BackpropId): The graph (the default graph when None).
        """
        node = self._grad_node(backprop_id, False)
        if grad is None:
            node.grad = None
            return
        if not isinstance(grad, ndarray):
            raise TypeError('gradient must be a chainerx.ndarray, not {}'.format(type(grad)))
        check_same_attributes(self, grad, 'gradient')
        node.grad = grad

    def cleargrad(self, backprop_id=None):
        """Clears the gradient held by this array.

        Args:
            backprop_id (~chainerx.BackpropId): The graph (the default graph when None).
        """
        self._grad_node(backprop_id, False).grad = None

    def backward(self, backprop_id=None, enable_double_backprop=False):
        """Performs backpropagation starting from this array.

        This method is equivalent to ``chainerx.backward([self], *args)``. See
        :func:`chainerx.backward` for the full documentation.
        """
        from chainerx import _backward
        _backward.backward([self], backprop_id, enable_double_backprop)

    def as_grad_stopped(self, *args, copy=False):
        """as_grad_stopped(self, copy=False) / as_grad_stopped(self, backprop_ids, copy=False)

        Creates a view or a copy of the array that stops gradient propagation.

        Args:
            backprop_ids (list of ~chainerx.BackpropId): Graphs to stop (all graphs if
                omitted).
            copy (bool): If ``True``, it copies the array. Otherwise, it returns a view of the
                original array.

        Returns:
            ~chainerx.ndarray: A view or a copy of the array without propagating the gradient
            on backprop.
        """
        backprop_ids = None
        if len(args) == 2:
            backprop_ids, copy = args
        elif len(args) == 1:
            if isinstance(args[0], (list, tuple)):
                backprop_ids = args[0]
            else:
                copy = args[0]
        elif len(args) > 2:
            raise TypeError('as_grad_stopped() takes at most 2 positional arguments')
        data = self._data
        if copy:
            with self._device._use():
                data = data.copy()
        else:
            data = data.view()
        out = _wrap(data, self._device)
        if backprop_ids is not None and self._nodes:
            stopped = [self._backprop_id(bp) for bp in backprop_ids]
            kept = [n for n in self._nodes if n.backprop_id not in stopped]
            if kept:
                from chainerx._routines import _basic
                view = _basic.view(self) if not copy else _basic.copy(self)
                view._nodes = tuple(n for n in view._nodes if n.backprop_id not in stopped)
                return view
        return out


def normalize_shape(shape):
    """``shape`` (an int or a sequence of ints) as a tuple of ints."""
    if isinstance(shape, numbers.Integral):
        return (int(shape),)
    try:
        return tuple([operator.index(s) for s in shape])
    except TypeError:
        raise TypeError('shape must be an int or a sequence of ints, not {!r}'.format(
            shape)) from None


_new = ndarray.__new__


def wrap(data, device):
    """A new ndarray of raw ``data`` on ``device``, not in any graph (no checks)."""
    a = _new(ndarray)
    a._data = data
    a._device = device
    a._nodes = None
    return a


_wrap = wrap


def wrap_result(data, device):
    """Like :func:`wrap`, turning NumPy scalars (from 0-dim operations) into 0-dim arrays."""
    if type(data) is not _np_ndarray and isinstance(data, _np_generic):
        data = numpy.asarray(data)
    a = _new(ndarray)
    a._data = data
    a._device = device
    a._nodes = None
    return a


def _to_host(data):
    if isinstance(data, _np_ndarray):
        return data
    return data.get()


def _reconstruct(data, device_name):
    dev = _device.get_device(device_name)
    with dev._use():
        return _wrap(dev.xp.array(data), dev)


def _allocation(data):
    if isinstance(data, _np_ndarray):
        root = data
        while isinstance(root.base, _np_ndarray):
            root = root.base
        return root.__array_interface__['data'][0], root.nbytes
    mem = data.data.mem
    return mem.ptr, mem.size


def _first_element_address(data):
    if isinstance(data, _np_ndarray):
        return data.__array_interface__['data'][0]
    return data.data.ptr


def check_same_attributes(array, other, what):
    """Raises unless ``other`` has the shape, dtype and device of ``array``."""
    if other._device is not array._device:
        raise _errors.DeviceError('The {} is on device {} but the array is on {}'.format(
            what, other._device.name, array._device.name))
    if other._data.dtype != array._data.dtype:
        raise _errors.DtypeError('The {} dtype {} does not match the array dtype {}'.format(
            what, other._data.dtype, array._data.dtype))
    if other._data.shape != array._data.shape:
        raise _errors.DimensionError('The {} shape {} does not match the array shape {}'.format(
            what, other._data.shape, array._data.shape))
