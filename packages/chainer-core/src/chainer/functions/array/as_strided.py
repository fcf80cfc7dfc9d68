import numpy

from chainer import backend
from chainer import function_node
from chainer.utils import type_check


def _data_ptr(array):
    if isinstance(array, numpy.ndarray):
        return array.__array_interface__['data'][0]
    return array.data.ptr


def _byte2step(iterable, itemsize):
    for i in iterable:
        assert i % itemsize == 0
    return tuple([i // itemsize for i in iterable])


def _step2byte(iterable, itemsize):
    return tuple([i * itemsize for i in iterable])


def _storage(array):
    """Returns ``(storage, offset)``: the 1-D buffer that ``array`` views.

    ``storage`` is the root base array seen as a flat array of the same
    dtype and ``offset`` the element offset of ``array`` inside it. If the
    base cannot be seen that way, ``array`` itself is used as storage.
    """
    base = array
    while True:
        nxt = base.base
        if nxt is not None and not isinstance(nxt, type(array)):
            # e.g. the interface holder of numpy.lib.stride_tricks.as_strided
            nxt = getattr(nxt, 'base', None)
        if not isinstance(nxt, type(array)):
            break
        base = nxt
    if (base is not array and base.dtype == array.dtype
            and base.flags.c_contiguous):
        offset = _data_ptr(array) - _data_ptr(base)
        if offset % array.itemsize == 0:
            return base.reshape(-1), offset // array.itemsize
    if array.flags.c_contiguous:
        return array.reshape(-1), 0
    # A view with a foreign base: give it its own contiguous storage.
    return array.copy().reshape(-1), 0


def _stride_array(storage, shape, strides, storage_offset):
    """Strided view of the 1-D ``storage`` (strides in elements)."""
    xp = backend.get_array_module(storage)
    itemsize = storage.itemsize
    if any(s == 0 for s in shape):
        return xp.empty(shape, dtype=storage.dtype)
    return xp.lib.stride_tricks.as_strided(
        storage[storage_offset:], shape=shape,
        strides=_step2byte(strides, itemsize))


def _maybe_overlapping_memory(shape, strides):
    """Returns whether an array with such shape and strides might have
    overlapping memory (a sufficient, not necessary, test)."""
    max_ptr_in_contiguous_array = 0
    for stride, size in sorted(zip([abs(s) for s in strides], shape)):
        if size == 1:
            continue
        if stride <= max_ptr_in_contiguous_array:
            return True
        max_ptr_in_contiguous_array += stride * (size - 1)
    return False


def _min_index(storage_offset, shape, strides):
    _min = storage_offset
    for stride, size in zip(strides, shape):
        if stride < 0:
            _min += stride * (size - 1)
    return _min


def _max_index(storage_offset, shape, strides):
    _max = storage_offset
    for stride, size in zip(strides, shape):
        if stride > 0:
            _max += stride * (size - 1)
    return _max


def _index_add(augend, indices, addend):
    xp = backend.get_array_module(augend)
    if xp is numpy:
        numpy.add.at(augend, indices, addend)
    else:
        import cupyx
        cupyx.scatter_add(augend, indices, addend)


class TensorGeometry(object):

    """Shape, strides (in elements) and storage offset of an array."""

    def __init__(self, array):
        self.shape = array.shape
        self.strides = _byte2step(array.strides, array.itemsize)
        self.storage_offset = _storage(array)[1]
        self.itemsize = array.itemsize

    @property
    def ndim(self):
        return len(self.shape)


class AsStrided(function_node.FunctionNode):

    """Transportation of :func:`torch.Tensor.as_strided`.

    While :func:`torch.Tensor.as_strided` does not support nagative strides,
    this implementation does support it.
    """

    def __init__(self, shape, strides, storage_offset=None):
        self.shape = tuple(shape)
        self.strides = tuple(strides)
        self.storage_offset = storage_offset
        self.input_geometry = None

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))

    def forward(self, inputs):
        assert len(inputs) > 0
        x = inputs[0]
        self.input_geometry = TensorGeometry(x)
        storage, offset = _storage(x)
        if self.storage_offset is None:
            self.storage_offset = offset
        if len(self.shape) != len(self.strides):
            raise ValueError('shape and strides must have the same length')
        if 0 not in self.shape:
            lo = _min_index(self.storage_offset, self.shape, self.strides)
            hi = _max_index(self.storage_offset, self.shape, self.strides)
            if lo < 0 or hi >= storage.size:
                raise ValueError(
                    'as_strided: the view runs out of the storage of the '
                    'input (elements {} to {} of {})'.format(
                        lo, hi, storage.size))
        y = _stride_array(storage, self.shape, self.strides,
                          self.storage_offset)
        self.retain_inputs(())
        return y,

    def backward(self, _, grad_outputs):
        return AsStridedGrad(self.input_geometry, self.shape, self.strides,
                             self.storage_offset).apply(grad_outputs)


