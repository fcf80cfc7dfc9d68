"""Fully-connected LSTM layers: the stateful ``LSTM`` and the ``StatelessLSTM``."""
import chainer
from chainer import initializers, link
from chainer import functions as F
from chainer.links.connection import linear
from chainer.links.rnn import _state
from chainer.utils import array as array_utils


class LSTMBase(link.Chain):
    """Parameters shared by :class:`LSTM` and :class:`StatelessLSTM`.

    ``upward`` (``in_size -> 4 * out_size``, with bias) and ``lateral``
    (``out_size -> 4 * out_size``, no bias) give the gate pre-activations of
    :func:`~chainer.functions.lstm`, interleaved per unit as ``a, i, f, o``.  The
    initializers are applied to each block of ``out_size`` weight rows, and to each gate's
    share of the bias (viewed with shape ``(1, out_size, 1)``).

    Args:
        in_size (int or None): Input size; ``None`` defers the creation of the ``upward``
            weight to the first forward pass.  With a single argument it is ``out_size``.
        out_size (int): Number of units.
        lateral_init: Initializer of the lateral weight (default: LeCun normal).
        upward_init: Initializer of the upward weight (default: LeCun normal).
        bias_init: Initializer of the biases of ``a``, ``i`` and ``o`` (default: 0).
        forget_bias_init: Initializer of the forget gate bias (default: 1).
    """

    def __init__(self, in_size, out_size=None, lateral_init=None, upward_init=None,
                 bias_init=None, forget_bias_init=None):
        if out_size is None:
            in_size, out_size = None, in_size
        super().__init__()
        self.state_size = out_size
        self.lateral_init = lateral_init
        self.upward_init = upward_init
        self.bias_init = 0 if bias_init is None else bias_init
        self.forget_bias_init = 1 if forget_bias_init is None else forget_bias_init
        with self.init_scope():
            self.upward = linear.Linear(in_size, 4 * out_size, initialW=0)
            self.lateral = linear.Linear(out_size, 4 * out_size, initialW=0, nobias=True)
            if in_size is not None:
                self._initialize_params()

    def _initialize_params(self):
        lateral_init = initializers._get_initializer(self.lateral_init)
        upward_init = initializers._get_initializer(self.upward_init)
        bias_init = initializers._get_initializer(self.bias_init)
        forget_bias_init = initializers._get_initializer(self.forget_bias_init)
        size = self.state_size
        lateral_w = self.lateral.W.array
        upward_w = self.upward.W.array
        with chainer.using_device(self.device):
            for start in range(0, 4 * size, size):
                lateral_init(lateral_w[start:start + size])
                upward_init(upward_w[start:start + size])
            # each gate's share of the interleaved bias, as a (1, size, 1) view
            gates = self.upward.b.array.reshape(1, size, 4, 1)
            a, i, f, o = (gates[:, :, k] for k in range(4))
            bias_init(a)
            bias_init(i)
            forget_bias_init(f)
            bias_init(o)

    def _ensure_upward(self, x):
        # Lazy ``in_size``: the upward weight is created (and all weights initialized) on
        # the first call.
        if self.upward.W.array is None:
            in_size = array_utils.size_of_shape(x.shape[1:])
            self.upward.W.initialize((4 * self.state_size, in_size))
            self._initialize_params()


class StatelessLSTM(LSTMBase):
    """Fully-connected LSTM layer that keeps no state: ``c, h = link(c, h, x)``.

    Args:
        in_size (int or None): Input size (``None``: decided by the first input).  With a
            single argument it is ``out_size``.
        out_size (int): Number of units.
        lateral_init, upward_init, bias_init, forget_bias_init: Initializers, as in
            :class:`LSTM`.

    Attributes:
        upward (~chainer.links.Linear): The input-to-gates connection.
        lateral (~chainer.links.Linear): The output-to-gates connection (no bias).
    """

    def forward(self, c, h, x):
        """Returns ``(c_new, h_new)`` from the previous state and the input.

        Args:
            c (~chainer.Variable or None): Previous cell state (zeros when ``None``).
            h (~chainer.Variable or None): Previous output (no lateral input when ``None``).
            x (~chainer.Variable): Input; its batch may be smaller than that of ``c``, then
                only the first ``len(x)`` rows of the cell are updated.

        Returns:
            tuple: The new cell state and the output.
        """
        self._ensure_upward(x)
        lstm_in = self.upward(x)
        if h is not None:
            lstm_in += self.lateral(h)
        if c is None:
            c = _state.zeros(self, (len(lstm_in), self.state_size), lstm_in.dtype)
        return F.lstm(c, lstm_in)


class LSTM(_state.SettableCellState, LSTMBase):
    """Fully-connected LSTM layer that keeps its cell state ``c`` and output ``h``.

    Each call computes the gates from the input (``upward``) and the previous output
    (``lateral``), updates the state with :func:`~chainer.functions.lstm` and returns the
    new output.  The batch of the first input fixes the batch of the state; later inputs
    may have smaller batches (sequences sorted by decreasing length): only the first
    ``len(x)`` rows of ``c`` and ``h`` are updated.

    Args:
        in_size (int or None): Input size; ``None`` (or a single argument, which is then
            ``out_size``) decides it from the first input.
        out_size (int): Number of units.
        lateral_init: Initializer of the lateral weight (default: LeCun normal).
        upward_init: Initializer of the upward weight (default: LeCun normal).
        bias_init: Initializer of the biases of the cell input, input gate and output
            gate (default: 0).
        forget_bias_init: Initializer of the forget gate bias (default: 1).

    Attributes:
        upward (~chainer.links.Linear): The input-to-gates connection.
        lateral (~chainer.links.Linear): The output-to-gates connection (no bias).
        c (~chainer.Variable): Cell state (``None`` before the first call).
        h (~chainer.Variable): Output of the previous step (``None`` before the first
            call).
    """

    def __init__(self, in_size, out_size=None, lateral_init=None, upward_init=None,
                 bias_init=None, forget_bias_init=None):
        super().__init__(in_size, out_size, lateral_init, upward_init, bias_init,
                         forget_bias_init)
        self.reset_state()

    def forward(self, x):
        """Updates the state with the input ``x`` and returns the new output ``h``.

        Args:
            x (~chainer.Variable): Input of shape ``(B, in_size)``; ``B`` must not exceed
                the batch of the current state.

        Returns:
            ~chainer.Variable: Output of shape ``(B, out_size)``.
        """
        self._ensure_upward(x)
        batch = len(x)
        lstm_in = self.upward(x)
        h_rest = None
        if self.h is not None:
            h_size = len(self.h)
            if h_size < batch:
                raise TypeError(
                    'The batch size of x must be equal to or less than the size of the '
                    'previous state h.')
            if batch == 0:
                h_rest = self.h
            elif h_size > batch:
                h_update, h_rest = F.split_axis(self.h, [batch], axis=0)
                lstm_in += self.lateral(h_update)
            else:
                lstm_in += self.lateral(self.h)
        if self.c is None:
            self.c = _state.zeros(self, (batch, self.state_size), lstm_in.dtype)
        self.c, y = F.lstm(self.c, lstm_in)
        if h_rest is None:
            self.h = y
        elif batch == 0:
            self.h = h_rest
        else:
            self.h = F.concat([y, h_rest], axis=0)
        return y
