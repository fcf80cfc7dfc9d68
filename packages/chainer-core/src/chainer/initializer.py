"""Base class of initializers (``chainer.Initializer``) and fan computation."""
import numpy

import chainer
from chainer import utils


class Initializer:
    """Initializes array.

    An initializer is a callable that fills a given array *in place*.  Subclasses implement
    :meth:`__call__`.

    Args:
        dtype: Data type specifier of the arrays this initializer fills, or ``None`` to accept
            any dtype.

    Attributes:
        dtype: Data type specifier (``None`` if not fixed).
    """

    def __init__(self, dtype=None):
        self.dtype = dtype

    def __call__(self, array):
        """Initializes the given array in place.

        Args:
            array (:ref:`ndarray`): An array to be initialized by this initializer.
        """
        raise NotImplementedError()

    def _check_dtype(self, array):
        # v7 asserts that the destination array agrees with the fixed dtype.
        if self.dtype is not None:
            assert array.dtype == numpy.dtype(self.dtype), \
                '{} != {}'.format(array.dtype, self.dtype)


def get_fans(shape):
    """Returns ``(fan_in, fan_out)`` of a weight array of the given shape.

    ``fan_in = shape[1] * prod(shape[2:])`` and ``fan_out = shape[0] * prod(shape[2:])``, i.e.
    the receptive field of a convolution kernel ``(out, in, k1, k2, ...)`` counts in both.

    Args:
        shape (tuple of int): Shape of the array, of length at least 2.

    Returns:
        tuple of int: ``(fan_in, fan_out)``.
    """
    if not isinstance(shape, tuple):
        raise ValueError(
            'shape must be tuple. Actual type: {}'.format(type(shape)))
    if len(shape) < 2:
        raise ValueError(
            'shape must be of length >= 2. Actual shape: {}'.format(shape))
    receptive_field_size = utils.size_of_shape(shape[2:])
    fan_in = shape[1] * receptive_field_size
    fan_out = shape[0] * receptive_field_size
    return fan_in, fan_out


def _get_array_types():
    # ``chainer.get_array_types()`` of v7 (NumPy, CuPy, ChainerX, iDeep array types); until the
    # root module defines it, the array types known to ``chainer.variable`` are used.
    get = chainer.__dict__.get('get_array_types')
    if get is not None:
        return get()
    from chainer import variable
    return variable._array_types()


def _parse_rng(kwargs):
    # The ``rng`` keyword argument of the random initializers (the only one accepted).
    rng = None
    if kwargs:
        from chainer.utils import argument
        rng, = argument.parse_kwargs(kwargs, ('rng', None))
    return rng


def _rng_call(rng, method, **kwargs):
    # ``rng`` may be a ``numpy.random.RandomState``, a ``numpy.random.Generator`` or a CuPy
    # generator; ``randint`` is called ``integers`` on ``Generator``.
    if method == 'randint' and not hasattr(rng, 'randint'):
        method = 'integers'
    return getattr(rng, method)(**kwargs)


def _fill_random(array, rng, method, **kwargs):
    """Fills ``array`` in place with ``rng.<method>(size=array.shape, **kwargs)``.

    Without ``rng`` the global random state of the array's module is used (NumPy, or CuPy for
    CuPy arrays; other arrays are generated with NumPy and copied to the array's device).
    """
    shape = array.shape
    if rng is None:
        if isinstance(array, numpy.ndarray):
            array[...] = getattr(numpy.random, method)(size=shape, **kwargs)
            return
        from chainer import backend
        xp = backend.get_array_module(array)
        if xp.__name__ == 'cupy':
            if method in ('normal', 'uniform') and array.dtype in (
                    numpy.float16, numpy.float32):
                # cuRAND has no float16; float32 sampling is enough for both.
                kwargs['dtype'] = numpy.float32
            array[...] = getattr(xp.random, method)(size=shape, **kwargs)
            return
        value = getattr(numpy.random, method)(size=shape, **kwargs)
    else:
        value = _rng_call(rng, method, size=shape, **kwargs)
    _copy_into(array, value)


def _copy_into(array, value):
    """Copies the array ``value`` (any device) into ``array`` in place, casting its dtype."""
    if not (isinstance(array, numpy.ndarray) and isinstance(value, numpy.ndarray)):
        from chainer import backend
        value = backend.get_device_from_array(array).send(value)
    array[...] = value
