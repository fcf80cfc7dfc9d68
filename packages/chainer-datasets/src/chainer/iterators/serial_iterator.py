"""SerialIterator: minibatches read in the main thread."""
from chainer.dataset import dataset_mixin
from chainer.iterators import _state_iterator
from chainer.iterators.order_samplers import ShuffleOrderSampler  # NOQA (v7 name here)


class SerialIterator(_state_iterator.StateIterator):
    """Iterator that reads the examples of each minibatch in the calling thread.

    With ``repeat`` the iteration goes on over epochs and a batch that crosses the end of
    an epoch is completed from the next one; without it, it stops (``StopIteration``) after
    one epoch, whose last batch may be smaller.

    Args:
        dataset: The dataset (any object with ``__getitem__`` and ``__len__``).
        batch_size (int): The number of examples of a batch.
        repeat (bool): Iterate over the dataset repeatedly.
        shuffle (bool): Visit the examples in a new random order every epoch (``None``:
            shuffle unless ``order_sampler`` is given).
        order_sampler (callable): Gives the order of every epoch (see
            :class:`~chainer.iterators.OrderSampler`); requires ``shuffle=None``.
    """

    def __init__(self, dataset, batch_size, repeat=True, shuffle=None, order_sampler=None):
        _state_iterator.check_batch_size('SerialIterator', batch_size)
        self._shuffle = shuffle
        self._start(dataset, batch_size, repeat, shuffle, order_sampler)

    def __next__(self):
        """Returns the next minibatch, a list of examples."""
        return dataset_mixin.getitem_many(self.dataset, self._advance())

    next = __next__
