"""Attaches the routine-backed methods and operators to :class:`chainerx.ndarray`."""
import numpy

from chainerx import _array
from chainerx._routines import _basic
from chainerx._routines import _core
from chainerx._routines import arithmetic
from chainerx._routines import indexing
from chainerx._routines import linalg
from chainerx._routines import logic
from chainerx._routines import manipulation
from chainerx._routines import math
from chainerx._routines import reduction

ndarray = _array.ndarray


def _operand_ok(other):
    return isinstance(other, ndarray) or _core.is_scalar(other)


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
    method.__doc__ = 'Computes {} elementwise.'.format(
        ('y {} x' if reflected else 'x {} y').format(routine.__name__))
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
            raise _dtypes_error(result._data.dtype, data.dtype)
        if result._data.shape != data.shape:
            from chainerx import _errors
            raise _errors.DimensionError(
                'in-place operation cannot broadcast the output shape {} to {}'.format(
                    result._data.shape, data.shape))
        data[...] = result._data
        return self
    method.__doc__ = 'Computes {} in place.'.format(routine.__name__)
    return method


def _dtypes_error(src, dst):
    from chainerx import _errors
    return _errors.DtypeError('In-place operation cannot cast {} to {}'.format(src, dst))


def _method(routine, doc):
    def method(self, *args, **kwargs):
        return routine(self, *args, **kwargs)
    method.__name__ = routine.__name__
    method.__doc__ = doc
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
    from chainerx.math import misc
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


def _comparison(routine):
    def method(self, other):
        if not _operand_ok(other):
            return NotImplemented
        return routine(self, other)
    method.__doc__ = 'Computes elementwise {}.'.format(routine.__name__)
    return method


def populate():
    """Defines the methods of :class:`chainerx.ndarray` that call routines."""
    cls = ndarray
    cls.__getitem__ = _getitem
    cls.__setitem__ = _setitem
    cls.__neg__ = _neg
    cls.__pos__ = _pos
    cls.__abs__ = _abs
    cls.__invert__ = _invert
    cls.__eq__ = _comparison(logic.equal)
    cls.__ne__ = _comparison(logic.not_equal)
    cls.__lt__ = _comparison(logic.less)
    cls.__le__ = _comparison(logic.less_equal)
    cls.__gt__ = _comparison(logic.greater)
    cls.__ge__ = _comparison(logic.greater_equal)
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
    cls.view = _method(_basic.view, 'Returns a view of the array (sharing its buffer, a '
                                    'different Python object, connected to the graph).')
    cls.copy = _method(_basic.copy, 'Creates an array and copies all the elements to it (on '
                                    'the same device).')
    cls.fill = _method(_basic.fill, 'Fills the array with a scalar value in place.')
    cls.ravel = _method(manipulation.ravel, 'Returns an array flattened into one dimension.')
    cls.flatten = _method(manipulation.flatten, 'Returns a flattened copy of the array.')
    cls.squeeze = _method(manipulation.squeeze, 'Removes size-one axes from an array.')
    cls.swapaxes = _method(manipulation.swapaxes, 'Interchanges two axes of an array.')
    cls.repeat = _method(manipulation.repeat, 'Repeats the elements of the array.')
    cls.dot = _method(linalg.dot, 'Returns the dot product with a given array.')
    cls.sum = _method(reduction.sum, 'Returns the sum of an array along given axes.')
    cls.max = _method(reduction.amax, 'Returns the maximum along given axes.')
    cls.min = _method(reduction.amin, 'Returns the minimum along given axes.')
    cls.mean = _method(reduction.mean, 'Returns the mean along given axes.')
    cls.var = _method(reduction.var, 'Returns the variance along given axes.')
    cls.argmax = _method(reduction.argmax, 'Returns the indices of the maximum elements.')
    cls.argmin = _method(reduction.argmin, 'Returns the indices of the minimum elements.')
    cls.all = _method(reduction.all, 'Returns whether all elements are true.')
    cls.any = _method(reduction.any, 'Returns whether any element is true.')


def _fast_operator(routine):
    def method(self, other):
        if type(other) is ndarray:
            return routine(self, other)
        if not _operand_ok(other):
            return NotImplemented
        return routine(self, other)
    method.__doc__ = 'Computes {} elementwise.'.format(routine.__name__)
    return method
