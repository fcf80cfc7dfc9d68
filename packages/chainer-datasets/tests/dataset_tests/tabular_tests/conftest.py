import numpy
import pytest

from chainer import dataset


class RecordingTable(dataset.TabularDataset):
    """A table of ``n`` rows whose column ``k`` holds ``row * 10 ** k``; it records the
    arguments of each ``get_examples`` call in ``calls``."""

    def __init__(self, n, keys=('a', 'b'), mode=tuple):
        self._n = n
        self._keys = keys
        self._mode = mode
        self.calls = []

    def __len__(self):
        return self._n

    @property
    def keys(self):
        return self._keys

    @property
    def mode(self):
        return self._mode

    def get_examples(self, indices, key_indices):
        self.calls.append((indices, key_indices))
        rows = numpy.arange(self._n)
        if indices is not None:
            rows = rows[indices]
        if key_indices is None:
            key_indices = range(len(self._keys))
        return tuple(list(rows * 10 ** k) for k in key_indices)


@pytest.fixture
def recording_table():
    """The class of a tabular dataset that records how it is asked for examples."""
    return RecordingTable
