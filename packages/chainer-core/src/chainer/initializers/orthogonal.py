"""``Orthogonal``: (scaled) random orthonormal rows or columns."""
import numpy

from chainer import initializer
from chainer import utils

# mode -> (wide matrices allowed, tall matrices allowed), with the array seen as
# (out_dim, in_dim); "wide" means in_dim > out_dim
_SHAPES_ALLOWED = {
    'auto': (True, True),
    'projection': (True, False),
    'embedding': (False, True),
    'basis': (False, False),
}


def _haar_orthogonal(gaussian):
    # Orthonormal columns from a tall Gaussian matrix: QR, with the signs of R's diagonal moved
    # into Q so that the result is uniformly (Haar) distributed.
    q, r = numpy.linalg.qr(gaussian)
    return q * numpy.copysign(1.0, numpy.diag(r))


class Orthogonal(initializer.Initializer):
    """Fills an array with a random orthogonal system multiplied by ``scale``.

    The array is viewed as a matrix with ``out_dim = shape[0]`` rows of
    ``in_dim = prod(shape[1:])`` entries.  Its rows are orthonormal when
    ``out_dim <= in_dim`` and its columns otherwise (then scaled).  A 0-dim array receives
    ``scale`` or ``-scale`` at random.

    Args:
        scale (float): Multiplier of the orthonormal system.
        dtype: Data type the filled arrays must have (``None`` for any).
        mode (str): Shape requirement: ``'auto'`` (none), ``'projection'``
            (``out_dim <= in_dim``), ``'embedding'`` (``out_dim >= in_dim``) or ``'basis'``
            (``out_dim == in_dim``); a violation raises :class:`ValueError`.
        rng: Keyword-only random generator (``numpy.random.RandomState`` or similar); the
            global NumPy generator by default.

    Attributes:
        scale (float): Multiplier of the orthonormal system.
        mode (str): Shape requirement.
        rng: The random generator, or ``None``.
    """

    def __init__(self, scale=1.1, dtype=None, mode='auto', **kwargs):
        if mode not in _SHAPES_ALLOWED:
            raise ValueError('Invalid mode: {!r}. Choose from {}.'.format(
                mode, ', '.join(repr(m) for m in _SHAPES_ALLOWED)))
        self.scale = scale
        self.mode = mode
        self.rng = initializer._parse_rng(kwargs)
        super().__init__(dtype)

    def __call__(self, array):
        self._check_dtype(array)
        rng = numpy.random if self.rng is None else self.rng
        if array.ndim == 0:
            coin = int(initializer._rng_call(rng, 'randint', low=0, high=2))
            array[...] = self.scale if coin else -self.scale
            return
        if array.size == 0:
            raise ValueError('Array to be initialized must be non-empty.')
        rows = array.shape[0]
        cols = utils.size_of_shape(array.shape[1:])
        wide_ok, tall_ok = _SHAPES_ALLOWED[self.mode]
        if (cols > rows and not wide_ok) or (cols < rows and not tall_ok):
            raise ValueError(
                'Cannot make orthogonal {}: shape {} is read as {}-dim input and {}-dim '
                'output.'.format(self.mode, array.shape, cols, rows))
        sample = initializer._rng_call(rng, 'normal', size=(rows, cols))
        if not isinstance(sample, numpy.ndarray):
            from chainer import backend
            sample = backend.CpuDevice().send(sample)
        sample = numpy.asarray(sample, dtype=numpy.float64)
        wide = cols > rows
        basis = _haar_orthogonal(sample.T if wide else sample)
        basis = self.scale * (basis.T if wide else basis)
        initializer._copy_into(array, basis.reshape(array.shape).astype(array.dtype))
