"""Small utilities shared across Chainer (``chainer.utils``)."""
import contextlib
import shutil
import tempfile

import numpy

from chainer.utils.array import size_of_shape  # noqa: F401
from chainer.utils.array import sum_to  # noqa: F401


def force_array(x, dtype=None):
    """Returns ``x`` as an ndarray (0-dim results of NumPy reductions become arrays).

    Args:
        x: A NumPy/CuPy array or a NumPy scalar.
        dtype: If given, the result is cast to this dtype.

    .. admonition:: Example

        >>> chainer.utils.force_array(np.float32(1.5))  # a NumPy scalar becomes a 0-dim array
        array(1.5, dtype=float32)
        >>> chainer.utils.force_array(np.float64(2), dtype=np.float32)
        array(2., dtype=float32)
    """
    if type(x) is numpy.ndarray:  # the common case, without the generic tests below
        if dtype is None or x.dtype == dtype:
            return x
        return x.astype(dtype, copy=False)
    if numpy.isscalar(x):
        if dtype is None:
            return numpy.array(x)
        return numpy.array(x, dtype)
    if dtype is None:
        return x
    return x.astype(dtype, copy=False)


def force_type(dtype, value):
    """Casts a scalar or array ``value`` to ``dtype`` (arrays are cast only when needed).

    .. admonition:: Example

        >>> chainer.utils.force_type(np.dtype(np.float32), np.array([1, 2], np.float64))
        array([1., 2.], dtype=float32)
        >>> y = chainer.utils.force_type(np.dtype(np.float32), 3)  # a scalar of the dtype
        >>> print(y, type(y).__name__)
        3.0 float32
    """
    if numpy.isscalar(value):
        return dtype.type(value)
    if value.dtype != dtype:
        return value.astype(dtype, copy=False)
    return value


@contextlib.contextmanager
def tempdir(**kwargs):
    """Context manager creating a temporary directory and removing it (with its contents).

    The keyword arguments are passed to :func:`tempfile.mkdtemp`, except ``ignore_errors``,
    passed to :func:`shutil.rmtree`. The block receives the path of the directory.

    .. admonition:: Example

        >>> import os
        >>> with chainer.utils.tempdir() as path:
        ...     os.path.isdir(path)
        True
        >>> os.path.exists(path)  # removed with its contents on exit
        False
    """
    ignore_errors = kwargs.pop('ignore_errors', False)
    path = tempfile.mkdtemp(**kwargs)
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=ignore_errors)


# Modules added by other parts of chainer-core are imported below.
from chainer.utils.sparse import CooMatrix, get_order, to_coo  # noqa: E402,F401
from chainer.utils.conv import get_conv_outsize  # noqa: E402,F401
from chainer.utils.conv import get_deconv_outsize  # noqa: E402,F401
from chainer.utils.experimental import experimental  # noqa: E402,F401
from chainer.utils.walker_alias import WalkerAlias  # noqa: E402,F401
