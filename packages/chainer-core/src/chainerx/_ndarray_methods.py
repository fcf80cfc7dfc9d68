"""Attaches the routine-backed methods and operators to :class:`chainerx.ndarray`."""
import numpy

from chainerx import _array
from chainerx import _errors
from chainerx._routines import _basic
from chainerx._routines import _core
from chainerx._routines import arithmetic
from chainerx._routines import indexing
from chainerx._routines import linalg
from chainerx._routines import logic
from chainerx._routines import manipulation
from chainerx._routines import math
from chainerx._routines import reduction
from chainerx.math import misc

ndarray = _array.ndarray


def _operand_ok(other):
    return isinstance(other, ndarray) or _core.is_scalar(other)


# The operator of each routine, for the docstrings ("Computes x + y elementwise.").
_SYMBOLS = {
    'add': '+', 'subtract': '-', 'multiply': '*', 'divide': '/', 'floor_divide': '//',
    'remainder': '%', 'power': '**', 'bitwise_and': '&', 'bitwise_or': '|',
    'bitwise_xor': '^', 'left_shift': '<<', 'right_shift': '>>', 'matmul': '@',
    'equal': '==', 'not_equal': '!=', 'less': '<', 'less_equal': '<=', 'greater': '>',
    'greater_equal': '>=',
}


def _binary_operator(routine, reflected=False):
    if reflected:
        def method(self, other):
            if not _operand_ok(other):
                return NotImplemented
            return routine(other, self)
    else:
        def method(self, other):
            if not _operand_ok(other):
                return NotImplemented
            return routine(self, other)
    expression = ('y {} x' if reflected else 'x {} y').format(_SYMBOLS[routine.__name__])
    method.__doc__ = ('Computes the matrix product {}.' if routine.__name__ == 'matmul'
                      else 'Computes {} elementwise.').format(expression)
    return method


def _inplace_operator(routine):
    def method(self, other):
        if not _operand_ok(other):
            return NotImplemented
        _core.check_no_unsafe_inplace(self, routine.__name__)
        result = routine(self, other)
        data = self._data
        if result._data.dtype != data.dtype and not numpy.can_cast(
                result._data.dtype, data.dtype, 'same_kind'):
            raise _errors.DtypeError('In-place operation cannot cast {} to {}'.format(
                result._data.dtype, data.dtype))
        if result._data.shape != data.shape:
            raise _errors.DimensionError(
                'in-place operation cannot broadcast the output shape {} to {}'.format(
                    result._data.shape, data.shape))
        data[...] = result._data
        return self
    method.__doc__ = 'Computes x {}= y in place.'.format(_SYMBOLS[routine.__name__])
    return method


def _reshape(self, *shape):
    """Creates an array with a new shape and the same data.

    See :func:`chainerx.reshape` for the full documentation.
    """
    return manipulation.reshape(self, *shape)


def _transpose(self, *axes):
    """Creates a view of an array with permutated axes.

    See :func:`chainerx.transpose` for the full documentation.
    """
    if not axes:
        axes = None
    elif len(axes) == 1 and (axes[0] is None or isinstance(axes[0], (list, tuple))):
        axes = axes[0]
    return manipulation.transpose(self, axes)


def _astype(self, dtype, copy=True):
    """Casts each element to the specified data type.

    Args:
        dtype: Data type of the new array.
        copy (bool): If ``True``, this method always copies the data. Otherwise, it returns
            the array itself when no cast is needed.
    """
    return _basic.astype(self, dtype, copy)


def _to_device(self, device, index=None):
    """Transfers the array to the specified device.

    Args:
        device (~chainerx.Device or str): Device to which the array is transferred, or a
            backend name (then ``index`` is the device index).
        index (int): Index of the device for the backend specified by ``device``.

    Returns:
        ~chainerx.ndarray: A view of the array if it is already on the target device,
        otherwise a copy on the target device.
    """
    return _basic.to_device(self, device, index)


def _clip(self, a_min, a_max):
    """Returns an array with values limited to [``a_min``, ``a_max``].

    See :func:`chainerx.clip` for the full documentation.
    """
    return misc.clip(self, a_min, a_max)


def _take(self, indices, axis=None):
    """Takes elements from the array along an axis.

    See :func:`chainerx.take` for the full documentation.
    """
    return indexing.take(self, indices, axis)


def _getitem(self, key):
    """Returns self[key] (basic indexing only; see :mod:`chainerx` for the details)."""
    return indexing.get_item(self, key)


def _setitem(self, key, value):
    """Assigns ``value`` to ``self[key]`` (basic indexing)."""
    indexing.set_item(self, key, value)


def _neg(self):
    """Computes -x elementwise."""
    return arithmetic.negative(self)


def _pos(self):
    return self


def _abs(self):
    return math.absolute(self)


def _invert(self):
    return logic.invert(self)


def _view(self):
    """Returns a view of the array.

    The returned array shares the underlying buffer, though it has a different identity as a
    Python object (and is connected to the graph).
    """
    return _basic.view(self)


def _copy(self):
    """Creates an array and copies all the elements to it.

    The copied array is allocated on the same device as ``self``. See :func:`chainerx.copy`.
    """
    return _basic.copy(self)


def _fill(self, value):
    """Fills the array with a scalar value in place.

    Args:
        value: Scalar value with which the array will be filled.
    """
    _basic.fill(self, value)


