"""``MultiNodeChainList``: a model split into parts that exchange data between processes."""
from chainer import link
from chainermn.functions import _delegate
from chainermn.functions import point_to_point_communication
from chainermn.functions.pseudo_connect import pseudo_connect


def _ranks(rank):
    if rank is None:
        return None
    if isinstance(rank, int):
        return [rank]
    return list(rank)


def _chain(delegate, other):
    """A delegate variable whose backward runs those of ``delegate`` and ``other``."""
    if delegate is None:
        return other
    return _delegate.prepared(pseudo_connect(delegate, other)[0])


class MultiNodeChainList(link.ChainList):
    """A chain list of model parts that receive their inputs from and send their outputs to
    other processes (model parallelism).

    Each part is added with :meth:`add_link` together with the ranks it receives its inputs
    from (``rank_in``) and sends its outputs to (``rank_out``). Calling the chain runs the
    parts in the order they were added: a part with ``rank_in=None`` takes the chain's
    inputs, the others take what they receive (one argument per rank, a tuple when a tuple
    was sent); a part with ``rank_out=None`` gives the chain's output, the others send
    theirs. The communications are connected in the graph, so one ``backward()`` from the
    output (or from the returned delegate variable when no part has ``rank_out=None``)
    runs the backward of every part in reverse order, exchanging gradients with the other
    processes.

    Example (a model split over two processes)::

        class Model0(chainermn.MultiNodeChainList):      # at rank 0
            def __init__(self, comm):
                super().__init__(comm)
                self.add_link(MLP(784, 100), rank_in=None, rank_out=1)
                self.add_link(MLP(100, 10), rank_in=1, rank_out=None)

        class Model1(chainermn.MultiNodeChainList):      # at rank 1
            def __init__(self, comm):
                super().__init__(comm)
                self.add_link(MLP(100, 100), rank_in=0, rank_out=0)

    Args:
        comm: ChainerMN communicator.
    """

    def __init__(self, comm):
        super().__init__()
        self._comm = comm
        self._rank_inouts = []

    def add_link(self, link, rank_in=None, rank_out=None):
        """Registers a part of the model with the ranks it communicates with.

        Args:
            link (~chainer.Link): The part.
            rank_in (int, list of ints or None): Ranks it receives its inputs from (``None``:
                it takes the inputs of the chain).
            rank_out (int, list of ints or None): Ranks it sends its outputs to (``None``:
                its output is the output of the chain).

        Raises:
            ValueError: ``rank_out`` is None and an earlier part already has ``rank_out=None``
                (only one part gives the output).
        """
        rank_out = _ranks(rank_out)
        if rank_out is None and any(out is None for _, out in self._rank_inouts):
            raise ValueError('MultiNodeChainList: only one part can give the output '
                             '(rank_out=None)')
        super().add_link(link)
        self._rank_inouts.append((_ranks(rank_in), rank_out))

    def forward(self, *inputs):
        """Runs the parts in order, communicating with the other processes.

        Returns:
            The output of the part with ``rank_out=None``, or (when there is none) a delegate
            variable to start the backward from.
        """
        y = None
        delegate = None
        for part, (rank_in, rank_out) in zip(self, self._rank_inouts):
            if rank_in is None:
                x = part(*inputs)
            else:
                # every receive hangs on the delegate of the earlier sends, so that their
                # backward (sending gradients) runs before the sends wait for gradients
                received = [point_to_point_communication.recv(
                    self._comm, rank, delegate_variable=delegate) for rank in rank_in]
                delegate = None
                x = part(*received)
            if rank_out is None:
                y = x
            else:
                for rank in rank_out:
                    delegate = _chain(delegate, point_to_point_communication.send(
                        x, self._comm, rank))
        if y is None:
            return delegate
        if delegate is not None:
            if isinstance(y, tuple):
                return pseudo_connect(delegate, *y)
            y, = pseudo_connect(delegate, y)
        return y
