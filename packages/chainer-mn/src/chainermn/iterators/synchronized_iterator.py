"""An iterator that shuffles in the same order at every process."""
import numpy

from chainer import iterators
from chainermn.iterators import _wrapper


def _synchronize_order(iterator, seed):
    # as ChainerMN: a shuffling sampler seeded alike everywhere replaces the iterator's own
    # (an iterator that did not shuffle shuffles from now on)
    if not hasattr(iterator, 'order_sampler'):
        raise ValueError('create_synchronized_iterator: actual_iterator must have '
                         'order_sampler ({} has none)'.format(type(iterator).__name__))
    iterator.order_sampler = iterators.ShuffleOrderSampler(numpy.random.RandomState(seed))
    iterator.reset()


class _SynchronizedIterator(_wrapper.IteratorWrapper):
    """Wraps an iterator whose shuffling was seeded with one seed at every process."""

    def __init__(self, actual_iterator, communicator):
        super().__init__(actual_iterator)
        seed = numpy.random.randint(0, 2 ** 32) if communicator.rank == 0 else None
        _synchronize_order(actual_iterator, communicator.bcast_obj(seed))


def create_synchronized_iterator(actual_iterator, communicator):
    """Creates an iterator that visits the examples in the same order at every process.

    Rank 0 draws a seed for the shuffling of ``actual_iterator`` and sends it to the others,
    so the iterators of all processes (over the same dataset) produce the same batches
    without communicating them. For model-parallel training on large datasets, where
    :func:`create_multi_node_iterator` would move too much data.

    Args:
        actual_iterator: The iterator of this process (e.g.
            :class:`~chainer.iterators.SerialIterator`), which must have an
            ``order_sampler`` attribute: it is replaced by a
            :class:`~chainer.iterators.ShuffleOrderSampler` seeded alike at every process,
            so the iterator shuffles even if it did not before.
        communicator: ChainerMN communicator.

    Returns:
        The synchronized iterator based on ``actual_iterator``.
    """
    return _SynchronizedIterator(actual_iterator, communicator)