def _ravel(self):
    """Returns an array flattened into one dimension.

    See :func:`chainerx.ravel` for the full documentation.
    """
    return manipulation.ravel(self)


def _flatten(self):
    """Returns a copy of the array flattened into one dimension."""
    return manipulation.flatten(self)


def _squeeze(self, axis=None):
    """Removes size-one axes from an array.

    See :func:`chainerx.squeeze` for the full documentation.
    """
    return manipulation.squeeze(self, axis)


def _swapaxes(self, axis1, axis2):
    """Interchanges two axes of an array.

    See :func:`chainerx.swapaxes` for the full documentation.
    """
    return manipulation.swapaxes(self, axis1, axis2)


def _repeat(self, repeats, axis=None):
    """Repeats the elements of the array.

    See :func:`chainerx.repeat` for the full documentation.
    """
    return manipulation.repeat(self, repeats, axis)


def _dot(self, b):
    """Returns the dot product with a given array.

    See :func:`chainerx.dot` for the full documentation.
    """
    return linalg.dot(self, b)


def _sum(self, axis=None, keepdims=False):
    """Returns the sum of an array along given axes.

    See :func:`chainerx.sum` for the full documentation.
    """
    return reduction.sum(self, axis, keepdims)


def _max(self, axis=None, keepdims=False):
    """Returns the maximum along a given axis.

    See :func:`chainerx.amax` for the full documentation.
    """
    return reduction.amax(self, axis, keepdims)


def _min(self, axis=None, keepdims=False):
    """Returns the minimum along a given axis.

    See :func:`chainerx.amin` for the full documentation.
    """
    return reduction.amin(self, axis, keepdims)


def _mean(self, axis=None, keepdims=False):
    """Returns the mean along given axes (see :func:`chainerx.mean`)."""
    return reduction.mean(self, axis, keepdims)


def _var(self, axis=None, keepdims=False):
    """Returns the variance along given axes (see :func:`chainerx.var`)."""
    return reduction.var(self, axis, keepdims)


def _argmax(self, axis=None):
    """Returns the indices of the maximum elements along a given axis.

    See :func:`chainerx.argmax` for the full documentation.
    """
    return reduction.argmax(self, axis)


def _argmin(self, axis=None):
    """Returns the indices of the minimum elements along a given axis.

    See :func:`chainerx.argmin` for the full documentation.
    """
    return reduction.argmin(self, axis)


def _all(self, axis=None, keepdims=False):
    """Returns whether all elements are true along given axes."""
    return reduction.all(self, axis, keepdims)


def _any(self, axis=None, keepdims=False):
    """Returns whether any element is true along given axes."""
    return reduction.any(self, axis, keepdims)


def populate():
    """Defines the methods of :class:`chainerx.ndarray` that call routines."""
    cls = ndarray
    cls.__getitem__ = _getitem
    cls.__setitem__ = _setitem
    cls.__neg__ = _neg
    cls.__pos__ = _pos
    cls.__abs__ = _abs
    cls.__invert__ = _invert
    cls.__eq__ = _binary_operator(logic.equal)
    cls.__ne__ = _binary_operator(logic.not_equal)
    cls.__lt__ = _binary_operator(logic.less)
    cls.__le__ = _binary_operator(logic.less_equal)
    cls.__gt__ = _binary_operator(logic.greater)
    cls.__ge__ = _binary_operator(logic.greater_equal)
    for name, routine in (('add', arithmetic.add), ('sub', arithmetic.subtract),
                          ('mul', arithmetic.multiply), ('truediv', arithmetic.divide),
                          ('floordiv', arithmetic.floor_divide), ('mod', arithmetic.remainder),
                          ('pow', arithmetic.power), ('and', arithmetic.bitwise_and),
                          ('or', arithmetic.bitwise_or), ('xor', arithmetic.bitwise_xor),
                          ('lshift', arithmetic.left_shift),
                          ('rshift', arithmetic.right_shift),
                          ('matmul', linalg.matmul)):
        setattr(cls, '__%s__' % name, _binary_operator(routine))
        setattr(cls, '__r%s__' % name, _binary_operator(routine, reflected=True))
        setattr(cls, '__i%s__' % name, _inplace_operator(routine))
    # The two hottest operators skip the wrapper: the routines take (x1, x2) like methods.
    cls.__add__ = _fast_operator(arithmetic.add)
    cls.__mul__ = _fast_operator(arithmetic.multiply)
    cls.reshape = _reshape
    cls.transpose = _transpose
    cls.astype = _astype
    cls.to_device = _to_device
    cls.clip = _clip
    cls.take = _take
    cls.view = _view
    cls.copy = _copy
    cls.fill = _fill
    cls.ravel = _ravel
    cls.flatten = _flatten
    cls.squeeze = _squeeze
    cls.swapaxes = _swapaxes
    cls.repeat = _repeat
    cls.dot = _dot
    cls.sum = _sum
    cls.max = _max
    cls.min = _min
    cls.mean = _mean
    cls.var = _var
    cls.argmax = _argmax
    cls.argmin = _argmin
    cls.all = _all
    cls.any = _any


def _fast_operator(routine):
    def method(self, other):
        if type(other) is ndarray:
            return routine(self, other)
        if not _operand_ok(other):
            return NotImplemented
        return routine(self, other)
    method.__doc__ = 'Computes x {} y elementwise.'.format(_SYMBOLS[routine.__name__])
    return method
