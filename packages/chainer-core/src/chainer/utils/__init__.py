"""Small utilities shared across Chainer (``chainer.utils``)."""
import numpy

from chainer.utils.array import sum_to  # noqa: F401


def force_array(x, dtype=None):
    """Returns ``x`` as an ndarray (0-dim results of NumPy reductions become arrays).

    Args:
        x: A NumPy/CuPy array or a NumPy scalar.
        dtype: If given, the result is cast to this dtype.
    """
    if type(x) is numpy.ndarray and dtype is None:
        return x
    if numpy.isscalar(x):
        if dtype is None:
            return numpy.array(x)
        return numpy.array(x, dtype)
    if dtype is None:
        return x
    return x.astype(dtype, copy=False)


def force_type(dtype, value):
    """Casts a scalar or array ``value`` to ``dtype`` (arrays are cast only when needed)."""
    if numpy.isscalar(value):
        return dtype.type(value)
    if value.dtype != dtype:
        return value.astype(dtype, copy=False)
    return value


def size_of_shape(shape):
    """Returns the number of elements of an array of the given shape."""
    size = 1
    for s in shape:
        size *= s
    return int(size)


# Modules added by other parts of chainer-core are imported below.
from chainer.utils.sparse import CooMatrix, get_order, to_coo  # noqa: E402,F401
from chainer.utils.conv import get_conv_outsize  # noqa: E402,F401
from chainer.utils.conv import get_deconv_outsize  # noqa: E402,F401
from chainer.utils.experimental import experimental  # noqa: E402,F401
from chainer.utils.walker_alias import WalkerAlias  # noqa: E402,F401
