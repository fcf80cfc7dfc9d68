"""LSTM with peephole connections: ``StatefulPeepholeLSTM``."""
from chainer import functions as F
from chainer import link
from chainer.links.connection import linear
from chainer.links.rnn import _state


class StatefulPeepholeLSTM(_state.CellState, link.Chain):
    """Fully-connected LSTM layer with peephole connections, keeping ``c`` and ``h``.

    With the gate pre-activations ``upward(x) + lateral(h)`` interleaved per unit as
    ``a, i, f, o`` (as in :func:`~chainer.functions.lstm`)::

        a = tanh(a)
        i = sigmoid(i + peep_i(c))
        f = sigmoid(f + peep_f(c))
        c' = a * i + f * c
        o = sigmoid(o + peep_o(c'))
        h' = o * tanh(c')

    Args:
        in_size (int or None): Input size (``None``: decided by the first input).
        out_size (int): Number of units.

    Attributes:
        upward (~chainer.links.Linear): The input-to-gates connection.
        lateral (~chainer.links.Linear): The output-to-gates connection (no bias).
        peep_i (~chainer.links.Linear): Peephole from the cell to the input gate.
        peep_f (~chainer.links.Linear): Peephole from the cell to the forget gate.
        peep_o (~chainer.links.Linear): Peephole from the new cell to the output gate.
        c (~chainer.Variable): Cell state (``None`` before the first call).
        h (~chainer.Variable): Output of the last step (``None`` before the first call).
    """

    def __init__(self, in_size, out_size):
        super().__init__()
        self.state_size = out_size
        self.reset_state()
        with self.init_scope():
            self.upward = linear.Linear(in_size, 4 * out_size)
            self.lateral = linear.Linear(out_size, 4 * out_size, nobias=True)
            self.peep_i = linear.Linear(out_size, out_size, nobias=True)
            self.peep_f = linear.Linear(out_size, out_size, nobias=True)
            self.peep_o = linear.Linear(out_size, out_size, nobias=True)

    def forward(self, x):
        """Updates the state with the input ``x`` and returns the new output ``h``."""
        lstm_in = self.upward(x)
        if self.h is not None:
            lstm_in += self.lateral(self.h)
        if self.c is None:
            self.c = _state.zeros(self, (len(x), self.state_size), lstm_in.dtype)
        gates = F.reshape(lstm_in, (len(lstm_in), self.state_size, 4))
        a, i, f, o = F.separate(gates, axis=2)
        a = F.tanh(a)
        i = F.sigmoid(i + self.peep_i(self.c))
        f = F.sigmoid(f + self.peep_f(self.c))
        self.c = a * i + f * self.c
        o = F.sigmoid(o + self.peep_o(self.c))
        self.h = o * F.tanh(self.c)
        return self.h
