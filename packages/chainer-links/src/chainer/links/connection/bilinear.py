"""Bilinear layer (``Bilinear``)."""
from chainer.functions.connection import bilinear
from chainer import initializers
from chainer import link
from chainer.links import _parameters
from chainer import variable


class Bilinear(link.Link):
    """Bilinear layer: ``y_l = sum_jk e1_j e2_k W_jkl + sum_j e1_j V1_jl + sum_k e2_k V2_kl
    + b_l`` (wraps :func:`~chainer.functions.bilinear`).

    Args:
        left_size (int): Dimension of the left input ``e1``.
        right_size (int): Dimension of the right input ``e2``.
        out_size (int): Dimension of the output.
        nobias (bool): Whether to use only the bilinear term (no ``V1``, ``V2``, ``b``).
        initialW: Initializer of ``W`` (``LeCunNormal`` by default).
        initial_bias (tuple): ``(initialV1, initialV2, initial_b)`` initializers (by default
            ``LeCunNormal``, ``LeCunNormal`` and 0).

    Attributes:
        W (~chainer.Parameter): ``(left_size, right_size, out_size)`` bilinear weight.
        V1 (~chainer.Parameter): ``(left_size, out_size)`` weight of ``e1`` (unless
            ``nobias``).
        V2 (~chainer.Parameter): ``(right_size, out_size)`` weight of ``e2`` (unless
            ``nobias``).
        b (~chainer.Parameter): ``(out_size,)`` bias (unless ``nobias``).
    """

    def __init__(self, left_size, right_size, out_size, nobias=False, initialW=None,
                 initial_bias=None):
        super().__init__()
        self.in_sizes = (left_size, right_size)
        self.nobias = nobias
        with self.init_scope():
            self.W = _parameters.weight_parameter(initialW, (left_size, right_size, out_size))
            if not nobias:
                if initial_bias is None:
                    initial_bias = (None, None, 0)
                elif not isinstance(initial_bias, tuple):
                    raise ValueError('initial_bias must be tuple or None')
                if len(initial_bias) != 3:
                    raise ValueError(
                        'initial_bias must be a tuple of 3 initializers (V1, V2, b), got '
                        '{}'.format(len(initial_bias)))
                initial_V1, initial_V2, initial_b = initial_bias
                self.V1 = _parameters.weight_parameter(initial_V1, (left_size, out_size))
                self.V2 = _parameters.weight_parameter(initial_V2, (right_size, out_size))
                self.b = variable.Parameter(
                    initializers._get_initializer(initial_b), out_size)

    def forward(self, e1, e2):
        """Applies the layer to the left inputs ``e1`` and the right inputs ``e2``."""
        if self.nobias:
            return bilinear.bilinear(e1, e2, self.W)
        return bilinear.bilinear(e1, e2, self.W, self.V1, self.V2, self.b)

    def zero_grads(self):
        """Fills the gradients with zeros (deprecated: use :meth:`cleargrads`)."""
        self.zerograds()
