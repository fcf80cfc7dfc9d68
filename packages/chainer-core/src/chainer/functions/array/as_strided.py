"""Arbitrary strided views of a variable's storage: :func:`as_strided`.

The gradient follows the semantics of ``torch.Tensor.as_strided`` (negative strides are
allowed too): output gradients are summed onto the storage positions they view, and a storage
position that the *input* itself reads several times shares its value equally among those
reads.
"""
import numpy

from chainer import backend
from chainer import function_node
from chainer.utils._scatter import scatter_add
from chainer.utils import type_check


def _address(array):
    if isinstance(array, numpy.ndarray):
        return array.__array_interface__['data'][0]
    return array.data.ptr


# Signed integer dtype of each item size (v7's table).
index_dtype = {1: numpy.int8, 2: numpy.int16, 4: numpy.int32, 8: numpy.int64}


def _byte2step(iterable, itemsize):
    """Byte strides to element strides."""
    assert all(s % itemsize == 0 for s in iterable)
    return tuple(s // itemsize for s in iterable)


def _step2byte(iterable, itemsize):
    """Element strides to byte strides."""
    return tuple(s * itemsize for s in iterable)


def _get_base_array(array):
    """The array whose buffer ``array`` (a view, maybe of views) looks into."""
    root = array
    while True:
        parent = root.base
        if parent is not None and not isinstance(parent, type(array)):
            # e.g. the holder object left by numpy.lib.stride_tricks.as_strided
            parent = getattr(parent, 'base', None)
        if not isinstance(parent, type(array)):
            return root
        root = parent


def _root_storage(array):
    """Returns ``(flat_storage, offset)``: the buffer ``array`` views, as a 1-D array of its
    dtype, and the element offset of ``array[0, ..., 0]`` inside it.

    When the base buffer cannot be viewed that way the array itself (or a contiguous copy)
    is the storage.
    """
    root = _get_base_array(array)
    if root is not array and root.dtype == array.dtype and root.flags.c_contiguous:
        byte_offset = _address(array) - _address(root)
        if byte_offset % array.itemsize == 0:
            return root.reshape(-1), byte_offset // array.itemsize
    if array.flags.c_contiguous:
        return array.reshape(-1), 0
    return array.copy().reshape(-1), 0


def _min_index(shape, strides, storage_offset):
    """Lowest storage position read by a strided view."""
    return storage_offset + sum(s * (n - 1) for n, s in zip(shape, strides) if s < 0)


def _max_index(shape, strides, storage_offset):
    """Highest storage position read by a strided view."""
    return storage_offset + sum(s * (n - 1) for n, s in zip(shape, strides) if s > 0)


def _extent(offset, shape, strides):
    return _min_index(shape, strides, offset), _max_index(shape, strides, offset)


def _maybe_overlapping_memory(shape, strides):
    """Whether two elements of the strided view may share a storage position (conservative:
    True when it cannot rule that out)."""
    reach = 0
    for stride, size in sorted(zip((abs(s) for s in strides), shape)):
        if stride <= reach:
            return True
        reach += (size - 1) * stride
    return False


def _stride_array(array, shape, strides, storage_offset):
    """View of the flat ``array`` with the given shape, element strides and offset."""
    xp = backend.get_array_module(array)
    return xp.lib.stride_tricks.as_strided(
        array[storage_offset:], shape=shape, strides=_step2byte(strides, array.itemsize))


def _index_add(augend, indices, addend):
    """``augend[indices] += addend`` accumulating repeated indices."""
    scatter_add(augend, indices, addend)


def _positions(xp, offset, shape, strides):
    """Integer array of ``shape`` giving the storage position of every element of a view."""
    pos = xp.full((), offset, dtype=numpy.int64)
    ndim = len(shape)
    for axis, (n, s) in enumerate(zip(shape, strides)):
        step = xp.arange(n, dtype=numpy.int64) * s
        pos = pos + step.reshape((1,) * axis + (n,) + (1,) * (ndim - axis - 1))
    return xp.broadcast_to(pos, shape)


class TensorGeometry(object):
    """Shape, strides and storage offset (in elements) describing how an array views its
    storage."""

    def __init__(self, array):
        self.shape = array.shape
        self.strides = _byte2step(array.strides, array.itemsize)
        self.storage_offset = _root_storage(array)[1]
        self.itemsize = array.itemsize

    @property
    def ndim(self):
        return len(self.shape)


class AsStrided(function_node.FunctionNode):
    """View of the input's storage with the given shape, strides and offset (in elements)."""

    def __init__(self, shape, strides, storage_offset=None):
        self.shape = tuple(shape)
        self.strides = tuple(strides)
        self.storage_offset = storage_offset
        self.input_geometry = None

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))

    def forward(self, inputs):
        x, = inputs
        if len(self.shape) != len(self.strides):
            raise ValueError('shape and strides must have the same length')
        self.input_geometry = TensorGeometry(x)
        storage, own_offset = _root_storage(x)
        if self.storage_offset is None:
            self.storage_offset = own_offset
        xp = backend.get_array_module(x)
        if 0 in self.shape:
            return xp.empty(self.shape, x.dtype),
        low, high = _extent(self.storage_offset, self.shape, self.strides)
        if low < 0 or high >= storage.size:
            raise ValueError(
                'as_strided: the view reads elements {} to {} of a storage of {} '
                'elements'.format(low, high, storage.size))
        return _stride_array(storage, self.shape, self.strides, self.storage_offset),

    def backward(self, indexes, grad_outputs):
        grad = AsStridedGrad(self.input_geometry, self.shape, self.strides,
                             self.storage_offset)
        return grad.apply(grad_outputs)


