"""Maxout layer (``Maxout``)."""
import chainer
from chainer.functions.activation import maxout
from chainer import link
from chainer.links.connection import linear


def _flatten_initial(value, ndim, name, shape):
    # An array argument given per (unit, pool entry[, input]) becomes the array of the
    # underlying linear layer; other initializer arguments pass unchanged.
    if not isinstance(value, chainer.get_array_types()):
        return value
    if value.ndim != ndim:
        raise ValueError('{}.ndim should be {}'.format(name, ndim))
    return value.reshape(shape)


class Maxout(link.Chain):
    """Maxout layer: ``y_i = max_j (W_ij x + b_ij)`` over ``pool_size`` linear pieces.

    Args:
        in_size (int or None): Input dimension (``None``: decided at the first call).
        out_size (int): Output dimension.
        pool_size (int): Number of linear pieces per output unit.
        initialW: Initializer of the weight (an array has the shape
            ``(out_size, pool_size, in_size)``).
        initial_bias: Initializer of the bias (an array has the shape
            ``(out_size, pool_size)``); ``None`` means no bias.

    Attributes:
        linear (~chainer.links.Linear): The ``in_size -> out_size * pool_size`` layer.
        out_size (int): Output dimension.
        pool_size (int): Number of linear pieces per output unit.
    """

    def __init__(self, in_size, out_size, pool_size, initialW=None, initial_bias=0):
        super().__init__()
        linear_out_size = out_size * pool_size
        initialW = _flatten_initial(initialW, 3, 'initialW', (linear_out_size, in_size))
        nobias = initial_bias is None
        initial_bias = _flatten_initial(initial_bias, 2, 'initial_bias', (linear_out_size,))
        with self.init_scope():
            self.linear = linear.Linear(in_size, linear_out_size, nobias=nobias,
                                        initialW=initialW, initial_bias=initial_bias)
        self.out_size = out_size
        self.pool_size = pool_size

    def forward(self, x):
        """Applies the linear layer and takes the maximum over each pool of pieces."""
        return maxout.maxout(self.linear(x), self.pool_size)
