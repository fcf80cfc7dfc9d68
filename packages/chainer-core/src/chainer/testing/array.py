"""Array assertions for tests."""
import numpy

from chainer import backend


def _to_numpy(x):
    if hasattr(x, '_node'):  # a Variable: as v7, only arrays and scalars are compared
        raise TypeError('Array cannot be converted into an numpy.ndarray\n'
                        'Actual type: {}.'.format(type(x)))
    if isinstance(x, numpy.ndarray) or numpy.isscalar(x):
        return numpy.asarray(x)
    if isinstance(x, (list, tuple)):
        converted = numpy.asarray(x)
        if converted.dtype == object:  # e.g. a list of Variables
            raise TypeError('Array cannot be converted into an numpy.ndarray\n'
                            'Actual type: {}.'.format(type(x)))
        return converted
    return backend.CpuDevice().send(x)


def _widened(a):
    # floats (and bools) compared in float64, integers in their own dtypes as v7 does; a
    # 0-dim array as 1-dim (v7 reports i: (0,))
    a = numpy.atleast_1d(a)
    return a.astype(numpy.float64) if a.dtype.kind in 'bf' else a


def _violation_details(x, y, atol, rtol):
    """v7's report after NumPy's message: the worst element and both arrays."""
    lines = ['assert_allclose failed:',
             '  shape: {} {}'.format(x.shape, y.shape),
             '  dtype: {} {}'.format(x.dtype, y.dtype)]
    if x.shape == y.shape and x.size and x.dtype.kind in 'biuf' and y.dtype.kind in 'biuf':
        with numpy.errstate(invalid='ignore', over='ignore'):
            xf = _widened(x)
            yf = _widened(y)
            err = numpy.abs(xf - yf)
            tol = atol + rtol * numpy.abs(yf)
            excess = numpy.where(numpy.isnan(err), numpy.inf, err - tol)
        i = tuple(int(k) for k in numpy.unravel_index(numpy.argmax(excess), err.shape))
        lines += ['  i: {}'.format(i),
                  '  x[i]: {}'.format(xf[i]),
                  '  y[i]: {}'.format(yf[i]),
                  '  relative error[i]: {}'.format(err[i] / abs(yf[i]) if yf[i] else numpy.inf),
                  '  absolute error[i]: {}'.format(err[i]),
                  '  relative tolerance * |y[i]|: {}'.format(rtol * abs(yf[i])),
                  '  absolute tolerance: {}'.format(atol),
                  '  total tolerance: {}'.format(tol[i])]
    with numpy.printoptions(threshold=10000):
        lines += ['x: ' + numpy.array2string(x, prefix='x: '),
                  'y: ' + numpy.array2string(y, prefix='y: ')]
    return '\n'.join(lines) + '\n'


def assert_allclose(x, y, atol=1e-5, rtol=1e-4, verbose=True):
    """Asserts that ``x`` and ``y`` are close elementwise (arrays or scalars).

    Args:
        x, y: Arrays (NumPy, CuPy or ChainerX) or scalars; Variables are rejected
            (``TypeError``), as in v7.
        atol (float): Absolute tolerance.
        rtol (float): Relative tolerance.
        verbose (bool): Include the arrays in NumPy's part of the error message.

    .. admonition:: Example

        >>> from chainer import testing
        >>> testing.assert_allclose(np.array([1.0, 2.0]), np.array([1.0, 2.00001]))  # close enough
        >>> testing.assert_allclose(np.array([1.0]), np.array([1.1]))
        Traceback (most recent call last):
            ...
        AssertionError: ...
    """
    x = _to_numpy(x)
    y = _to_numpy(y)
    try:
        numpy.testing.assert_allclose(x, y, atol=atol, rtol=rtol, verbose=verbose)
    except AssertionError as e:
        # as v7, the details follow NumPy's message whether or not it is verbose
        message = str(e).rstrip('\n') + '\n\n' + _violation_details(x, y, atol, rtol)
        raise AssertionError(message) from None


def _is_c_contiguous(array):
    flags = getattr(array, 'flags', None)
    if flags is not None:
        return flags.c_contiguous
    return array.is_contiguous  # ChainerX arrays have no flags


def _as_noncontiguous_array(array):
    """Returns a non-C-contiguous array with the values of ``array`` (on its device).

    Lists and tuples are converted element by element; None, scalars, 0-dim and empty
    arrays (which cannot be non-contiguous) are returned as they are.
    """
    if isinstance(array, (list, tuple)):
        return type(array)(_as_noncontiguous_array(a) for a in array)
    if array is None or not hasattr(array, 'shape') or array.ndim == 0 or array.size <= 1:
        return array
    if not _is_c_contiguous(array):
        return array
    xp = backend.get_array_module(array)
    shape = tuple(2 * n for n in array.shape)
    if xp is numpy or not hasattr(array, 'is_contiguous'):
        wide = xp.empty(shape, dtype=array.dtype)
    else:  # ChainerX: on the array's own device
        wide = xp.empty(shape, dtype=array.dtype, device=array.device)
    view = wide[tuple(slice(None, None, -2) for _ in array.shape)]
    view[...] = array
    return view