class AsStridedGrad(function_node.FunctionNode):

    """Backward of :func:`~chainer.functions.as_strided`."""

    def __init__(self, input_geometry, shape, strides, storage_offset=None):
        self.input_geometry = input_geometry
        self.shape = shape
        self.strides = strides
        self.storage_offset = storage_offset

    def forward(self, grads):
        assert len(grads) > 0
        gy = grads[0]

        if gy.dtype.kind != 'f':
            raise TypeError('Only float is supported for back propagation')

        xp = backend.get_array_module(gy)
        input_geometry = self.input_geometry

        if 0 in input_geometry.shape or 0 in gy.shape:
            return xp.zeros(input_geometry.shape, dtype=gy.dtype),

        out_shape = self.shape
        out_strides = self.strides
        out_storage_offset = self.storage_offset

        inp_shape = input_geometry.shape
        inp_strides = input_geometry.strides
        inp_storage_offset = input_geometry.storage_offset

        # the part of the storage that the input and the output address
        common_min_ptr = min(
            _min_index(inp_storage_offset, inp_shape, inp_strides),
            _min_index(out_storage_offset, out_shape, out_strides))
        common_max_ptr = max(
            _max_index(inp_storage_offset, inp_shape, inp_strides),
            _max_index(out_storage_offset, out_shape, out_strides))
        base_size = (common_max_ptr - common_min_ptr) + 1

        storage = xp.zeros(base_size, dtype=gy.dtype)
        flatten_full_indices = xp.arange(base_size, dtype=numpy.intp)

        # accumulate the output gradient onto the storage
        out_indices = _stride_array(
            flatten_full_indices, out_shape, out_strides,
            out_storage_offset - common_min_ptr)
        if _maybe_overlapping_memory(out_shape, out_strides):
            _index_add(storage, out_indices, gy)
        else:
            storage[out_indices] = gy

        # an element of the storage read by several input elements gives
        # each of them an equal share
        inp_indices = _stride_array(
            flatten_full_indices, inp_shape, inp_strides,
            inp_storage_offset - common_min_ptr)
        if _maybe_overlapping_memory(inp_shape, inp_strides):
            count = xp.zeros_like(storage)
            _index_add(count, inp_indices, xp.ones((), dtype=gy.dtype))
            with numpy.errstate(divide='ignore', invalid='ignore'):
                storage /= count

        return storage[inp_indices],

    def backward(self, target_input_indexes, grad_outputs):
        raise NotImplementedError


def as_strided(x, shape, strides, storage_offset=None):
    """Create a new view of array with the given shape, strides, and offset.

    Args:
        x (tuple of :class:`~chainer.Variable` or :class:`numpy.ndarray` or \
        :class:`cupy.ndarray`):
            The array pointing a memory buffer. Its view is totally ignored.
        shape (tuple of int):
            The shape of output.
        strides (tuple of int):
            The strides of output, given in the unit of steps.
        storage_offset (int):
            The offset between the head of allocated memory and the pointer of
            first element, given in the unit of steps.

    Returns:
        ~chainer.Variable: The strided variable.

    .. warning::
        Users should be aware that this function potentially causes unintended
        side effects. See `numpy.lib.stride_tricks.as_strided`_ for the
        detail.

    .. note::
        The backward algorithm is borrowed from `torch.Tensor.as_strided`.
        Therefore, it has the same restrictions as that.
        The gradient is not differentiable (no double backprop).

    .. _numpy.lib.stride_tricks.as_strided:
        https://docs.scipy.org/doc/numpy/reference/generated/numpy.lib.stride_tricks.as_strided.html

    """
    return AsStrided(shape, strides, storage_offset).apply((x,))[0]
