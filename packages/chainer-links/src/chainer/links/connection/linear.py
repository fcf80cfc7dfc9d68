"""Fully-connected layer (``Linear``)."""
from chainer import link
from chainer import utils
from chainer import variable
from chainer.functions.connection import linear
from chainer.links import _parameters


class Linear(link.Link):
    """Fully-connected layer: ``y = x W^T + b``.

    ``Linear(out_size)`` (a single argument) is ``Linear(None, out_size)``.  With
    ``in_size=None`` the weight is created at the first forward pass from the size of the
    input (the product of the axes after the batch axes).

    Args:
        in_size (int or None): Input dimension (``None``: decided at the first call).
        out_size (int): Output dimension.
        nobias (bool): Whether to leave the bias out.
        initialW: Initializer of the weight (``LeCunNormal`` by default).
        initial_bias: Initializer of the bias (0 by default).

    Attributes:
        W (~chainer.Parameter): ``(out_size, in_size)`` weight.
        b (~chainer.Parameter): ``(out_size,)`` bias, or ``None`` when ``nobias``.
    """

    def __init__(self, in_size, out_size=None, nobias=False, initialW=None,
                 initial_bias=None):
        super().__init__()
        if out_size is None:
            in_size, out_size = None, in_size
        self.in_size = in_size
        self.out_size = out_size
        with self.init_scope():
            self.W = _parameters.weight_parameter(initialW)
            if in_size is not None:
                self._initialize_params(in_size)
            self.b = _parameters.bias_parameter(nobias, initial_bias, out_size)

    def _initialize_params(self, in_size):
        self.W.initialize((self.out_size, in_size))

    @classmethod
    def from_params(cls, W, b=None, nobias=False):
        """Builds a linear layer whose parameters are copies of ``W`` and ``b``.

        Args:
            W (~chainer.Variable or array): ``(out_size, in_size)`` weight.
            b (~chainer.Variable or array): ``(out_size,)`` bias (0 when omitted).
            nobias (bool): Whether to leave the bias out (``b`` is then ignored).
        """
        out_size, in_size = W.shape
        if b is not None and out_size != b.size:
            raise ValueError('`out_size` does not match the size of `b`')
        return cls(in_size, out_size, nobias, initialW=variable.as_array(W),
                   initial_bias=None if b is None else variable.as_array(b))

    @property
    def printable_specs(self):
        """``in_size``, ``out_size`` and ``nobias``."""
        yield 'in_size', self.in_size
        yield 'out_size', self.out_size
        yield 'nobias', self.b is None

    def forward(self, x, n_batch_axes=1):
        """Applies the layer to ``x``.

        Args:
            x (~chainer.Variable or array): Input of shape ``(batch axes..., in dims...)``.
            n_batch_axes (int): Number of leading batch axes; the remaining axes are
                flattened into ``in_size``.

        Returns:
            ~chainer.Variable: Output of shape ``(batch axes..., out_size)``.
        """
        if self.W.array is None:
            self._initialize_params(utils.size_of_shape(x.shape[n_batch_axes:]))
        return linear.linear(x, self.W, self.b, n_batch_axes)
