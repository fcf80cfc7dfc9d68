"""``chainer.Initializer`` (the base of all initializers) and shared helpers."""
import numpy

import chainer
from chainer import utils


class Initializer:
    """Base class of initializers: callables that fill an array *in place*.

    Subclasses implement :meth:`__call__`.

    Args:
        dtype: Data type that filled arrays must have; ``None`` accepts any dtype.

    Attributes:
        dtype: The required data type, or ``None``.
    """

    def __init__(self, dtype=None):
        self.dtype = dtype

    def __call__(self, array):
        """Fills ``array`` (an :ref:`ndarray`) in place."""
        raise NotImplementedError()

    def _check_dtype(self, array):
        # An initializer with a fixed dtype only fills arrays of that dtype (AssertionError).
        if self.dtype is not None:
            assert array.dtype == numpy.dtype(self.dtype), \
                '{} != {}'.format(array.dtype, self.dtype)


def get_fans(shape):
    """Computes the fan-in and fan-out of a weight of the given shape.

    The first axis is the output axis, the second the input axis and the remaining ones (e.g.
    the kernel of a convolution) multiply both fans.

    Args:
        shape (tuple of int): Weight shape, with at least two axes.

    Returns:
        tuple of int: ``(fan_in, fan_out)``.
    """
    if not isinstance(shape, tuple):
        raise ValueError('shape must be a tuple, not {}'.format(type(shape)))
    if len(shape) < 2:
        raise ValueError('shape must have at least two axes: {}'.format(shape))
    window = utils.size_of_shape(shape[2:])
    return shape[1] * window, shape[0] * window


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


class _RandomFill(Initializer):
    # Base of the random initializers: ``scale``, the keyword-only ``rng`` argument, and a
    # distribution width computed from the array shape by ``_spread``.

    def __init__(self, scale, dtype, kwargs):
        self.scale = scale
        self.rng = _parse_rng(kwargs)
        super().__init__(dtype)

    def _spread(self, shape):
        raise NotImplementedError

    def _draw(self, array, spread):
        raise NotImplementedError

    def __call__(self, array):
        self._check_dtype(array)
        self._draw(array, self._spread(array.shape))
