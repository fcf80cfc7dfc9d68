"""Tree-structured LSTM units (Tai et al., 2015): ``ChildSumTreeLSTM`` and ``NaryTreeLSTM``.

Both are called with the children's cell states, then the children's outputs, then the
input: ``link(c_1, ..., c_n, h_1, ..., h_n, x)``, and return ``(c, h)`` of the parent.  A
child given as ``None`` (a missing child) counts as zeros, and so does an input ``x`` of
``None``.
"""
from chainer import functions as F
from chainer import link
from chainer.links.connection import linear
from chainer.links.rnn import _state


def _split_arguments(cshsx):
    if len(cshsx) % 2 != 1:
        raise AssertionError(
            'a tree LSTM takes the cell states, the outputs of the same children and the '
            'input (an odd number of arguments), got {} arguments'.format(len(cshsx)))
    n = len(cshsx) // 2
    return list(cshsx[:n]), list(cshsx[n:2 * n]), cshsx[-1]


class _TreeLSTMBase(link.Chain):
    # Zero-filling of missing children and inputs, shared by both links.

    def _prepare(self, cs, hs, x):
        # Returns (batch, dtype, x) with a missing input replaced by zeros.
        for v in [x] + cs + hs:
            if v is not None:
                batch, dtype = len(v), v.dtype
                break
        else:
            raise ValueError('{}: all of the cell states, outputs and input are None'.format(
                type(self).__name__))
        if x is None:
            x = _state.zeros(self, (batch, self.in_size), dtype)
        return batch, dtype, x

    def _zero_filled(self, states, batch, dtype):
        zero = None
        filled = []
        for v in states:
            if v is None:
                if zero is None:
                    zero = _state.zeros(self, (batch, self.state_size), dtype)
                v = zero
            filled.append(v)
        return filled


class ChildSumTreeLSTM(_TreeLSTMBase):
    """Child-Sum TreeLSTM unit, for any number of unordered children.

    With ``a, i, o, f`` the four ``out_size`` blocks of ``W_x(x)``::

        a, i, o = (a, i, o) + W_h_aio(h_1 + ... + h_n)
        f_k = f + W_h_f(h_k)
        c = tanh(a) * sigmoid(i) + sum_k sigmoid(f_k) * c_k
        h = sigmoid(o) * tanh(c)

    The result does not depend on the order of the children.  Called with no children
    (``link(x)``) it gives ``c = tanh(a) * sigmoid(i)``.

    Args:
        in_size (int or None): Input size (``None``: decided by the first input).
        out_size (int): Size of the cell state and output.

    Attributes:
        W_x (~chainer.links.Linear): Input to the ``a, i, o, f`` blocks (with bias).
        W_h_aio (~chainer.links.Linear): Sum of the children's outputs to ``a, i, o``.
        W_h_f (~chainer.links.Linear): Each child's output to its forget gate.
    """

    def __init__(self, in_size, out_size):
        super().__init__()
        with self.init_scope():
            self.W_x = linear.Linear(in_size, 4 * out_size)
            self.W_h_aio = linear.Linear(out_size, 3 * out_size, nobias=True)
            self.W_h_f = linear.Linear(out_size, out_size, nobias=True)
        self.in_size = in_size
        self.state_size = out_size

    def forward(self, *cshsx):
        """Returns ``(c, h)`` from ``c_1, ..., c_n, h_1, ..., h_n, x``."""
        cs, hs, x = _split_arguments(cshsx)
        batch, dtype, x = self._prepare(cs, hs, x)
        x_aio, x_f = F.split_axis(self.W_x(x), [3 * self.state_size], axis=1)
        if not cs:
            a, i, o = F.split_axis(x_aio, 3, axis=1)
            c = F.tanh(a) * F.sigmoid(i)
            return c, F.sigmoid(o) * F.tanh(c)
        cs = self._zero_filled(cs, batch, dtype)
        hs = self._zero_filled(hs, batch, dtype)
        aio = x_aio + self.W_h_aio(sum(hs[1:], hs[0]))
        n = len(hs)
        h_f = self.W_h_f(F.concat(hs, axis=0) if n > 1 else hs[0])
        # (n * B, S) -> (B, n * S): child k's forget gate in block k
        h_f = F.concat(F.split_axis(h_f, n, axis=0), axis=1) if n > 1 else h_f
        f = h_f + F.tile(x_f, (1, n))
        return F.tree_lstm(*cs, F.concat([aio, f], axis=1))


class NaryTreeLSTM(_TreeLSTMBase):
    """N-ary TreeLSTM unit, for a fixed number of ordered children.

    Each child ``k`` has its own weight ``W_h<k>``; the gate pre-activations of
    :func:`~chainer.functions.tree_lstm` (``a, i, o, f_1, ..., f_n`` in blocks of
    ``out_size``) are ``W_x(x) + W_h1(h_1) + ... + W_hn(h_n)`` (the variant of Bowman et
    al., 2016, with a forget gate per child).  The result depends on the children's order.

    Args:
        in_size (int or None): Input size (``None``: decided by the first input).
        out_size (int): Size of the cell state and output.
        n_ary (int): Number of children (at least 1).

    Attributes:
        W_x (~chainer.links.Linear): Input to the gates (with bias).
        W_h1, ..., W_hn (~chainer.links.Linear): Each child's output to the gates.
    """

    def __init__(self, in_size, out_size, n_ary=2):
        if n_ary < 1:
            # AssertionError is what Chainer v7 raises here.
            raise AssertionError('NaryTreeLSTM: n_ary must be at least 1, got {}'.format(n_ary))
        super().__init__()
        n_gates = (3 + n_ary) * out_size
        with self.init_scope():
            self.W_x = linear.Linear(in_size, n_gates)
            for k in range(1, n_ary + 1):
                setattr(self, 'W_h{}'.format(k), linear.Linear(out_size, n_gates, nobias=True))
        self.in_size = in_size
        self.state_size = out_size
        self.n_ary = n_ary

    def forward(self, *cshsx):
        """Returns ``(c, h)`` from ``c_1, ..., c_n, h_1, ..., h_n, x`` (``n = n_ary``)."""
        if len(cshsx) != 2 * self.n_ary + 1:
            raise AssertionError(
                'NaryTreeLSTM with n_ary={} takes {} arguments (cell states, outputs, input), '
                'got {}'.format(self.n_ary, 2 * self.n_ary + 1, len(cshsx)))
        cs, hs, x = _split_arguments(cshsx)
        batch, dtype, x = self._prepare(cs, hs, x)
        gates = self.W_x(x)
        for k, h in enumerate(hs, 1):
            if h is not None:   # a missing child adds nothing
                gates += getattr(self, 'W_h{}'.format(k))(h)
        return F.tree_lstm(*self._zero_filled(cs, batch, dtype), gates)
