"""Small utilities shared across Chainer (``chainer.utils``)."""
import contextlib
import shutil
import tempfile

import numpy

from chainer.utils.array import size_of_shape  # noqa: F401
from chainer.utils.array import sum_to  # noqa: F401
from chainer.utils import cache, conv_nd_kernel, imgproc  # noqa: F401  (attributes, as v7)


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
        try:
            return dtype.type(value)
        except OverflowError:  # an out-of-range Python int wraps around (as on NumPy 1)
            return numpy.array(value).astype(dtype)[()]
    if value.dtype != dtype:
        return value.astype(dtype, copy=False)
    return value


def _raise_from(exc_type, message, orig_exc):
    """Raises ``exc_type`` with ``message`` and the description of ``orig_exc`` appended.

    The traceback is the one of ``orig_exc``.
    """
    message = '{}\n\n(caused by)\n{}: {}\n'.format(message, type(orig_exc).__name__, orig_exc)
    raise exc_type(message).with_traceback(orig_exc.__traceback__) from None


def _repr_with_named_data(inst, **kwargs):
    """``repr`` text of ``inst`` showing the given named values: ``<module.Class a=1 b=2>``."""
    return '<{}.{} {}>'.format(
        inst.__module__, type(inst).__name__,
        ' '.join('{}={}'.format(key, value) for key, value in kwargs.items()))


def _check_arrays_forward_compatible(arrays, label=None):
    """Raises ``TypeError`` unless the (non-None) ``arrays`` are arrays of one array type.

    Args:
        arrays (list or tuple): The inputs of a function.
        label (str): Name of the function, shown in the message.
    """
    from chainer import variable
    present = [a for a in arrays if a is not None]
    types = [type(a) for a in present]
    if not types:
        return
    if not (all(variable._is_array(a) for a in present) and len(set(types)) == 1):
        raise TypeError(
            'incompatible array types are mixed in the forward input{}.\n'
            'Actual: {}'.format(' ({})'.format(label) if label is not None else '',
                                ', '.join(str(t) for t in types)))


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
from chainer.utils._collections import collections_abc  # noqa: E402,F401
from chainer.utils.sparse import CooMatrix, get_order, to_coo  # noqa: E402,F401
from chainer.utils.conv import get_conv_outsize  # noqa: E402,F401
from chainer.utils.conv import get_deconv_outsize  # noqa: E402,F401
from chainer.utils.experimental import experimental  # noqa: E402,F401
from chainer.utils.walker_alias import WalkerAlias  # noqa: E402,F401
from chainer.utils.error import _format_array_props  # noqa: E402,F401
from chainer.utils.meta import enable_final, final  # noqa: E402,F401
# (the function, as v7 exposes it, in place of its module)
from chainer.utils.nondeterministic import nondeterministic  # noqa: E402,F401
