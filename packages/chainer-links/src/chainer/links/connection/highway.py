"""Highway layer (``Highway``)."""
from chainer.functions.activation import relu
from chainer.functions.activation import sigmoid
from chainer import link
from chainer.links.connection import linear


class Highway(link.Chain):
    """Highway layer: ``y = H(x) * T(x) + x * (1 - T(x))``.

    ``H(x) = activate(W_H x + b_H)`` is the plain path and ``T(x) = sigmoid(W_T x + b_T)``
    the transform gate; both are square :class:`~chainer.links.Linear` layers.

    Args:
        in_out_size (int): Dimension of the input and output vectors.
        nobias (bool): Whether to leave the biases out.
        activate (callable): Activation of the plain path.
        init_Wh: Initializer of the weight of the plain path.
        init_Wt: Initializer of the weight of the transform gate.
        init_bh: Initializer of the bias of the plain path (0 by default).
        init_bt: Initializer of the bias of the transform gate (-1 by default, so that the
            layer starts close to the identity).

    Attributes:
        plain (~chainer.links.Linear): Linear layer of the plain path.
        transform (~chainer.links.Linear): Linear layer of the transform gate.
    """

    def __init__(self, in_out_size, nobias=False, activate=relu.relu, init_Wh=None,
                 init_Wt=None, init_bh=None, init_bt=-1):
        super().__init__()
        self.activate = activate
        with self.init_scope():
            self.plain = linear.Linear(in_out_size, in_out_size, nobias=nobias,
                                       initialW=init_Wh, initial_bias=init_bh)
            self.transform = linear.Linear(in_out_size, in_out_size, nobias=nobias,
                                           initialW=init_Wt, initial_bias=init_bt)

    def forward(self, x):
        """Applies the layer to ``x`` of shape ``(batch, in_out_size)``."""
        out_plain = self.activate(self.plain(x))
        out_transform = sigmoid.sigmoid(self.transform(x))
        return out_plain * out_transform + x * (1 - out_transform)
