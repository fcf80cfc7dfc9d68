"""Local response normalization across channels."""
from chainer import backend
from chainer import function_node
from chainer import utils
from chainer.utils import type_check


def _window_sum(a, half_n):
    """Sum over the channel window ``[c - half_n, c + half_n]`` (axis 1)."""
    s = a.copy()
    for i in range(1, half_n + 1):
        if i >= a.shape[1]:
            break
        s[:, i:] += a[:, :-i]
        s[:, :-i] += a[:, i:]
    return s


class LocalResponseNormalization(function_node.FunctionNode):
    """Cross-channel local response normalization."""

    def __init__(self, n=5, k=2, alpha=1e-4, beta=.75):
        self.n = n
        self.k = k
        self.alpha = alpha
        self.beta = beta
        self.scale = None
        self.unit_scale = None

    @property
    def label(self):
        return 'LocalResponseNormalization'

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        x_type, = in_types
        type_check.expect(x_type.dtype.kind == 'f', x_type.ndim >= 2)

    def forward(self, inputs):
        self.retain_inputs((0,))
        self.retain_outputs((0,))
        x, = inputs
        xp = backend.get_array_module(x)
        sum_part = _window_sum(xp.square(x), self.n // 2)
        self.unit_scale = self.k + self.alpha * sum_part
        self.scale = self.unit_scale ** -self.beta
        return utils.force_array(x * self.scale, x.dtype),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        y, = self.get_retained_outputs()
        gy, = grad_outputs
        f = LocalResponseNormalizationGrad(
            self.n, self.k, self.alpha, self.beta, self.scale, self.unit_scale)
        return f.apply((x, y, gy))

    def _backward_arrays(self, indexes, grad_outputs):
        gy, = grad_outputs
        f = LocalResponseNormalizationGrad(
            self.n, self.k, self.alpha, self.beta, self.scale, self.unit_scale)
        return f.forward((self.inputs[0].data, self._retained_output_data[0], gy))


class LocalResponseNormalizationGrad(function_node.FunctionNode):
    """Gradient of :class:`LocalResponseNormalization`: ``(x, y, gy) -> gx``.

    Not differentiable again (as in v7).
    """

    def __init__(self, n, k, alpha, beta, scale, unit_scale):
        self.n = n
        self.k = k
        self.alpha = alpha
        self.beta = beta
        self.scale = scale
        self.unit_scale = unit_scale

    def forward(self, inputs):
        x, y, gy = inputs
        summand = y * gy / self.unit_scale
        sum_part = _window_sum(summand, self.n // 2)
        gx = gy * self.scale - (2 * self.alpha * self.beta) * x * sum_part
        return utils.force_array(gx, x.dtype),

    def backward(self, indexes, grad_outputs):
        raise NotImplementedError(
            'Double backpropagation is not implemented for local response normalization.')


def local_response_normalization(x, n=5, k=2, alpha=1e-4, beta=.75):
    """Local response normalization across channels.

    ``y_i = x_i / (k + alpha * sum_j x_j^2) ** beta`` where ``j`` runs over the channels
    ``i - n // 2 ... i + n // 2`` (clipped at the borders). See: Krizhevsky et al.,
    ImageNet Classification with Deep Convolutional Neural Networks (2012).

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input with channels on axis 1.
        n (int): Normalization window width.
        k (float): Smoothing parameter.
        alpha (float): Normalizer scaling parameter.
        beta (float): Normalizer power parameter.

    Returns:
        ~chainer.Variable: Output of the same shape and dtype as ``x``.

    .. admonition:: Example

        >>> x = np.ones((1, 3, 1, 1), np.float32)
        >>> y = F.local_response_normalization(x, n=3, k=1, alpha=1, beta=1)
        >>> y.array.ravel()  # x / (k + alpha * (sum of x ** 2 over n neighbouring channels))
        array([0.33333334, 0.25      , 0.33333334], dtype=float32)
    """
    return LocalResponseNormalization(n, k, alpha, beta).apply((x,))[0]
