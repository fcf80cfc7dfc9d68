"""TextDataset: the lines of text files, read on access."""
import os
import threading

from chainer.dataset import dataset_mixin


class TextDataset(dataset_mixin.DatasetMixin):
    """Dataset of the lines of one text file, or of tuples of lines of parallel files.

    Only the offsets of the lines are kept in memory; a line is read when it is accessed
    (with its line break). With several files, they must have the same number of lines and
    the ``i``-th example is the tuple of their ``i``-th lines. The files are opened again
    in a forked or unpickled process, so that worker processes do not share file offsets.

    Args:
        paths (str or list of str): The text file(s). A list of one file gives its lines
            as strings, like a single path.
        encoding, errors, newline: As in :func:`open`; each may also be a list with one
            value per file.
        filter_func (callable): Keeps only the lines (tuples of lines, as positional
            arguments, for several files) for which it returns true.
    """

    def __init__(self, paths, encoding=None, errors=None, newline=None, filter_func=None):
        self._paths = [paths] if isinstance(paths, str) else list(paths)
        self._single = len(self._paths) == 1
        self._encoding = self._per_file(encoding, 'encoding')
        self._errors = self._per_file(errors, 'errors')
        self._newline = self._per_file(newline, 'newline')
        self._lock = threading.Lock()
        self._fps = None
        self._pid = None
        self._fps = self._open()
        bounds = [self._line_offsets(fp) for fp in self._fps]
        if any(len(b) != len(bounds[0]) for b in bounds):
            raise ValueError('number of lines in files does not match')
        self._bounds = list(zip(*bounds))
        if filter_func is not None:
            self._bounds = [offsets for offsets in self._bounds
                            if filter_func(*self._read(offsets))]
        self._lines = len(self._bounds)

    def _per_file(self, option, name):
        if not isinstance(option, (list, tuple)):
            return [option] * len(self._paths)
        if len(option) != len(self._paths):
            raise ValueError('TextDataset: {} has {} values for {} text files; the length '
                             'of each option must match the number of files'.format(
                                 name, len(option), len(self._paths)))
        return list(option)

    def _open(self):
        self._pid = os.getpid()
        return [open(path, encoding=encoding, errors=errors, newline=newline)
                for path, encoding, errors, newline in zip(
                    self._paths, self._encoding, self._errors, self._newline)]

    @staticmethod
    def _line_offsets(fp):
        offsets = []
        while True:
            offset = fp.tell()
            if not fp.readline():
                return offsets
            offsets.append(offset)

    def _read(self, offsets):
        if self._fps is None or self._pid != os.getpid():
            self._fps = self._open()
        lines = []
        for fp, offset in zip(self._fps, offsets):
            fp.seek(offset)
            lines.append(fp.readline())
        return lines

    def __len__(self):
        return self._lines

    def get_example(self, idx):
        if not 0 <= idx < self._lines:
            raise IndexError('TextDataset: index {} is out of range for {} lines'.format(
                idx, self._lines))
        with self._lock:
            lines = self._read(self._bounds[idx])
        return lines[0] if self._single else tuple(lines)

    def close(self):
        """Closes the files (reading an example after it raises ``ValueError``)."""
        for fp in self._fps or ():
            fp.close()

    def __getstate__(self):
        state = dict(self.__dict__)
        state['_fps'] = None
        state['_lock'] = None
        return state

    def __setstate__(self, state):
        self.__dict__.update(state)
        self._lock = threading.Lock()
