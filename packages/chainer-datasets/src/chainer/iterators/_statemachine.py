"""The position of an iterator in its dataset, and how a batch advances it."""
import collections

import numpy

IteratorState = collections.namedtuple(
    'IteratorState', ('current_position', 'epoch', 'is_new_epoch', 'order'))
IteratorState.__doc__ = """State of an iterator: position in the epoch, epoch count, whether
the last batch started a new epoch, and the order of the current epoch (``None``: the dataset
order)."""


def draws_order(state, batch_size, repeat, order_sampler):
    """Whether advancing ``state`` by one batch calls ``order_sampler`` (a new epoch)."""
    order = state.order
    return (repeat and order_sampler is not None and order is not None
            and state.current_position + batch_size >= len(order))


def iterator_statemachine(state, batch_size, repeat, order_sampler, dataset_len):
    """Advances an iterator state by one batch.

    A batch that reaches the end of an epoch continues in the next one when ``repeat`` is
    true (the order sampler then draws the order of that epoch); without ``repeat`` it stops
    there, and any later call returns no batch.

    Args:
        state (IteratorState): The current state.
        batch_size (int): The number of examples of a batch.
        repeat (bool): Whether the iteration goes on over epochs.
        order_sampler (callable): The order sampler, or ``None`` (order kept as it is).
        dataset_len (int): The length of the dataset.

    Returns:
        tuple: The new state and the array of the indices of the batch (``None`` when a
        non-repeating iteration has ended).
    """
    if batch_size <= 0:
        raise ValueError('batch_size must be positive, got {}'.format(batch_size))
    position, epoch, _, order = state
    if not repeat and epoch > 0:
        return state, None
    epoch_size = dataset_len if order is None else len(order)
    if epoch_size == 0:
        if repeat:
            raise ValueError('Epoch size must be positive for an iterator that repeats.')
        return IteratorState(0, epoch + 1, True, order), numpy.empty(0, numpy.intp)
    parts = []
    is_new_epoch = False
    rest = batch_size
    sampler_position = position
    while rest > 0:
        n = min(rest, epoch_size - position)
        if order is None:
            parts.append(numpy.arange(position, position + n))
        else:
            parts.append(order[position:position + n])
        position += n
        rest -= n
        if position == epoch_size:
            epoch += 1
            is_new_epoch = True
            position = 0
            if not repeat:
                break
            if order is not None and order_sampler is not None:
                new_order = order_sampler(order, sampler_position)
                if len(new_order) != epoch_size:
                    raise ValueError(
                        'The size of order does not match the size of the previous order.')
                order = new_order
            sampler_position = 0
    indices = parts[0] if len(parts) == 1 else numpy.concatenate(parts)
    return IteratorState(position, epoch, is_new_epoch, order), indices
