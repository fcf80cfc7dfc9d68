"""Initializers (``chainer.initializers``): callables that fill parameter arrays in place."""
import numpy

import chainer
from chainer import backend
from chainer.initializer import _get_array_types
from chainer.initializers.constant import Constant  # NOQA
from chainer.initializers.constant import Identity  # NOQA
from chainer.initializers.constant import NaN  # NOQA
from chainer.initializers.constant import One  # NOQA
from chainer.initializers.constant import Zero  # NOQA
from chainer.initializers.normal import GlorotNormal  # NOQA
from chainer.initializers.normal import HeNormal  # NOQA
from chainer.initializers.normal import LeCunNormal  # NOQA
from chainer.initializers.normal import Normal  # NOQA
from chainer.initializers.orthogonal import Orthogonal  # NOQA
from chainer.initializers.sampling import DownsamplingConvFilter  # NOQA
from chainer.initializers.sampling import UpsamplingDeconvFilter  # NOQA
from chainer.initializers.uniform import GlorotUniform  # NOQA
from chainer.initializers.uniform import HeUniform  # NOQA
from chainer.initializers.uniform import LeCunUniform  # NOQA
from chainer.initializers.uniform import Uniform  # NOQA


def generate_array(initializer, shape, xp, dtype=None, device=None):
    """Return initialized array.

    The algorithms used to make the new values depend on the concrete derived classes.  If the
    initializer has the ``dtype`` attribute, it is used to construct the array; otherwise
    ``dtype`` (default: ``chainer.config.dtype``) is used.

    Args:
        initializer: A callable object that takes :ref:`ndarray` and edits its value.
        shape (int or tuple of int): Shape of the initialized array.
        xp (module): :mod:`cupy`, :mod:`numpy`, or :mod:`chainerx`.
        dtype: Dtype specifier.  If omitted, ``initializer.dtype`` is used.
        device: Target device specifier.  If omitted, the current device of ``xp`` is used.

    Returns:
        :ref:`ndarray`: An initialized array.
    """
    dtype_attr = getattr(initializer, 'dtype', None)
    if dtype is not None and dtype_attr is not None \
            and numpy.dtype(dtype) != numpy.dtype(dtype_attr):
        raise ValueError(
            'dtype mismatch: {} != {}'.format(dtype, dtype_attr))
    if dtype is None:
        dtype = dtype_attr
    dtype = chainer.get_dtype(dtype)

    if device is None:
        if xp is numpy:
            array = numpy.empty(shape, dtype=dtype)
            initializer(array)
            return array
        backend_device = backend._guess_device_from_array_module(xp)
    else:
        backend_device = chainer.get_device(device)
        if xp is not backend_device.xp:
            raise ValueError('xp and device arguments are inconsistent.')

    if backend_device.xp.__name__ == 'chainerx':
        # Fill a buffer on the fallback (NumPy/CuPy) device and move it.
        fallback_device = backend_device.fallback_device
        with chainer.using_device(fallback_device):
            array = fallback_device.xp.empty(shape, dtype=dtype)
            initializer(array)
        return backend_device.send(array)

    with chainer.using_device(backend_device):
        array = backend_device.xp.empty(shape, dtype=dtype)
        initializer(array)
    return array


def _get_initializer(initializer):
    # None -> LeCunNormal(), scalar or array -> Constant, callable -> as is.
    if initializer is None:
        return LeCunNormal()
    if (isinstance(initializer, _get_array_types())
            or numpy.isscalar(initializer)):
        return Constant(initializer)
    if not callable(initializer):
        raise TypeError('invalid type of initializer: %s' % type(initializer))
    return initializer


def _check_is_initializer_like(initializer):
    # Raises TypeError unless ``initializer`` can be given as an initializer argument.
    if not (initializer is None
            or isinstance(initializer, chainer.initializer.Initializer)
            or callable(initializer)
            or isinstance(initializer, _get_array_types())
            or numpy.isscalar(initializer)):
        raise TypeError(
            'Initializer is of wrong type: {}. Allowed types are Initializer, '
            'ndarray and scalar.'.format(type(initializer)))
