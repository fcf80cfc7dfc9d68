"""Gated recurrent units: ``StatelessGRU``, ``StatefulGRU`` and its alias ``GRU``."""
from chainer import functions as F
from chainer import link
from chainer.links.connection import linear
from chainer.links.rnn import _state


class GRUBase(link.Chain):
    """Parameters shared by the GRU links.

    Six :class:`~chainer.links.Linear` children, all with biases: ``W_r``, ``W_z``, ``W``
    (``in_size -> out_size``, initialized by ``init``) and ``U_r``, ``U_z``, ``U``
    (``out_size -> out_size``, initialized by ``inner_init``).

    Args:
        in_size (int or None): Input size (``None``: decided by the first input).
        out_size (int): Number of units.
        init: Initializer of the input weights (default: LeCun normal).
        inner_init: Initializer of the recurrent weights (default: LeCun normal).
        bias_init: Initializer of all biases (default: 0).
    """

    def __init__(self, in_size, out_size, init=None, inner_init=None, bias_init=None):
        super().__init__()
        with self.init_scope():
            self.W_r = linear.Linear(in_size, out_size, initialW=init, initial_bias=bias_init)
            self.U_r = linear.Linear(
                out_size, out_size, initialW=inner_init, initial_bias=bias_init)
            self.W_z = linear.Linear(in_size, out_size, initialW=init, initial_bias=bias_init)
            self.U_z = linear.Linear(
                out_size, out_size, initialW=inner_init, initial_bias=bias_init)
            self.W = linear.Linear(in_size, out_size, initialW=init, initial_bias=bias_init)
            self.U = linear.Linear(
                out_size, out_size, initialW=inner_init, initial_bias=bias_init)


class StatelessGRU(GRUBase):
    """Gated recurrent unit that keeps no state: ``h_new = link(h, x)``.

    .. math::

        r &= \\sigma(W_r x + U_r h), \\\\
        z &= \\sigma(W_z x + U_z h), \\\\
        \\bar{h} &= \\tanh(W x + U (r \\odot h)), \\\\
        h' &= (1 - z) \\odot h + z \\odot \\bar{h}

    (each product with a weight includes the bias of that :class:`~chainer.links.Linear`).

    Args:
        in_size (int or None): Input size (``None``: decided by the first input).
        out_size (int): Number of units.
        init, inner_init, bias_init: Initializers, as in :class:`StatefulGRU`.
    """

    def forward(self, h, x):
        """Returns the next hidden state from the previous one ``h`` and the input ``x``."""
        r = F.sigmoid(self.W_r(x) + self.U_r(h))
        z = F.sigmoid(self.W_z(x) + self.U_z(h))
        h_bar = F.tanh(self.W(x) + self.U(r * h))
        return F.linear_interpolate(z, h_bar, h)


class StatefulGRU(_state.HiddenState, GRUBase):
    """Gated recurrent unit that keeps its hidden state ``h``.

    Same recurrence as :class:`StatelessGRU`; the first call after a reset starts from no
    state, so it returns ``sigmoid(W_z x) * tanh(W x)``.

    Args:
        in_size (int or None): Input size (``None``: decided by the first input).
        out_size (int): Number of units.
        init: Initializer of the input weights ``W_r``, ``W_z``, ``W`` (default: LeCun
            normal).
        inner_init: Initializer of the recurrent weights ``U_r``, ``U_z``, ``U`` (default:
            LeCun normal).
        bias_init: Initializer of all biases (default: 0).

    Attributes:
        h (~chainer.Variable): The hidden state (``None`` before the first call).
    """

    def __init__(self, in_size, out_size, init=None, inner_init=None, bias_init=0):
        super().__init__(in_size, out_size, init, inner_init, bias_init)
        self.state_size = out_size
        self.reset_state()

    def forward(self, x):
        """Updates the hidden state with the input ``x`` and returns it."""
        z = self.W_z(x)
        h_bar = self.W(x)
        h = self.h
        if h is not None:
            r = F.sigmoid(self.W_r(x) + self.U_r(h))
            z += self.U_z(h)
            h_bar += self.U(r * h)
        z = F.sigmoid(z)
        h_bar = F.tanh(h_bar)
        if h is None:
            self.h = z * h_bar
        else:
            self.h = F.linear_interpolate(z, h_bar, h)
        return self.h


class GRU(StatefulGRU):
    """Stateful gated recurrent unit: an alias of :class:`StatefulGRU`.

    Called with one argument (the input).  Since Chainer v2 ``GRU`` is stateful; for the
    former stateless ``gru(h, x)`` use :class:`StatelessGRU`.
    """

    def forward(self, *args):
        """Updates the hidden state with the input ``x`` and returns it (``forward(x)``)."""
        n_args = len(args)
        if n_args != 1:
            msg = ('Invalid argument. The length of GRU.forward must be 1. But {} is given. '
                   .format(n_args))
            if n_args == 2:
                msg += ('In Chainer v2, chainer.links.GRU is changed from stateless to '
                        'stateful. One possibility is you assume GRU to be stateless. Use '
                        'chainer.links.StatelessGRU instead.')
            raise ValueError(msg)
        return super().forward(args[0])
