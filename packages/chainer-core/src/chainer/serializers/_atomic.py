"""Atomic file writes: write to a temporary file in the target directory, then rename."""

import contextlib
import os
import tempfile
import threading

_umask = None
_umask_lock = threading.Lock()


def _file_mode():
    # Mode a plain open() would give a new file (0o666 minus the process umask).
    global _umask
    if _umask is None:
        with _umask_lock:
            if _umask is None:
                current = os.umask(0o022)
                os.umask(current)
                _umask = current
    return 0o666 & ~_umask


@contextlib.contextmanager
def atomic_path(path):
    """Yields a temporary path next to ``path``; renames it to ``path`` on success.

    On any exception the temporary file is removed and ``path`` is left untouched.
    """
    path = os.fspath(path)
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(
        prefix='.' + os.path.basename(path) + '.', suffix='.tmp', dir=directory)
    os.close(fd)
    try:
        yield tmp
        os.chmod(tmp, _file_mode())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


@contextlib.contextmanager
def atomic_open(path, mode='wb'):
    """Opens a temporary file next to ``path`` for writing; renames it to ``path`` on success.

    The data is flushed and fsync'ed before the rename; on any exception the temporary file is
    removed and ``path`` is left untouched.
    """
    with atomic_path(path) as tmp:
        with open(tmp, mode) as f:
            yield f
            f.flush()
            os.fsync(f.fileno())
