"""Differentiable collective communication: bcast, gather, scatter, allgather, alltoall.

Every process of the communicator must call the same function in the same order, in forward
and in backward. The backward of each is the dual collective: bcast <-> gather (summed),
scatter <-> gather, allgather <-> alltoall (summed), alltoall <-> alltoall.
"""
import chainer
from chainermn.functions import _callable
from chainermn.functions import _delegate


def _sum(arrays):
    total = arrays[0].copy()
    for a in arrays[1:]:
        total += a
    return total


class AllGather(_callable.CallableFunctionNode):
    """Gathers the input of every process at every process (one output per rank)."""

    def __init__(self, comm):
        chainer.utils.experimental('chainermn.functions.AllGather')
        self.comm = comm
        self._templates = None

    def forward(self, inputs):
        x, = inputs
        ys = self.comm.allgather(x)
        self._templates = [_delegate.template(y) for y in ys]
        return ys

    def backward(self, indexes, grad_outputs):
        gys = _delegate.grad_arrays(grad_outputs, self._templates)
        return chainer.Variable(_sum(self.comm.alltoall(gys))),


class AllToAll(_callable.CallableFunctionNode):
    """Sends its ``i``-th input to the process ``i``; outputs what each process sent here."""

    def __init__(self, comm):
        chainer.utils.experimental('chainermn.functions.AllToAll')
        self.comm = comm
        self._templates = None

    def forward(self, inputs):
        ys = self.comm.alltoall(inputs)
        self._templates = [_delegate.template(y) for y in ys]
        return ys

    def backward(self, indexes, grad_outputs):
        gxs = self.comm.alltoall(_delegate.grad_arrays(grad_outputs, self._templates))
        return tuple(chainer.Variable(gxs[i]) for i in indexes)


class Bcast(_callable.CallableFunctionNode):
    """Broadcasts the input of ``root``; the others pass a delegate input."""

    def __init__(self, comm, root):
        chainer.utils.experimental('chainermn.functions.Bcast')
        self.comm = comm
        self.root = root
        self._template = None
        self._delegate_xp = None

    def forward(self, inputs):
        x, = inputs
        is_root = self.comm.rank == self.root
        if not is_root:
            self._delegate_xp = _delegate.xp_of(x)
        y = self.comm.bcast(x if is_root else None, self.root)
        self._template = _delegate.template(y)
        return y,

    def backward(self, indexes, grad_outputs):
        gy, = _delegate.grad_arrays(grad_outputs, (self._template,))
        gys = self.comm.gather(gy, self.root)
        if self.comm.rank == self.root:
            return chainer.Variable(_sum(gys)),
        return chainer.Variable(_delegate.empty(self._delegate_xp)),


class Gather(_callable.CallableFunctionNode):
    """Gathers the inputs at ``root`` (one output per rank there, a delegate elsewhere)."""

    def __init__(self, comm, root):
        chainer.utils.experimental('chainermn.functions.Gather')
        self.comm = comm
        self.root = root
        self._templates = None

    def forward(self, inputs):
        x, = inputs
        ys = self.comm.gather(x, self.root)
        if self.comm.rank == self.root:
            self._templates = [_delegate.template(y) for y in ys]
            return ys
        return _delegate.empty(_delegate.xp_of(x), x.dtype),

    def backward(self, indexes, grad_outputs):
        if self.comm.rank == self.root:
            gx = self.comm.scatter(_delegate.grad_arrays(grad_outputs, self._templates), self.root)
        else:
            gx = self.comm.scatter(None, self.root)
        return chainer.Variable(gx),


class Scatter(_callable.CallableFunctionNode):
    """Sends the ``i``-th input of ``root`` to the process ``i`` (delegate inputs elsewhere)."""

    def __init__(self, comm, root):
        chainer.utils.experimental('chainermn.functions.Scatter')
        self.comm = comm
        self.root = root
        self._template = None
        self._delegate_xp = None

    def forward(self, inputs):
        is_root = self.comm.rank == self.root
        if not is_root:
            self._delegate_xp = _delegate.xp_of(inputs[0])
        y = self.comm.scatter(inputs if is_root else None, self.root)
        self._template = _delegate.template(y)
        return y,

    def backward(self, indexes, grad_outputs):
        gy, = _delegate.grad_arrays(grad_outputs, (self._template,))
        gxs = self.comm.gather(gy, self.root)
        if self.comm.rank == self.root:
            return tuple(chainer.Variable(gxs[i]) for i in indexes)
        return chainer.Variable(_delegate.empty(self._delegate_xp)),


def allgather(comm, x):
    """Gathers ``x`` of every process at every process.

    In backward, the gradients of all processes w.r.t. a process's ``x`` are summed.

    Args:
        comm: ChainerMN communicator.
        x (~chainer.Variable): The variable of this process (any shape).

    Returns:
        tuple of ~chainer.Variable: The variables of all processes, ordered by rank.
    """
    chainer.utils.experimental('chainermn.functions.all_gather')
    return AllGather(comm).apply((x,))


def alltoall(comm, xs):
    """Sends ``xs[i]`` to the process of rank ``i``; receives one variable from each process.

    Args:
        comm: ChainerMN communicator.
        xs (tuple of ~chainer.Variable): ``comm.size`` variables.

    Returns:
        tuple of ~chainer.Variable: The variables received, ordered by the sender's rank.
    """
    chainer.utils.experimental('chainermn.functions.all_to_all')
    return AllToAll(comm).apply(tuple(xs))


def bcast(comm, x, root=0):
    """Broadcasts ``x`` of ``root`` to every process.

    In backward, the gradients of all processes are summed into ``x`` at ``root``. Only the
    ``root`` needs an ``x``; the other processes may pass ``None``.

    Args:
        comm: ChainerMN communicator.
        x (~chainer.Variable): The variable to broadcast (at ``root``).
        root (int): Rank of the sender.

    Returns:
        ~chainer.Variable: The broadcast variable.
    """
    chainer.utils.experimental('chainermn.functions.bcast')
    if comm.rank == root:
        return Bcast(comm, root).apply((x,))[0]
    return Bcast(comm, root).apply((_delegate.dummy_input(),))[0]


def gather(comm, x, root=0):
    """Gathers ``x`` of every process at ``root``.

    Args:
        comm: ChainerMN communicator.
        x (~chainer.Variable): The variable of this process.
        root (int): Rank of the receiver.

    Returns:
        At ``root``, a tuple of the variables of all processes ordered by rank; elsewhere a
        delegate variable (start backward from it to receive the gradient of ``x``).
    """
    chainer.utils.experimental('chainermn.functions.gather')
    ys = Gather(comm, root).apply((x,))
    if comm.rank == root:
        return ys
    return _delegate.prepared(ys[0])


def scatter(comm, xs, root=0):
    """Sends ``xs[i]`` of ``root`` to the process of rank ``i``.

    Args:
        comm: ChainerMN communicator.
        xs (tuple of ~chainer.Variable): ``comm.size`` variables (at ``root``; ignored and
            may be ``None`` elsewhere).
        root (int): Rank of the sender.

    Returns:
        ~chainer.Variable: The variable this process receives.
    """
    chainer.utils.experimental('chainermn.functions.scatter')
    if comm.rank == root:
        return Scatter(comm, root).apply(tuple(xs))[0]
    return Scatter(comm, root).apply((_delegate.dummy_input(),))[0]
