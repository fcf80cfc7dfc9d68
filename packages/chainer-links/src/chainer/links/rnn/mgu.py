"""Minimal gated units (Zhou et al., 2016): ``StatelessMGU`` and ``StatefulMGU``."""
from chainer import functions as F
from chainer import link
from chainer.links.connection import linear
from chainer.links.rnn import _state


class MGUBase(link.Chain):
    """Parameters and recurrence shared by the MGU links.

    .. math::

        f &= \\sigma(W_f [h; x]), \\\\
        \\bar{h} &= \\tanh(W_h [f \\odot h; x]), \\\\
        h' &= (1 - f) \\odot h + f \\odot \\bar{h}

    where ``[a; b]`` concatenates along the feature axis and ``W_f``, ``W_h`` are
    :class:`~chainer.links.Linear` links (with biases) of ``n_units + n_inputs`` inputs.

    Args:
        n_inputs (int): Input size.
        n_units (int): Number of units.
    """

    def __init__(self, n_inputs, n_units):
        super().__init__()
        with self.init_scope():
            self.W_f = linear.Linear(n_inputs + n_units, n_units)
            self.W_h = linear.Linear(n_inputs + n_units, n_units)

    def _call_mgu(self, h, x):
        f = F.sigmoid(self.W_f(F.concat([h, x])))
        h_bar = F.tanh(self.W_h(F.concat([f * h, x])))
        return F.linear_interpolate(f, h_bar, h)


class StatelessMGU(MGUBase):
    """Minimal gated unit that keeps no state: ``h_new = link(h, x)``.

    Args:
        n_inputs (int): Input size.
        n_units (int): Number of units.
    """

    def forward(self, h, x):
        """Returns the next hidden state from the previous one ``h`` and the input ``x``."""
        return self._call_mgu(h, x)


class StatefulMGU(_state.HiddenState, MGUBase):
    """Minimal gated unit that keeps its hidden state ``h`` (zeros after a reset).

    Args:
        in_size (int): Input size.
        out_size (int): Number of units.

    Attributes:
        h (~chainer.Variable): The hidden state (``None`` before the first call).
    """

    def __init__(self, in_size, out_size):
        super().__init__(in_size, out_size)
        self._state_size = out_size
        self.reset_state()

    def forward(self, x):
        """Updates the hidden state with the input ``x`` and returns it."""
        if self.h is None:
            self.h = _state.zeros(self, (len(x), self._state_size), x.dtype)
        self.h = self._call_mgu(self.h, x)
        return self.h
