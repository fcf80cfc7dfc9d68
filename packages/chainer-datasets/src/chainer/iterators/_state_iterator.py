"""Shared part of the iterators that walk a dataset in epochs (state, progress, serialize)."""
import numbers

import numpy

from chainer.dataset import iterator
from chainer.iterators import _sampler_state
from chainer.iterators import _statemachine
from chainer.iterators.order_samplers import ShuffleOrderSampler


def resolve_order_sampler(shuffle, order_sampler):
    """Returns the order sampler that ``shuffle`` and ``order_sampler`` ask for (or None)."""
    if shuffle is not None:
        if order_sampler is not None:
            raise ValueError('`shuffle` is not `None` and a custom `order_sampler` is set. '
                             'Please set `shuffle` to `None` to use the custom order sampler.')
        return ShuffleOrderSampler() if shuffle else None
    return ShuffleOrderSampler() if order_sampler is None else order_sampler


def check_positive(iterator_name, name, value):
    """Raises an error naming the iterator and the argument unless ``value`` is a positive
    integer: TypeError for a value that is not an integer (v7 fails with a TypeError on
    it), ValueError for one that is not positive."""
    if not isinstance(value, numbers.Integral):
        raise TypeError('{}: {} must be an integer, got {!r}'.format(
            iterator_name, name, value))
    if value <= 0:
        raise ValueError('{}: {} must be a positive integer, got {!r}'.format(
            iterator_name, name, value))


def check_batch_size(iterator_name, batch_size):
    """Raises ValueError unless ``batch_size`` is a positive integer."""
    check_positive(iterator_name, 'batch_size', batch_size)


class EmptyDatasetError(ValueError, ZeroDivisionError):
    """Raised when an iterator is asked for a batch of an empty dataset.

    It is also a ``ZeroDivisionError``: what Chainer v7's serial and multithread iterators
    raised there.
    """


class StateIterator(iterator.Iterator):
    """Iterator whose progress is an :class:`~chainer.iterators._statemachine.IteratorState`.

    Subclasses set ``dataset``, ``batch_size``, ``_repeat``, ``order_sampler`` and call
    :meth:`reset` (:meth:`_start` does both). ``_order_key`` is the name under which the
    order is serialized.
    """

    _order_key = 'order'
    _state = None
    _previous_epoch_detail = -1.

    def _start(self, dataset, batch_size, repeat, shuffle, order_sampler):
        # what every iterator over a dataset holds, then the first epoch
        self.dataset = dataset
        self.batch_size = batch_size
        self._repeat = repeat
        self.order_sampler = resolve_order_sampler(shuffle, order_sampler)
        self.reset()

    def _initial_state(self):
        order = None
        if self.order_sampler is not None:
            order = self.order_sampler(numpy.arange(len(self.dataset)), 0)
        return _statemachine.IteratorState(0, 0, False, order)

    def reset(self):
        """Rewinds the iterator to the start of the first epoch (with a new order)."""
        self._state = self._initial_state()
        self._previous_epoch_detail = -1.

    def _check_not_empty(self):
        if len(self.dataset) == 0:
            raise EmptyDatasetError('{} cannot iterate over an empty dataset'.format(
                type(self).__name__))

    def _advance(self):
        # Moves the state by one batch; returns the indices of the batch.
        self._check_not_empty()
        self._previous_epoch_detail = self.epoch_detail
        self._state, indices = _statemachine.iterator_statemachine(
            self._state, self.batch_size, self._repeat, self.order_sampler, len(self.dataset))
        if indices is None:
            raise StopIteration
        return indices

    @property
    def current_position(self):
        """The position of the next example in the current epoch."""
        return self._state.current_position

    @property
    def epoch(self):
        """The number of completed epochs."""
        return self._state.epoch

    @property
    def is_new_epoch(self):
        """Whether the last batch reached the end of an epoch."""
        return self._state.is_new_epoch

    @property
    def repeat(self):
        """Whether the iterator goes on over the epochs."""
        return self._repeat

    @property
    def _epoch_size(self):
        order = self._state.order
        return len(self.dataset) if order is None else len(order)

    @property
    def epoch_detail(self):
        """The epoch as a float (completed epochs plus the part done of the current one)."""
        epoch_size = self._epoch_size
        if epoch_size == 0:
            return float(self.epoch)
        return self.epoch + self.current_position / epoch_size

    @property
    def previous_epoch_detail(self):
        """The ``epoch_detail`` before the last batch (``None`` before the first one)."""
        if self._previous_epoch_detail < 0:
            return None
        return self._previous_epoch_detail

    def _sampler_state_to_save(self):
        # The random state of the order sampler before the draws of the orders of epochs
        # that have not begun yet (iterators that read ahead draw them early); ``None``:
        # nothing was drawn ahead, the current state is saved.
        return None

    def serialize(self, serializer):
        """Saves or loads the position, epoch, order and previous epoch detail.

        ``None`` values are stored as ``-1`` (Chainer v7's snapshot format). The random
        state of a :class:`~chainer.iterators.ShuffleOrderSampler` is saved too (under the
        ``order_sampler_random_*`` keys) and loaded into the sampler's random state, so
        that the resumed iterator draws the same orders as the uninterrupted one; a
        snapshot without it (Chainer v7's) leaves the random state as it is.
        """
        current_position = serializer('current_position', self.current_position)
        epoch = serializer('epoch', self.epoch)
        is_new_epoch = serializer('is_new_epoch', self.is_new_epoch)
        order = self._state.order
        if order is not None:
            order = serializer(self._order_key, order)
        self._state = _statemachine.IteratorState(
            current_position, epoch, is_new_epoch, order)
        try:
            self._previous_epoch_detail = serializer(
                'previous_epoch_detail', self._previous_epoch_detail)
        except KeyError:
            # snapshot of an older version: infer it from the position
            self._previous_epoch_detail = (
                self.epoch + (self.current_position - self.batch_size) / self._epoch_size)
            if self.epoch_detail > 0:
                self._previous_epoch_detail = max(self._previous_epoch_detail, 0.)
            else:
                self._previous_epoch_detail = -1.
        _sampler_state.serialize(serializer, self.order_sampler, self._sampler_state_to_save())
