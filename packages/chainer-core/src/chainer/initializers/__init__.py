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


def _resolve_dtype(initializer, dtype):
    # An explicit dtype must agree with the initializer's own; the default is the config's.
    own = getattr(initializer, 'dtype', None)
    if dtype is None:
        dtype = own
    elif own is not None and numpy.dtype(dtype) != numpy.dtype(own):
        raise ValueError('dtype mismatch: {} != {}'.format(dtype, own))
    return chainer.get_dtype(dtype)


def generate_array(initializer, shape, xp, dtype=None, device=None):
    """Allocates an array and fills it with ``initializer``.

    Args:
        initializer: Callable that fills an :ref:`ndarray` in place.
        shape (int or tuple of int): Shape of the new array.
        xp (module): :mod:`numpy`, :mod:`cupy` or :mod:`chainerx`.
        dtype: Data type; ``initializer.dtype`` (when set) or ``chainer.config.dtype`` by
            default.  It must agree with ``initializer.dtype`` when both are given.
        device: Device specifier of the new array; the current device of ``xp`` by default.
            It must belong to ``xp``.

    Returns:
        :ref:`ndarray`: The filled array.

    .. admonition:: Example

        >>> w = chainer.initializers.generate_array(chainer.initializers.Constant(0.5), (2, 3), np)
        >>> w
        array([[0.5, 0.5, 0.5],
               [0.5, 0.5, 0.5]], dtype=float32)
        >>> chainer.initializers.generate_array(chainer.initializers.One(), (2,), np, np.float16)
        array([1., 1.], dtype=float16)
    """
    dtype = _resolve_dtype(initializer, dtype)
    if device is None:
        if xp is numpy:
            out = numpy.empty(shape, dtype=dtype)
            initializer(out)
            return out
        target = backend._guess_device_from_array_module(xp)
    else:
        target = chainer.get_device(device)
        if target.xp is not xp:
            raise ValueError('xp and device arguments are inconsistent.')

    # ChainerX arrays are filled on their fallback (NumPy/CuPy) device, then converted.
    fill_on = target.fallback_device if target.xp.__name__ == 'chainerx' else target
    with chainer.using_device(fill_on):
        out = fill_on.xp.empty(shape, dtype=dtype)
        initializer(out)
    return out if fill_on is target else target.send(out)


def _is_constant_like(value):
    return numpy.isscalar(value) or isinstance(value, _get_array_types())


def _get_initializer(initializer):
    """Turns an initializer argument into a callable initializer.

    ``None`` gives :class:`LeCunNormal`, a scalar or an array gives :class:`Constant`, and a
    callable is returned as is; anything else raises :class:`TypeError`.
    """
    if initializer is None:
        return LeCunNormal()
    if _is_constant_like(initializer):
        return Constant(initializer)
    if callable(initializer):
        return initializer
    raise TypeError('invalid type of initializer: %s' % type(initializer))


def _check_is_initializer_like(initializer):
    """Raises :class:`TypeError` unless ``initializer`` is a valid initializer argument."""
    if initializer is None or callable(initializer) or _is_constant_like(initializer):
        return
    raise TypeError(
        'Initializer is of wrong type: {}. Allowed types are Initializer, ndarray and '
        'scalar.'.format(type(initializer)))
