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
    """Casts a scalar or array ``value`` to ``dtype`` (arrays are cast only when needed)."""
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
    """
    ignore_errors = kwargs.pop('ignore_errors', False)
    path = tempfile.mkdtemp(**kwargs)
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=ignore_errors)


# Modules added by other parts of chainer-core are imported below.
from chainer.utils._collections import collections_abc  # noqa: E402,F401
from chainer.utils.sparse import CooMatrix, get_order, to_coo  # noqa: E402,F401
from chainer.utils.conv import get_conv_outsize  # noqa: E402,F401
from chainer.utils.conv import get_deconv_outsize  # noqa: E402,F401
from chainer.utils.experimental import experimental  # noqa: E402,F401
from chainer.utils.walker_alias import WalkerAlias  # noqa: E402,F401
