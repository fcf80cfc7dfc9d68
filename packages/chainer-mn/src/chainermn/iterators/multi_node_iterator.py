"""An iterator whose batches are read at one process and broadcast to the others."""
import chainer.dataset.iterator
from chainermn.iterators import _wrapper

# The progress attributes of the master's iterator that the other processes mirror.
_PROGRESS = ('epoch', 'is_new_epoch', 'epoch_detail', 'previous_epoch_detail',
             'current_position', 'batch_size', 'repeat')


def _progress(iterator):
    return {name: getattr(iterator, name, None) for name in _PROGRESS}


class _MultiNodeIteratorMaster(_wrapper.IteratorWrapper):
    """The master's side: reads batches from the actual iterator and broadcasts them."""

    def __init__(self, actual_iterator, communicator, rank_master):
        super().__init__(actual_iterator)
        super().__setattr__('communicator', communicator)
        super().__setattr__('rank_master', rank_master)
        self._bcast_progress()

    def _bcast_progress(self, batch=None, stop=False):
        self.communicator.bcast_obj((stop, batch, _progress(self.actual_iterator)),
                                    root=self.rank_master)

    def __next__(self):
        """Returns the next batch of the actual iterator (also sent to the other processes)."""
        try:
            batch = next(self.actual_iterator)
        except StopIteration:
            self._bcast_progress(stop=True)
            raise
        self._bcast_progress(batch)
        return batch

    next = __next__

    def reset(self):
        """Resets the actual iterator (every process calls ``reset`` at the same time)."""
        self.actual_iterator.reset()
        self._bcast_progress()

    def serialize(self, serializer):
        """Serializes the actual iterator and sends its progress to the other processes."""
        self.actual_iterator.serialize(serializer)
        self._bcast_progress()


class _MultiNodeIteratorSlave(chainer.dataset.iterator.Iterator):
    """The other processes' side: receives the master's batches and progress."""

    def __init__(self, communicator, rank_master):
        self.communicator = communicator
        self.rank_master = rank_master
        for name in _PROGRESS:
            setattr(self, name, None)
        self._receive()

    def _receive(self):
        stop, batch, progress = self.communicator.bcast_obj(None, root=self.rank_master)
        for name, value in progress.items():
            setattr(self, name, value)
        return stop, batch

    def __next__(self):
        """Returns the batch the master read (``StopIteration`` when it stopped)."""
        stop, batch = self._receive()
        if stop:
            raise StopIteration
        return batch

    next = __next__

    def reset(self):
        """Receives the progress of the master's reset iterator."""
        self._receive()

    def serialize(self, serializer):
        """(De)serializes the mirrored progress (``current_position``, ``epoch``,
        ``is_new_epoch`` and an empty ``order``, as ChainerMN), then receives the progress
        of the master's (de)serialized iterator, which prevails."""
        for name in ('current_position', 'epoch', 'is_new_epoch'):
            setattr(self, name, serializer(name, getattr(self, name)))
        serializer('order', None)
        self._receive()


def create_multi_node_iterator(actual_iterator, communicator, rank_master=0):
    """Creates an iterator that gives every process the batches of one process.

    The master process (``rank_master``) reads each batch from ``actual_iterator`` and
    broadcasts it; the other processes ignore their ``actual_iterator`` and return what they
    receive, with the master's progress (``epoch``, ``is_new_epoch``, ``epoch_detail``, ...).
    For model-parallel training, where the processes holding different parts of a model need
    the same batch. Batches may hold any picklable examples.

    ``next``, ``reset`` and ``serialize`` synchronize the processes: all of them must call
    them at the same time.

    Args:
        actual_iterator: The iterator of the master (e.g.
            :class:`~chainer.iterators.SerialIterator`).
        communicator: ChainerMN communicator.
        rank_master (int): Rank of the master process.

    Returns:
        The multi-node iterator of this process.
    """
    if communicator.rank == rank_master:
        return _MultiNodeIteratorMaster(actual_iterator, communicator, rank_master)
    return _MultiNodeIteratorSlave(communicator, rank_master)
