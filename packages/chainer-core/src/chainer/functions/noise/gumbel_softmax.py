"""Gumbel-Softmax sampling."""
import chainer
from chainer import backend


def gumbel_softmax(log_pi, tau=0.1, axis=1):
    """Gumbel-Softmax sampling function.

    Draws a relaxed one-hot sample ``softmax((log_pi + g) / tau, axis)`` with ``g`` drawn
    from the standard Gumbel distribution. See: `Categorical Reparameterization with
    Gumbel-Softmax <https://arxiv.org/abs/1611.01144>`_.

    Args:
        log_pi (:class:`~chainer.Variable` or :ref:`ndarray`): Log-probabilities
            (unnormalized log-probabilities are accepted).
        tau (float or :class:`~chainer.Variable`): Temperature.
        axis (int): Axis of the categories.

    Returns:
        ~chainer.Variable: Output of the same shape as ``log_pi``.

    .. admonition:: Example

        >>> log_pi = np.log(np.array([[0.1, 0.2, 0.7], [0.5, 0.25, 0.25]], np.float32))
        >>> y = F.gumbel_softmax(log_pi, tau=0.5)  # a random, nearly one-hot sample per row
        >>> y.shape
        (2, 3)
        >>> np.allclose(y.array.sum(axis=1), 1)
        True
    """
    device = backend.get_device_from_array(log_pi)
    # the noise of ChainerX arrays is drawn on their fallback (NumPy/CuPy) device
    sample_on = device.fallback_device if device.xp.__name__ == 'chainerx' else device
    with chainer.using_device(sample_on):
        if log_pi.ndim < 1:
            return chainer.Variable(device.send(sample_on.xp.ones((), log_pi.dtype)))
        g = sample_on.xp.random.gumbel(size=log_pi.shape).astype(log_pi.dtype, copy=False)
    return chainer.functions.softmax((log_pi + device.send(g)) / tau, axis=axis)
