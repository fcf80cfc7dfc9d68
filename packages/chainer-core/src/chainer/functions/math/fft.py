"""Fast Fourier transform over the last axis of a (real, imaginary) pair."""
from chainer import backend, function_node, utils
from chainer.utils import type_check


class FFT(function_node.FunctionNode):
    """One-dimensional (inverse) discrete Fourier transform along the last axis.

    Args:
        method (str): ``'fft'`` or ``'ifft'``.
    """

    def __init__(self, method):
        if method not in ('fft', 'ifft'):
            raise ValueError('method must be \'fft\' or \'ifft\'')
        self._method = method

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('real', 'imag'))
        r_type, i_type = in_types
        type_check.expect(
            r_type.dtype.kind == 'f',
            r_type.ndim > 0,
            r_type.shape == i_type.shape,
            r_type.dtype == i_type.dtype,
        )

    def forward(self, inputs):
        real, imag = inputs
        xp = backend.get_array_module(real, imag)
        self._n = real.shape[-1]
        x = real + imag * 1j
        y = getattr(xp.fft, self._method)(x)
        dtype = real.dtype
        return utils.force_array(y.real, dtype), utils.force_array(y.imag, dtype)

    def backward(self, indexes, grad_outputs):
        # fft is y = W x with W symmetric; for real-valued losses gx = conj(W) gy, i.e.
        # n * ifft(gy) (and fft(gy) / n for ifft).
        gr, gi = grad_outputs
        n = self._n
        if gr is None:
            gr = 0.0 * gi
        if gi is None:
            gi = 0.0 * gr
        inverse = 'ifft' if self._method == 'fft' else 'fft'
        xr, xi = FFT(inverse).apply((gr, gi))
        scale = float(n) if self._method == 'fft' else 1.0 / n
        ret = []
        if 0 in indexes:
            ret.append(xr * scale)
        if 1 in indexes:
            ret.append(xi * scale)
        return ret


def fft(x):
    """One-dimensional discrete Fourier transform along the last axis.

    Args:
        x (tuple): ``(real, imag)`` where ``real`` and ``imag`` are :class:`~chainer.Variable`
            or :ref:`ndarray` of the same shape and float dtype. The transform is applied
            along the last axis.

    Returns:
        tuple: ``(real, imag)`` of the result.

    .. admonition:: Example

        >>> real = np.array([[1, 0, 0, 0], [1, 1, 1, 1]], np.float32)  # two signals (last axis)
        >>> imag = np.zeros((2, 4), np.float32)
        >>> yr, yi = F.fft((real, imag))
        >>> yr.array
        array([[1., 1., 1., 1.],
               [4., 0., 0., 0.]], dtype=float32)
        >>> yi.array
        array([[0., 0., 0., 0.],
               [0., 0., 0., 0.]], dtype=float32)
    """
    real, imag = x
    return FFT('fft').apply((real, imag))


def ifft(x):
    """Inverse of :func:`fft` along the last axis.

    Args:
        x (tuple): ``(real, imag)`` where ``real`` and ``imag`` are :class:`~chainer.Variable`
            or :ref:`ndarray` of the same shape and float dtype. The transform is applied
            along the last axis.

    Returns:
        tuple: ``(real, imag)`` of the result.

    .. admonition:: Example

        >>> real = np.array([[4, 0, 0, 0]], np.float32)
        >>> imag = np.zeros((1, 4), np.float32)
        >>> yr, yi = F.ifft((real, imag))  # inverse of F.fft: a constant signal
        >>> yr.array
        array([[1., 1., 1., 1.]], dtype=float32)
        >>> yi.array
        array([[0., 0., 0., 0.]], dtype=float32)
    """
    real, imag = x
    return FFT('ifft').apply((real, imag))
