"""The iterator protocol over datasets (``chainer.dataset.iterator``)."""


class Iterator:
    """Base class of dataset iterators, which yield minibatches (lists of examples).

    An iterator is stateful: besides :meth:`__next__` it exposes ``batch_size``, ``epoch``,
    ``epoch_detail`` (the epoch as a float, e.g. ``2.5``), ``previous_epoch_detail`` (``None``
    before the first batch) and ``is_new_epoch``, and saves its progress with
    :meth:`serialize`. It is a context manager that calls :meth:`finalize` on exit.
    """

    def __iter__(self):
        """Returns the iterator itself."""
        return self

    def __next__(self):
        """Returns the next minibatch (a subclass must implement it).

        Raises:
            StopIteration: When a non-repeating iterator has finished its epoch.
        """
        raise NotImplementedError

    def next(self):
        """Python 2 style alias of :meth:`__next__`."""
        return self.__next__()

    def finalize(self):
        """Releases the resources held by the iterator (worker processes, ...).

        The default implementation does nothing.
        """
        pass

    def serialize(self, serializer):
        """Saves or loads the state of the iterator that changes over the iterations.

        Settings such as the batch size are not part of it. The default implementation
        saves nothing.

        Args:
            serializer (~chainer.AbstractSerializer): Serializer or deserializer.
        """
        pass

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        self.finalize()

    def __del__(self):
        self.finalize()
