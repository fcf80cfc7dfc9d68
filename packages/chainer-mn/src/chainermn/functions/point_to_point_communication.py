"""Differentiable point-to-point communication: ``send`` and ``recv``."""
import chainer
from chainermn.functions import _callable
from chainermn.functions import _delegate


def _check_peer(communicator, rank):
    if rank == communicator.rank:
        raise ValueError('rank must be different from communicator rank, otherwise deadlock '
                         'occurs (rank {})'.format(rank))


class Send(_callable.CallableFunctionNode):
    """Sends its inputs to a peer process; its backward receives their gradients from it.

    The output is an empty delegate variable (see :func:`send`). The inputs travel as a tuple
    when ``is_tuple`` (by default, when there are several). With ``n_sent``, only the first
    ``n_sent`` inputs are sent: a trailing delegate input keeps the node in the graph when none
    of the sent variables requires a gradient.
    """

    def __init__(self, comm, peer_rank, peer_tag, is_tuple=None, n_sent=None):
        chainer.utils.experimental('chainermn.functions.Send')
        self.comm = comm
        self.peer_rank = peer_rank
        self.peer_tag = peer_tag
        self._is_tuple = is_tuple
        self._n_sent = n_sent

    @property
    def label(self):
        return 'Send'

    def forward(self, inputs):
        xs = inputs if self._n_sent is None else inputs[:self._n_sent]
        if self._is_tuple is None:
            self._is_tuple = len(xs) > 1
        self.comm.send(xs if self._is_tuple else xs[0], self.peer_rank, self.peer_tag)
        return _delegate.empty(_delegate.xp_of(xs[0])),

    def backward(self, indexes, grad_outputs):
        gxs = self.comm.recv(self.peer_rank, self.peer_tag)
        if not self._is_tuple:
            gxs = (gxs,)
        gxs = [chainer.Variable(g) for g in gxs]
        if self._n_sent is not None:
            gxs.append(chainer.Variable(_delegate.empty(_delegate.xp_of(gxs[0].array))))
        return tuple(gxs[i] for i in indexes)


class Recv(_callable.CallableFunctionNode):
    """Receives arrays from a peer process; its backward sends their gradients back to it.

    Its only input is a delegate variable, which connects the graph of an earlier
    communication of this process (see :func:`recv`).
    """

    def __init__(self, comm, peer_rank, peer_tag):
        chainer.utils.experimental('chainermn.functions.Recv')
        self.comm = comm
        self.peer_rank = peer_rank
        self.peer_tag = peer_tag
        self.is_tuple = False
        self._templates = None
        self._delegate_template = None

    @property
    def label(self):
        return 'Recv'

    def forward(self, inputs):
        self._delegate_template = _delegate.template(inputs[0])
        data = self.comm.recv(self.peer_rank, self.peer_tag)
        self.is_tuple = isinstance(data, tuple)
        ys = data if self.is_tuple else (data,)
        self._templates = [_delegate.template(y) for y in ys]
        return tuple(ys)

    def backward(self, indexes, grad_outputs):
        gys = _delegate.grad_arrays(grad_outputs, self._templates)
        self.comm.send(gys if self.is_tuple else gys[0], self.peer_rank, self.peer_tag)
        return _delegate.zero_grad(self._delegate_template),


def send(x, communicator, rank, tag=0):
    """Sends a variable (or a tuple of variables of one dtype) to another process.

    The receiving process calls :func:`recv`. In backward, the gradients computed by the
    receiver come back and flow into ``x``; backward is started from the returned *delegate
    variable*: call its ``backward()``, or pass it to :func:`recv` (``delegate_variable``) or
    :func:`pseudo_connect` to connect it with the rest of this process's graph.

    Args:
        x (~chainer.Variable or tuple of them): What to send.
        communicator: ChainerMN communicator.
        rank (int): Rank of the receiver (not this process).
        tag (int): Message tag (must match the receiver's).

    Returns:
        ~chainer.Variable: The delegate variable (empty, float32).
    """
    chainer.utils.experimental('chainermn.functions.send')
    _check_peer(communicator, rank)
    is_tuple = isinstance(x, (tuple, list))
    xs = tuple(x) if is_tuple else (x,)
    if any(isinstance(v, chainer.Variable) and v.requires_grad for v in xs):
        node = Send(communicator, rank, tag, is_tuple)
    else:
        node = Send(communicator, rank, tag, is_tuple, n_sent=len(xs))
        xs += (_delegate.dummy_input(),)
    delegate, = node.apply(xs)
    return _delegate.prepared(delegate)


def recv(communicator, rank, delegate_variable=None, tag=0, force_tuple=False):
    """Receives the variable(s) another process sends with :func:`send`.

    In backward, the gradients of the received variables are sent back to the sender.

    Args:
        communicator: ChainerMN communicator.
        rank (int): Rank of the sender (not this process).
        delegate_variable (~chainer.Variable): The delegate variable of an earlier
            :func:`send` of this process, so that the backward of this receive is followed by
            the backward of that send (one graph per process).
        tag (int): Message tag (must match the sender's).
        force_tuple (bool): Return a tuple even when a single variable was sent.

    Returns:
        ~chainer.Variable, or a tuple of them when several were sent or ``force_tuple``
        (a tuple of one variable arrives as that variable, as in ChainerMN).
    """
    chainer.utils.experimental('chainermn.functions.recv')
    _check_peer(communicator, rank)
    if delegate_variable is None:
        delegate_variable = _delegate.dummy_input()
    node = Recv(communicator, rank, tag)
    ys = node.apply((delegate_variable,))
    if force_tuple or len(ys) > 1:
        return ys
    return ys[0]
