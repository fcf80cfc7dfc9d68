"""Stacked LSTMs over lists of sequences: ``NStepLSTM`` and ``NStepBiLSTM``."""
from chainer.links.rnn import n_step_rnn
from chainer.utils import argument


class NStepLSTMBase(n_step_rnn.NStepRNNBase):
    """Base of the stacked LSTM links: 8 weights and biases per layer and direction.

    ``w0``..``w3`` act on the input and ``w4``..``w7`` on the hidden state, for the input
    gate, forget gate, cell input and output gate in this order (see
    :func:`~chainer.functions.n_step_lstm`).  Arguments as in
    :class:`~chainer.links.rnn.n_step_rnn.NStepRNNBase`.
    """

    n_weights = 8

    @property
    def n_cells(self):
        """2: the hidden state ``h`` and the cell state ``c``."""
        return 2

    def forward(self, hx, cx, xs, **kwargs):
        """Computes the last states of all layers and the outputs of the last layer.

        Args:
            hx (~chainer.Variable or None): Initial hidden states of shape
                ``(n_layers * direction, B, out_size)`` (``B = len(xs)``); zeros when
                ``None``.
            cx (~chainer.Variable or None): Initial cell states, shaped as ``hx``; zeros
                when ``None``.
            xs (list of ~chainer.Variable): ``B`` sequences of shape ``(L_i, in_size)``.

        Returns:
            tuple: ``(hy, cy, ys)``: the last hidden and cell states (shaped as ``hx``) and
            the list of outputs ``ys[i]`` of shape ``(L_i, direction * out_size)``.
        """
        argument.check_unexpected_kwargs(kwargs, train=argument._TRAIN_REMOVED)
        argument.assert_kwargs_empty(kwargs)
        return self._call([hx, cx], xs)


class NStepLSTM(NStepLSTMBase):
    """Stacked uni-directional LSTM for sequences: ``hy, cy, ys = link(hx, cx, xs)``.

    The sequences may come in any order and lengths; the link sorts and transposes them for
    :func:`~chainer.functions.n_step_lstm` and returns the outputs in the input order.

    Args:
        n_layers (int): Number of layers.
        in_size (int): Input size.
        out_size (int): Number of units.
        dropout (float): Dropout ratio.
        initialW: Initializer of the weights (default: LeCun normal).
        initial_bias: Initializer of the biases (default: 0).
    """

    use_bi_direction = False
    rnn = n_step_rnn._rnn_calling('n_step_lstm')


class NStepBiLSTM(NStepLSTMBase):
    """Stacked bi-directional LSTM for sequences: ``hy, cy, ys = link(hx, cx, xs)``.

    As :class:`NStepLSTM` with :func:`~chainer.functions.n_step_bilstm`: the states have
    ``2 * n_layers`` rows and the outputs ``2 * out_size`` features.
    """

    use_bi_direction = True
    rnn = n_step_rnn._rnn_calling('n_step_bilstm')