class AsStridedGrad(function_node.FunctionNode):
    """Gradient of :class:`AsStrided` (not differentiable)."""

    def __init__(self, input_geometry, shape, strides, storage_offset=None):
        self.input_geometry = input_geometry
        self.shape = shape
        self.strides = strides
        self.storage_offset = storage_offset

    def forward(self, inputs):
        gy, = inputs
        if gy.dtype.kind != 'f':
            raise TypeError('Only float is supported for back propagation')
        xp = backend.get_array_module(gy)
        geo = self.input_geometry
        if 0 in geo.shape or 0 in gy.shape:
            return xp.zeros(geo.shape, gy.dtype),
        # work on the part of the storage touched by the input or the output
        in_low, in_high = _extent(geo.storage_offset, geo.shape, geo.strides)
        out_low, out_high = _extent(self.storage_offset, self.shape, self.strides)
        base = min(in_low, out_low)
        size = max(in_high, out_high) - base + 1
        out_pos = _positions(xp, self.storage_offset - base, self.shape, self.strides)
        in_pos = _positions(xp, geo.storage_offset - base, geo.shape, geo.strides)
        # the gradient reaching each storage position, summed over the views of it
        storage = xp.bincount(out_pos.ravel(), weights=gy.ravel(), minlength=size)
        # how many input elements read each position: they share its gradient
        readers = xp.bincount(in_pos.ravel(), minlength=size)
        gx = storage[in_pos] / readers[in_pos]
        return gx.astype(gy.dtype),

    def backward(self, indexes, grad_outputs):
        raise NotImplementedError


def as_strided(x, shape, strides, storage_offset=None):
    """Creates a view of the storage of ``x`` with the given shape, strides and offset.

    The view is taken of the whole buffer behind ``x``: the shape and strides of ``x`` itself
    are ignored. The backward pass follows ``torch.Tensor.as_strided`` and has the same
    restrictions; it is not differentiable twice.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Array whose storage is viewed.
        shape (tuple of int): Shape of the output.
        strides (tuple of int): Strides of the output, in elements.
        storage_offset (int): Position of the first output element in the storage, in
            elements; by default that of ``x``.

    Returns:
        ~chainer.Variable: The strided view.

    .. warning::
        Views that overlap or run outside the data of ``x`` can have surprising effects; see
        :func:`numpy.lib.stride_tricks.as_strided`.

    .. admonition:: Example

        >>> x = np.arange(6, dtype=np.float32)
        >>> y = F.as_strided(x, (4, 3), (1, 1))  # strides in elements: overlapping windows
        >>> y.array
        array([[0., 1., 2.],
               [1., 2., 3.],
               [2., 3., 4.],
               [3., 4., 5.]], dtype=float32)
    """
    return AsStrided(shape, strides, storage_offset).apply((x,))[0]
