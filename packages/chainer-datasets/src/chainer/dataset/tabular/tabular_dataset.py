"""TabularDataset: datasets of columns, viewed as tuples, dicts or single values."""
import numpy

import chainer
from chainer import backend
from chainer.dataset import dataset_mixin


def _as_array(column):
    # One column as an array (NumPy, or the array module of its arrays).
    if isinstance(column, chainer.get_array_types()):
        return column
    if len(column) > 0:
        device = backend.get_device_from_array(column[0])
        with device.create_context():
            return device.xp.asarray(column)
    return numpy.asarray(column)


def example_of(row, keys, mode):
    """Returns one example (a tuple, a dict or a value, by ``mode``) from its values."""
    if mode is tuple:
        return tuple(row)
    if mode is dict:
        return dict(zip(keys, row))
    return row[0]


class TabularDataset(dataset_mixin.DatasetMixin):
    """A dataset of columns: every example has one value per column (per key).

    An example is a tuple (:attr:`mode` ``tuple``), a dict (``dict``) or, for a single
    column, the value itself (``None``). A subclass implements :meth:`__len__`,
    :attr:`keys`, :attr:`mode` and :meth:`get_examples`; this class adds views and
    combinators: :attr:`slice`, :meth:`astuple`, :meth:`asdict`, :meth:`concat`,
    :meth:`join`, :meth:`transform`, :meth:`transform_batch`, :meth:`with_converter`, and
    :meth:`fetch` / :meth:`convert` to read whole columns.
    """

    def __len__(self):
        """Returns the number of examples."""
        raise NotImplementedError

    @property
    def keys(self):
        """The names of the columns (a tuple of str)."""
        raise NotImplementedError

    @property
    def mode(self):
        """How an example is represented: ``tuple``, ``dict`` or ``None`` (one column)."""
        raise NotImplementedError

    def get_examples(self, indices, key_indices):
        """Returns a part of the columns.

        Args:
            indices (slice or list of int): The rows (``None``: all of them).
            key_indices (tuple of int): The columns (``None``: all of them).

        Returns:
            tuple: One list or array per requested column.
        """
        raise NotImplementedError

    @property
    def slice(self):
        """A view of some rows and columns: ``dataset.slice[indices, keys]``.

        ``indices`` is a slice, or a list or array of integers or booleans; ``keys`` (which
        may be omitted) is a key or column index, or a tuple of them (a single key gives a
        view whose :attr:`mode` is ``None``).
        """
        return _slice._SliceHelper(self)

    def fetch(self):
        """Reads all the data, column by column.

        Returns:
            A tuple (``tuple`` mode) or dict (``dict`` mode) of lists or arrays, or the
            single column (``None`` mode).
        """
        return example_of(self.get_examples(None, None), self.keys, self.mode)

    def convert(self, data):
        """Converts data returned by :meth:`fetch`, by default each column to an array.

        :meth:`with_converter` overrides it; views and combinations use the converter of
        their (first) underlying dataset.
        """
        if isinstance(data, tuple):
            return tuple(_as_array(column) for column in data)
        if isinstance(data, dict):
            return {key: _as_array(column) for key, column in data.items()}
        return _as_array(data)

    def astuple(self):
        """Returns a view whose examples are tuples."""
        return _asmode._Astuple(self)

    def asdict(self):
        """Returns a view whose examples are dicts."""
        return _asmode._Asdict(self)

    def concat(self, *datasets):
        """Returns the rows of this dataset followed by those of ``datasets``.

        All the datasets must have the same :attr:`keys`.
        """
        return _concat._Concat(self, *datasets)

    def join(self, *datasets):
        """Returns the columns of this dataset followed by those of ``datasets``.

        All the datasets must have the same length and distinct keys.
        """
        return _join._Join(self, *datasets)

    def transform(self, keys, transform):
        """Returns a dataset whose examples are ``transform(example)``.

        Args:
            keys (str or tuple of str): The keys of the transformed examples.
            transform (callable): Takes an example (its values as positional arguments for
                a tuple, as keyword arguments for a dict) and returns a tuple, a dict or,
                for a single key, a value; this decides the :attr:`mode`.
        """
        return _transform._Transform(self, keys, transform)

    def transform_batch(self, keys, transform_batch):
        """Returns a dataset whose columns are ``transform_batch(columns)``.

        Args:
            keys (str or tuple of str): The keys of the transformed columns.
            transform_batch (callable): Takes the columns of some rows (like
                :meth:`transform` takes an example) and returns the transformed columns,
                of the same length.
        """
        return _transform._TransformBatch(self, keys, transform_batch)

    def with_converter(self, converter):
        """Returns a view whose :meth:`convert` is ``converter``.

        The converter takes the fetched columns (positional arguments for a tuple,
        keyword arguments for a dict, one argument for a single column).
        """
        return _with_converter._WithConverter(self, converter)

    def get_example(self, i):
        """Returns the ``i``-th example."""
        row = tuple(column[0] for column in self.get_examples([i], None))
        return example_of(row, self.keys, self.mode)

    def __iter__(self):
        return (self.get_example(i) for i in range(len(self)))


from chainer.dataset.tabular import _asmode  # NOQA: E402 (they subclass TabularDataset)
from chainer.dataset.tabular import _concat  # NOQA: E402
from chainer.dataset.tabular import _join  # NOQA: E402
from chainer.dataset.tabular import _slice  # NOQA: E402
from chainer.dataset.tabular import _transform  # NOQA: E402
from chainer.dataset.tabular import _with_converter  # NOQA: E402
