"""LSTM regularized by zoneout (Krueger et al., 2016): ``StatefulZoneoutLSTM``."""
from chainer import functions as F
from chainer import link
from chainer.links.connection import linear
from chainer.links.rnn import _state
from chainer.utils import argument


class StatefulZoneoutLSTM(_state.SettableCellState, link.Chain):
    """Fully-connected LSTM layer with zoneout on its cell state and output.

    Each step computes ``c_new, h_new`` with :func:`~chainer.functions.lstm` from
    ``upward(x) + lateral(h)``, then keeps each element of the previous ``c`` (``h``)
    instead of the new one with probability ``c_ratio`` (``h_ratio``) in training mode
    (:func:`~chainer.functions.zoneout`).  The state starts as zeros after a reset.

    Args:
        in_size (int or None): Input size (``None``: decided by the first input).
        out_size (int): Number of units.
        c_ratio (float): Zoneout ratio of the cell state.
        h_ratio (float): Zoneout ratio of the output.

    Attributes:
        upward (~chainer.links.Linear): The input-to-gates connection.
        lateral (~chainer.links.Linear): The output-to-gates connection (no bias).
        c (~chainer.Variable): Cell state (``None`` before the first call).
        h (~chainer.Variable): Output of the last step (``None`` before the first call).
    """

    def __init__(self, in_size, out_size, c_ratio=0.5, h_ratio=0.5, **kwargs):
        argument.check_unexpected_kwargs(
            kwargs, train=argument._TRAIN_REMOVED)
        argument.assert_kwargs_empty(kwargs)
        super().__init__()
        self.state_size = out_size
        self.c_ratio = c_ratio
        self.h_ratio = h_ratio
        self.reset_state()
        with self.init_scope():
            self.upward = linear.Linear(in_size, 4 * out_size)
            self.lateral = linear.Linear(out_size, 4 * out_size, nobias=True)

    def forward(self, x):
        """Updates the state with the input ``x`` and returns the new output ``h``."""
        lstm_in = self.upward(x)
        if self.h is None:
            self.h = _state.zeros(self, (len(x), self.state_size), lstm_in.dtype)
        else:
            lstm_in += self.lateral(self.h)
        if self.c is None:
            self.c = _state.zeros(self, (len(x), self.state_size), lstm_in.dtype)
        c_new, h_new = F.lstm(self.c, lstm_in)
        self.c = F.zoneout(self.c, c_new, self.c_ratio)
        self.h = F.zoneout(self.h, h_new, self.h_ratio)
        return self.h
