"""Base of the iterators that wrap the iterator of this process."""
import chainer.dataset.iterator


class IteratorWrapper(chainer.dataset.iterator.Iterator):
    """Delegates iteration, attributes and serialization to ``actual_iterator``.

    Attributes read or set on the wrapper are those of the actual iterator.
    """

    def __init__(self, actual_iterator):
        super().__setattr__('actual_iterator', actual_iterator)

    def __next__(self):
        """Returns the next batch of the actual iterator."""
        return next(self.actual_iterator)

    next = __next__

    def reset(self):
        """Resets the actual iterator."""
        self.actual_iterator.reset()

    def serialize(self, serializer):
        """Serializes the actual iterator."""
        self.actual_iterator.serialize(serializer)

    def finalize(self):
        """Finalizes the actual iterator."""
        self.actual_iterator.finalize()

    def __getattr__(self, name):
        return getattr(self.actual_iterator, name)

    def __setattr__(self, name, value):
        setattr(self.actual_iterator, name, value)
