"""The random state of an iterator's order sampler, saved with the iterator (exact resume).

An iterator whose order sampler is a :class:`~chainer.iterators.ShuffleOrderSampler` over a
(MT19937) ``numpy.random.RandomState`` saves that state next to its position, so that a
resumed iterator draws the same orders in the later epochs as an uninterrupted one. Loading
restores it into the sampler's own random state (NumPy's global one for the default
sampler). Snapshots without these keys (Chainer v7's) load as before: the random state is
then left as it is. Other samplers are not saved.
"""
import numpy

from chainer import serializer as serializer_module
from chainer.iterators import _statemachine
from chainer.iterators import order_samplers

KEY = 'order_sampler_random_key'
POS = 'order_sampler_random_pos'
HAS_GAUSS = 'order_sampler_random_has_gauss'
GAUSS = 'order_sampler_random_gauss'


def _random_state(order_sampler):
    # The MT19937 RandomState that draws the orders of ``order_sampler``, or None.
    if not isinstance(order_sampler, order_samplers.ShuffleOrderSampler):
        return None
    random = getattr(order_sampler, '_random', None)
    if not isinstance(random, numpy.random.RandomState):
        return None
    if random.get_state(legacy=False)['bit_generator'] != 'MT19937':
        return None
    return random


def capture(order_sampler):
    """Returns the random state of ``order_sampler`` (``None`` when it is not saved)."""
    random = _random_state(order_sampler)
    return None if random is None else random.get_state(legacy=False)


def advance(state, batch_size, repeat, order_sampler, dataset_len):
    """Advances ``state`` by one batch for an iterator that reads ahead.

    Like :func:`~chainer.iterators._statemachine.iterator_statemachine`, and also returns
    the random state of ``order_sampler`` before the batch drew the order of a new epoch
    (``None`` when it drew none, or the sampler's state is not saved): the state that such
    an iterator saves while that epoch has not begun.

    Returns:
        tuple: The new state, the indices of the batch (``None`` at the end of a
        non-repeating iteration) and the random state before the batch.
    """
    sampler_state = None
    if _statemachine.draws_order(state, batch_size, repeat, order_sampler):
        sampler_state = capture(order_sampler)
    state, indices = _statemachine.iterator_statemachine(
        state, batch_size, repeat, order_sampler, dataset_len)
    return state, indices, sampler_state


def serialize(serializer, order_sampler, saved_state=None):
    """Saves or loads the random state of ``order_sampler``.

    Args:
        serializer: The serializer or deserializer of the iterator.
        order_sampler: The order sampler of the iterator.
        saved_state (dict): The state to save when it is not the current one (an iterator
            that has drawn the orders of epochs it has not reached yet saves the state
            before those draws); ``None``: the current state.
    """
    random = _random_state(order_sampler)
    if random is None:
        return
    if isinstance(serializer, serializer_module.Deserializer):
        _load(serializer, random)
        return
    state = saved_state if saved_state is not None else random.get_state(legacy=False)
    serializer(KEY, state['state']['key'])
    serializer(POS, state['state']['pos'])
    serializer(HAS_GAUSS, state['has_gauss'])
    serializer(GAUSS, state['gauss'])


def _load(deserializer, random):
    # The current values are the defaults of a non-strict load of a snapshot without them.
    state = random.get_state(legacy=False)
    try:
        key = deserializer(KEY, state['state']['key'])
    except KeyError:
        return  # a snapshot of Chainer v7 (or of a sampler that is not saved)
    pos = deserializer(POS, state['state']['pos'])
    has_gauss = deserializer(HAS_GAUSS, state['has_gauss'])
    gauss = deserializer(GAUSS, state['gauss'])
    random.set_state({'bit_generator': 'MT19937', 'state': {'key': key, 'pos': pos},
                      'has_gauss': has_gauss, 'gauss': gauss})
