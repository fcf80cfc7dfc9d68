"""Orthogonal initializer."""
import numpy

from chainer import initializer
from chainer import utils
from chainer.initializer import _parse_rng

# mode -> (reject in_dim > out_dim, reject in_dim < out_dim)
_orthogonal_constraints = {
    'auto': (False, False),
    'projection': (False, True),
    'embedding': (True, False),
    'basis': (True, True),
}


class Orthogonal(initializer.Initializer):
    """Initializes array with an orthogonal system.

    The array is viewed as a matrix of shape ``(shape[0], prod(shape[1:]))`` (``out_dim`` rows of
    ``in_dim`` entries).  A random Gaussian matrix is orthogonalized by a QR decomposition and
    multiplied by ``scale``: rows are orthonormal when ``out_dim <= in_dim`` and columns are
    orthonormal otherwise.  A 0-dim array is filled with ``+scale`` or ``-scale`` at random.

    Args:
        scale (float): A constant to be multiplied by.
        dtype: Data type specifier.
        mode (str): Assertion on the shape: ``'auto'`` (anything), ``'projection'``
            (``out_dim <= in_dim``), ``'embedding'`` (``out_dim >= in_dim``) or ``'basis'``
            (``out_dim == in_dim``).
        rng (xp.random.RandomState): Pseudo-random number generator (keyword only).

    Attributes:
        scale (float): A constant to be multiplied by.
        mode (str): The assertion on the shape.
        rng: Pseudo-random number generator, or ``None``.
    """

    def __init__(self, scale=1.1, dtype=None, mode='auto', **kwargs):
        self.scale = scale
        self.mode = mode
        self.rng = _parse_rng(kwargs)
        try:
            self._checks = _orthogonal_constraints[mode]
        except KeyError:
            raise ValueError(
                'Invalid mode: {}. Choose from {}.'.format(
                    repr(mode),
                    ', '.join(repr(m) for m in _orthogonal_constraints)))
        super().__init__(dtype)

    def __call__(self, array):
        self._check_dtype(array)
        rng = numpy.random if self.rng is None else self.rng
        if not array.shape:  # 0-dim case
            a = int(initializer._rng_call(rng, 'randint', low=0, high=2))
            array[...] = self.scale * (2 * a - 1)
            return
        if not array.size:
            raise ValueError('Array to be initialized must be non-empty.')
        out_dim = array.shape[0]
        in_dim = utils.size_of_shape(array.shape[1:])
        if (in_dim > out_dim and self._checks[0]) or (
                in_dim < out_dim and self._checks[1]):
            raise ValueError(
                'Cannot make orthogonal {}. '
                'shape = {}, interpreted as '
                '{}-dim input and {}-dim output.'.format(
                    self.mode, array.shape, in_dim, out_dim))
        transpose = in_dim > out_dim
        a = initializer._rng_call(rng, 'normal', size=(out_dim, in_dim))
        if not isinstance(a, numpy.ndarray):
            from chainer import backend
            a = backend.CpuDevice().send(a)
        a = a.astype(numpy.float64, copy=False)
        if transpose:
            a = a.T
        q, r = numpy.linalg.qr(a)
        # Fix the signs so that the result is uniformly distributed (Haar measure).
        q *= numpy.copysign(self.scale, numpy.diag(r))
        if transpose:
            q = q.T
        initializer._copy_into(array, q.reshape(array.shape).astype(array.dtype))
