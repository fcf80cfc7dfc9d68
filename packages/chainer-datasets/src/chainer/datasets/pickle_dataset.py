"""PickleDataset: examples stored as a sequence of pickles in one file.

Reading such a file runs ``pickle``, which can execute arbitrary code: open only files you
trust.
"""
import io
import os
import pickle
import tempfile
import threading

from chainer.dataset import dataset_mixin
from chainer.serializers import _atomic


class PickleDatasetWriter:
    """Writes examples to a file as a sequence of pickles (read by :class:`PickleDataset`).

    Args:
        writer: A binary file object to write to.
        protocol (int): The pickle protocol.
    """

    def __init__(self, writer, protocol=pickle.HIGHEST_PROTOCOL):
        self._writer = writer
        self._protocol = protocol
        self._positions = []

    def close(self):
        """Closes the file (for a writer of :func:`open_pickle_dataset_writer`, puts the
        complete file in place)."""
        self._writer.close()

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        if exc_type is not None and hasattr(self._writer, 'discard'):
            self._writer.discard()
        else:
            self.close()

    def write(self, x):
        """Appends the example ``x``."""
        self._positions.append(self._writer.tell())
        pickle.dump(x, self._writer, protocol=self._protocol)

    def flush(self):
        """Flushes the file."""
        self._writer.flush()


class PickleDataset(dataset_mixin.DatasetMixin):
    """Dataset of the examples of a file written by :class:`PickleDatasetWriter`.

    Opening it unpickles every example once, to find where each one starts; an example is
    unpickled again when it is accessed. Unpickling can run arbitrary code: use it only for
    files you trust.

    Args:
        reader: A seekable binary file object.
    """

    def __init__(self, reader):
        self._reader = reader
        self._lock = threading.Lock()
        self._positions = []
        reader.seek(0)
        while True:
            position = reader.tell()
            try:
                pickle.load(reader)
            except EOFError:
                break
            self._positions.append(position)

    def __getstate__(self):
        return {'_reader': self._reader, '_positions': self._positions}

    def __setstate__(self, state):
        self.__dict__.update(state)
        self._lock = threading.Lock()

    def __len__(self):
        return len(self._positions)

    def get_example(self, index):
        position = self._positions[index]
        with self._lock:
            self._reader.seek(position)
            return pickle.load(self._reader)

    def close(self):
        """Closes the file."""
        self._reader.close()

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        self.close()


class _FileReader(io.RawIOBase):
    """A binary file opened again in a forked or unpickled process (no shared offset)."""

    def __init__(self, path):
        self._path = path
        self._fp = None
        self._pid = None
        self._open()

    def _open(self):
        self._fp = open(self._path, 'rb')
        self._pid = os.getpid()

    def _file(self):
        if self._pid != os.getpid():
            self._open()
        return self._fp

    def __getstate__(self):
        return {'_path': self._path}

    def __setstate__(self, state):
        self._path = state['_path']
        self._open()

    def close(self):
        if self._fp is not None:
            self._fp.close()
        super().close()

    def readable(self):
        return True

    def seekable(self):
        return True

    def readinto(self, b):
        return self._file().readinto(b)

    def seek(self, offset, whence=io.SEEK_SET):
        return self._file().seek(offset, whence)

    def tell(self):
        return self._file().tell()


class _AtomicWriter(io.RawIOBase):
    """A binary file written under a temporary name, renamed to ``path`` on close."""

    def __init__(self, path):
        self._path = path
        directory = os.path.dirname(os.path.abspath(path))
        fd, self._tmp_path = tempfile.mkstemp(
            prefix='.' + os.path.basename(path) + '.', suffix='.tmp', dir=directory)
        self._fp = os.fdopen(fd, 'wb')

    def writable(self):
        return True

    def write(self, b):
        return self._fp.write(b)

    def tell(self):
        return self._fp.tell()

    def flush(self):
        if not self._fp.closed:
            self._fp.flush()

    def close(self):
        if not self.closed:
            self._fp.flush()
            os.fsync(self._fp.fileno())
            self._fp.close()
            os.chmod(self._tmp_path, _atomic._file_mode())
            os.replace(self._tmp_path, self._path)
        super().close()

    def discard(self):
        """Closes the file and removes it (nothing is put at ``path``)."""
        if not self.closed:
            self._fp.close()
            os.unlink(self._tmp_path)
        super().close()


def open_pickle_dataset(path):
    """Opens a :class:`PickleDataset` on a file (only for files you trust: it unpickles).

    Args:
        path (str): The file written by :func:`open_pickle_dataset_writer`.

    .. admonition:: Example

        >>> import os, tempfile
        >>> with tempfile.TemporaryDirectory() as tmp:
        ...     path = os.path.join(tmp, 'dataset.pkl')
        ...     with chainer.datasets.open_pickle_dataset_writer(path) as writer:
        ...         writer.write(('first', 1))
        ...         writer.write(('second', 2))
        ...     with chainer.datasets.open_pickle_dataset(path) as dataset:
        ...         print(len(dataset), dataset[1])  # read lazily, by index
        2 ('second', 2)
    """
    return PickleDataset(_FileReader(path))


def open_pickle_dataset_writer(path, protocol=pickle.HIGHEST_PROTOCOL):
    """Opens a :class:`PickleDatasetWriter` on a new file.

    The file appears at ``path`` complete when the writer is closed (it is written under a
    temporary name next to it; leaving a ``with`` block by an exception discards it).

    Args:
        path (str): The file to write.
        protocol (int): The pickle protocol.

    .. admonition:: Example

        >>> import os, tempfile
        >>> with tempfile.TemporaryDirectory() as tmp:
        ...     path = os.path.join(tmp, 'dataset.pkl')
        ...     with chainer.datasets.open_pickle_dataset_writer(path) as writer:
        ...         for i in range(3):
        ...             writer.write({'index': i})  # any picklable example
        ...     with chainer.datasets.open_pickle_dataset(path) as dataset:
        ...         print([example['index'] for example in dataset])
        [0, 1, 2]
    """
    return PickleDatasetWriter(_AtomicWriter(path), protocol)
