"""Array assertions for tests."""
import numpy

from chainer import backend


def _to_numpy(x):
    x = getattr(x, 'array', x) if hasattr(x, '_node') else x
    if isinstance(x, numpy.ndarray) or numpy.isscalar(x):
        return numpy.asarray(x)
    return backend.CpuDevice().send(x)


def assert_allclose(x, y, atol=1e-5, rtol=1e-4, verbose=True):
    """Asserts that ``x`` and ``y`` are close elementwise (arrays, Variables or scalars).

    Args:
        x, y: Arrays (NumPy or CuPy), Variables, or scalars.
        atol (float): Absolute tolerance.
        rtol (float): Relative tolerance.
        verbose (bool): Include the arrays in the error message.

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
        lines = [str(e)]
        if x.shape == y.shape and x.size:
            with numpy.errstate(invalid='ignore'):
                err = numpy.abs(x.astype(numpy.float64) - y.astype(numpy.float64))
                tol = atol + rtol * numpy.abs(y.astype(numpy.float64))
            index = numpy.unravel_index(numpy.nanargmax(err - tol), err.shape) \
                if not numpy.isnan(err).all() else None
            if index is not None:
                lines.append('max violation at index %s: x=%r y=%r err=%r'
                             % (index, x[index], y[index], err[index]))
        raise AssertionError('\n'.join(lines)) from None
