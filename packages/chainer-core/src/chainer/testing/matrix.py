"""Random matrices with given singular values: :func:`generate_matrix`."""
import numpy

from chainer.utils import argument


def generate_matrix(shape, dtype=float, **kwargs):
    """Generates a random matrix (or a stack of matrices) with the given singular values.

    Useful for inputs of tests that are unstable for ill-conditioned matrices.

    Args:
        shape (tuple of int): Shape ``(B..., M, N)`` of the generated array.
        dtype: A floating-point or complex dtype.
        singular_values (array-like): Singular values, broadcastable to ``(B..., K)`` with
            ``K = min(M, N)`` (keyword-only; required).

    Returns:
        numpy.ndarray: The generated array.
    """
    singular_values, = argument.parse_kwargs(kwargs, ('singular_values', None))
    if len(shape) <= 1:
        raise ValueError('shape {} is invalid for matrices: too few axes'.format(shape))
    if singular_values is None:
        raise TypeError('singular_values is not given')
    singular_values = numpy.asarray(singular_values)
    dtype = numpy.dtype(dtype)
    if dtype.kind not in 'fc':
        raise TypeError('dtype {} is not supported'.format(dtype))
    if not numpy.isrealobj(singular_values):
        raise TypeError('singular_values is not real')
    if (singular_values < 0).any():
        raise ValueError('negative singular value is given')
    if 0 in shape:
        return numpy.empty(shape, dtype=dtype)
    a = numpy.random.standard_normal(shape)
    if dtype.kind == 'c':
        a = a + 1j * numpy.random.standard_normal(shape)
    # orthonormal factors of a random matrix, recombined with the requested singular values
    u, s, vh = numpy.linalg.svd(a, full_matrices=False)
    sv = numpy.broadcast_to(singular_values, s.shape)
    a = numpy.matmul(u * sv[..., None, :], vh)
    return a.astype(dtype)
