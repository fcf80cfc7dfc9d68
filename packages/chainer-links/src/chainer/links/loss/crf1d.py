"""Linear-chain conditional random field loss layer (``CRF1d``)."""
import chainer
from chainer.functions.array import transpose_sequence
from chainer.functions.loss import crf1d
from chainer import initializers
from chainer import link
from chainer.links.rnn import n_step_rnn
from chainer.links.rnn.n_step_rnn import argsort_list_descent, permutate_list  # NOQA (v7 names)


def _time_major(sequences, order):
    # the sequences, longest first, turned into one batch per time step
    return transpose_sequence.transpose_sequence(
        n_step_rnn.permutate_list(sequences, order, inv=False))


class CRF1d(link.Link):
    """Linear-chain conditional random field loss layer (wraps
    :func:`~chainer.functions.crf1d`).

    Args:
        n_label (int): Number of labels.
        initial_cost: Initializer of the transition cost matrix (0 by default).

    Attributes:
        cost (~chainer.Parameter): ``(n_label, n_label)`` transition costs; ``cost[i, j]``
            scores the transition from label ``i`` to label ``j``.
    """

    def __init__(self, n_label, initial_cost=None):
        super().__init__()
        if initial_cost is None:
            initial_cost = initializers.constant.Zero()
        with self.init_scope():
            self.cost = chainer.Parameter(
                initializers._get_initializer(initial_cost), (n_label, n_label))

    def forward(self, xs, ys, reduce='mean', transpose=False):
        """Computes the negative log-likelihood of the label sequences.

        Args:
            xs (list of ~chainer.Variable): Label scores: one ``(batch, n_label)`` array per
                time step, batches sorted by decreasing sequence length (or, with
                ``transpose``, one ``(length, n_label)`` array per sequence).
            ys (list of ~chainer.Variable): ``int32`` labels, laid out as ``xs``.
            reduce (str): ``'mean'`` (over the batch) or ``'no'`` (one loss per sequence,
                longest sequence first with ``transpose``).
            transpose (bool): Whether ``xs`` and ``ys`` hold one array per sequence (any
                order; they are sorted by length and transposed).

        Returns:
            ~chainer.Variable: The loss.
        """
        if transpose:
            order = n_step_rnn.argsort_list_descent(xs)
            xs = _time_major(xs, order)
            ys = _time_major(ys, order)
        return crf1d.crf1d(self.cost, xs, ys, reduce)

    def argmax(self, xs, transpose=False):
        """Computes the best label sequences (Viterbi).

        Args:
            xs (list of ~chainer.Variable): Label scores, laid out as in :meth:`forward`.
            transpose (bool): Whether ``xs`` holds one array per sequence.

        Returns:
            tuple: The scores of the best paths (longest sequence first with ``transpose``)
            and the paths: one ``int32`` array per time step, or per sequence in the
            order of ``xs`` with ``transpose``.
        """
        if not transpose:
            return crf1d.argmax_crf1d(self.cost, xs)
        order = n_step_rnn.argsort_list_descent(xs)
        score, path = crf1d.argmax_crf1d(self.cost, _time_major(xs, order))
        path = [p.array for p in transpose_sequence.transpose_sequence(path)]
        return score, n_step_rnn.permutate_list(path, order, inv=True)
