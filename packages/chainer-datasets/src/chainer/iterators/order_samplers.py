"""Order samplers: they choose the order in which an iterator visits a dataset."""
import numpy


class OrderSampler:
    """Base class of order samplers.

    An iterator calls its sampler at the start of every epoch; the sampler returns the
    order (an array of indices) of the examples in that epoch.
    """

    def __call__(self, current_order, current_position):
        """Returns the order of the next epoch.

        Args:
            current_order (numpy.ndarray): The order of the current epoch.
            current_position (int): The position in the current order where the epoch
                boundary was reached.

        Returns:
            numpy.ndarray: The new order; it must have the length of ``current_order``.
        """
        raise NotImplementedError


class ShuffleOrderSampler(OrderSampler):
    """Order sampler that draws a random permutation for every epoch.

    Args:
        random_state (numpy.random.RandomState): Source of randomness (``None``: NumPy's
            global random state).
    """

    def __init__(self, random_state=None):
        if random_state is None:
            random_state = numpy.random.random.__self__
        self._random = random_state

    def __call__(self, current_order, current_position):
        return self._random.permutation(len(current_order))
