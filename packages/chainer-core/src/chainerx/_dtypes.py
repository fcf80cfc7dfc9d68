"""The dtypes of ChainerX and their promotion rules.

ChainerX supports ``bool_``, ``int8``, ``int16``, ``int32``, ``int64``, ``uint8``, ``float16``,
``float32`` and ``float64``; dtypes are :class:`numpy.dtype` objects. Promotion between two arrays
follows the kind first (bool < integer < float: the dtype of the higher kind wins), then NumPy's
rules within a kind (``int8`` with ``uint8`` gives ``int16``). A Python scalar never widens an
array of its kind or a higher one; an array of a lower kind takes the default dtype of the
scalar's kind (``int64``, ``float32``).
"""
import numpy

from chainerx import _errors

bool_ = numpy.dtype(numpy.bool_)
int8 = numpy.dtype(numpy.int8)
int16 = numpy.dtype(numpy.int16)
int32 = numpy.dtype(numpy.int32)
int64 = numpy.dtype(numpy.int64)
uint8 = numpy.dtype(numpy.uint8)
float16 = numpy.dtype(numpy.float16)
float32 = numpy.dtype(numpy.float32)
float64 = numpy.dtype(numpy.float64)

all_dtypes = (bool_, int8, int16, int32, int64, uint8, float16, float32, float64)
_SUPPORTED = frozenset(all_dtypes)

# kind order: bool < integer < float
_KIND_RANK = {'b': 0, 'u': 1, 'i': 1, 'f': 2}
_DEFAULT_OF_RANK = (bool_, int64, float32)

_dtype_cache = {}


def normalize(dtype):
    """Returns the supported :class:`numpy.dtype` for a dtype specifier.

    Accepts dtype objects, NumPy scalar types, Python ``bool``/``int``/``float`` and names
    (``'float32'``, ``'f'``). Raises :class:`chainerx.DtypeError` for unsupported dtypes.
    """
    try:
        return _dtype_cache[dtype]
    except (KeyError, TypeError):
        pass
    try:
        result = numpy.dtype(dtype)
    except TypeError as e:
        raise _errors.DtypeError('invalid dtype specifier: {!r}'.format(dtype)) from e
    if result not in _SUPPORTED:
        raise _errors.DtypeError('unsupported dtype: {}'.format(result))
    try:
        _dtype_cache[dtype] = result
    except TypeError:
        pass
    return result


def check_supported(dtype):
    """Raises :class:`chainerx.DtypeError` if ``dtype`` (a numpy dtype) is not supported."""
    if dtype not in _SUPPORTED:
        raise _errors.DtypeError('unsupported dtype: {}'.format(dtype))


def promote(d1, d2):
    """The result dtype of an operation on arrays of dtypes ``d1`` and ``d2``."""
    if d1 is d2:
        return d1
    r1 = _KIND_RANK[d1.kind]
    r2 = _KIND_RANK[d2.kind]
    if r1 != r2:
        return d1 if r1 > r2 else d2
    return numpy.promote_types(d1, d2)


def scalar_rank(value):
    """The kind rank of a Python/NumPy scalar (0 bool, 1 integer, 2 float)."""
    if isinstance(value, (bool, numpy.bool_)):
        return 0
    if isinstance(value, (int, numpy.integer)):
        return 1
    if isinstance(value, (float, numpy.floating)):
        return 2
    raise TypeError('unsupported scalar type: {}'.format(type(value)))


def promote_scalar(dtype, value):
    """The result dtype of an operation on an array of ``dtype`` and the scalar ``value``."""
    rank = scalar_rank(value)
    if _KIND_RANK[dtype.kind] >= rank:
        return dtype
    return _DEFAULT_OF_RANK[rank]


def cast_scalar(dtype, value):
    """``value`` as a scalar of ``dtype``; an integer out of its range wraps around as v7's
    C++ cast does (NumPy 2 would raise OverflowError)."""
    try:
        return dtype.type(value)
    except OverflowError:
        return numpy.array(value).astype(dtype)[()]


def default_dtype_of_scalar(value):
    """The default dtype of a scalar's kind (``bool_``, ``int64`` or ``float32``)."""
    return _DEFAULT_OF_RANK[scalar_rank(value)]


def result_type(*args):
    """The result dtype of arrays (or dtypes) and scalars, following ChainerX's rules.

    Arrays and dtypes are promoted together first; scalars then only raise the kind.
    """
    dtype = None
    scalars = []
    for a in args:
        d = getattr(a, 'dtype', None)
        if d is None and isinstance(a, numpy.dtype):
            d = a
        if d is None or isinstance(a, numpy.generic):
            if isinstance(a, (bool, int, float, numpy.generic)):
                scalars.append(a)
                continue
            d = normalize(a)
        dtype = d if dtype is None else promote(dtype, d)
    if dtype is None:
        if not scalars:
            raise ValueError('at least one array or dtype is required')
        dtype = default_dtype_of_scalar(scalars[0])
        scalars = scalars[1:]
    for s in scalars:
        dtype = promote_scalar(dtype, s)
    return dtype
