"""Stacked RNN links whose hidden states come from and go to other processes."""
import chainer
from chainermn.functions import point_to_point_communication
from chainermn.functions.pseudo_connect import pseudo_connect


class _MultiNodeNStepRNN(chainer.Chain):
    """Wraps an NStep RNN link: receives its initial states, sends its final states."""

    def __init__(self, link, communicator, rank_in, rank_out):
        if not hasattr(link, 'n_cells'):
            raise ValueError('create_multi_node_n_step_rnn: {} is not a stacked (NStep) RNN '
                             'link'.format(type(link).__name__))
        super().__init__()
        with self.init_scope():
            self.actual_rnn = link
        self.communicator = communicator
        self.rank_in = rank_in
        self.rank_out = rank_out

    def forward(self, *inputs):
        """Runs the RNN from the states received from ``rank_in`` (or zeros).

        Args:
            inputs: The inputs of the RNN after its states (e.g. ``xs``).

        Returns:
            The outputs of the RNN followed by the delegate variable of the send of the final
            states (``None`` when ``rank_out`` is ``None``).
        """
        n_cells = self.actual_rnn.n_cells
        states = [None] * n_cells
        if self.rank_in is not None:
            states = [point_to_point_communication.recv(self.communicator, self.rank_in)
                      for _ in range(n_cells)]
        outputs = self.actual_rnn(*states, *inputs)
        delegate = None
        if self.rank_out is not None:
            for state in outputs[:n_cells]:
                if delegate is not None:
                    state, = pseudo_connect(delegate, state)
                delegate = point_to_point_communication.send(state, self.communicator,
                                                             self.rank_out)
        return tuple(outputs) + (delegate,)


def create_multi_node_n_step_rnn(actual_link, communicator, rank_in=None, rank_out=None):
    """Creates a stacked RNN link that exchanges its hidden states with other processes.

    The created link receives its initial hidden states from the process ``rank_in`` (zeros
    when ``None``), runs ``actual_link`` and sends its final hidden states to the process
    ``rank_out``. It returns the outputs of ``actual_link`` plus a delegate variable: when
    ``rank_out`` is given, the backward must also be started from it (see
    :func:`chainermn.functions.pseudo_connect`).

    Args:
        actual_link (~chainer.Link): A stacked RNN link (``NStepLSTM``, ``NStepGRU``,
            ``NStepRNNTanh``, ``NStepRNNReLU`` and their ``Bi`` variants).
        communicator: ChainerMN communicator.
        rank_in (int or None): Rank that sends the initial hidden states.
        rank_out (int or None): Rank the final hidden states are sent to.

    Returns:
        The multi-node stacked RNN link.
    """
    return _MultiNodeNStepRNN(actual_link, communicator, rank_in, rank_out)
