"""Downloads and the cache of datasets under the dataset root (``chainer.dataset.download``).

The dataset root is ``$CHAINER_DATASET_ROOT`` (read at import), by default
``~/.chainer/dataset``; :func:`set_dataset_root` overrides it. Downloads are cached in
``<root>/_dl_cache/<md5 of the URL>`` and converted datasets under
``<root>/pfnet/chainer/<name>/``, the layout Chainer v7 uses, so an existing cache is reused.

Every file is written to a temporary file in its target directory and renamed into place, under
a file lock: concurrent threads or processes asking for the same file download and convert it
once, and a crash never leaves a half-written file.
"""
import contextlib
import hashlib
import http.client
import os
import shutil
import sys
import tempfile
import urllib.error
import urllib.request
import warnings
import zipfile

import filelock
import numpy

from chainer.dataset import _checksums
from chainer.serializers import _atomic

_dataset_root = os.environ.get(
    'CHAINER_DATASET_ROOT', os.path.join(os.path.expanduser('~'), '.chainer', 'dataset'))

_CHUNK_SIZE = 1 << 20
_TIMEOUT = 60.0  # seconds without data before a download is abandoned


def get_dataset_root():
    """Returns the path of the root directory of the dataset cache.

    .. admonition:: Example

        >>> root = chainer.dataset.get_dataset_root()  # by default ~/.chainer/dataset
        >>> path = chainer.dataset.get_dataset_directory('pfnet/chainer/mnist',
        ...                                              create_directory=False)
        >>> path.startswith(root)  # the datasets are cached under the root
        True
    """
    return _dataset_root


def set_dataset_root(path):
    """Sets the root directory of the dataset cache (overriding ``CHAINER_DATASET_ROOT``).

    Args:
        path (str): The new root directory.

    .. admonition:: Example

        >>> import tempfile
        >>> old_root = chainer.dataset.get_dataset_root()
        >>> with tempfile.TemporaryDirectory() as tmp:
        ...     chainer.dataset.set_dataset_root(tmp)
        ...     print(chainer.dataset.get_dataset_root() == tmp)
        ...     chainer.dataset.set_dataset_root(old_root)
        True
    """
    global _dataset_root
    _dataset_root = path


def get_dataset_directory(dataset_name, create_directory=True):
    """Returns the directory of a dataset under the dataset root.

    Args:
        dataset_name (str): The name of the dataset directory, e.g.
            ``'pfnet/chainer/mnist'``.
        create_directory (bool): Create the directory if it does not exist.

    Returns:
        str: The path of the directory.

    .. admonition:: Example

        >>> import os, tempfile
        >>> old_root = chainer.dataset.get_dataset_root()
        >>> with tempfile.TemporaryDirectory() as tmp:
        ...     chainer.dataset.set_dataset_root(tmp)
        ...     path = chainer.dataset.get_dataset_directory('pfnet/chainer/mnist')
        ...     print(os.path.relpath(path, tmp).split(os.sep), os.path.isdir(path))
        ...     chainer.dataset.set_dataset_root(old_root)
        ['pfnet', 'chainer', 'mnist'] True
    """
    path = os.path.join(_dataset_root, dataset_name)
    if create_directory:
        try:
            os.makedirs(path, exist_ok=True)
        except OSError as e:
            raise OSError('cannot create the dataset directory {}: {}'.format(path, e)) from e
    return path


def _lock(path):
    # Lock file of ``path``, next to it (hidden).
    directory, name = os.path.split(path)
    return filelock.FileLock(os.path.join(directory, '.' + name + '.lock'))


def _create_lock(path):
    # The lock of cache_or_load_file: ``_create_lock`` in the dataset root (as v7, leaving
    # nothing but the file next to ``path``), or next to ``path`` if the root cannot be made.
    try:
        os.makedirs(_dataset_root, exist_ok=True)
    except OSError:
        return _lock(path)
    return filelock.FileLock(os.path.join(_dataset_root, '_create_lock'))


def _hand_placement_hint(url, path):
    return ('; without network access, download {} by hand and place it at {}'.format(
        url, path))


def _fetch(url, tmp_file):
    """Streams ``url`` into ``tmp_file``; returns the SHA-256 hex digest of the data."""
    digest = hashlib.sha256()
    received = 0
    with urllib.request.urlopen(url, timeout=_TIMEOUT) as response:
        length = response.headers.get('Content-Length')
        while True:
            try:
                chunk = response.read(_CHUNK_SIZE)
            except http.client.IncompleteRead as e:
                received += len(e.partial)
                length = length or '?'
                break
            if not chunk:
                break
            tmp_file.write(chunk)
            digest.update(chunk)
            received += len(chunk)
    if length is not None and length != str(received):
        raise OSError('cached_download: the download of {} was truncated: received {} of {} '
                      'bytes; the partial file was removed'.format(url, received, length))
    return digest.hexdigest()


def _download(url, path):
    """Downloads ``url`` to ``path`` (atomically) and verifies its recorded SHA-256."""
    print('Downloading from {}...'.format(url), file=sys.stderr)
    with _atomic.atomic_open(path, 'wb') as tmp_file:
        try:
            actual = _fetch(url, tmp_file)
        except urllib.error.HTTPError as e:
            # an HTTPError (with its code) still, as v7 lets it through
            raise urllib.error.HTTPError(
                url, e.code, 'cached_download: cannot download {} ({}){}'.format(
                    url, e.reason, _hand_placement_hint(url, path)), e.headers, None) from e
        except urllib.error.URLError as e:
            raise urllib.error.URLError('cached_download: cannot download {} ({}){}'.format(
                url, e.reason, _hand_placement_hint(url, path))) from e
        except (http.client.HTTPException, ConnectionError, TimeoutError) as e:
            raise urllib.error.URLError(
                'cached_download: the download of {} failed ({!r}){}'.format(
                    url, e, _hand_placement_hint(url, path))) from e
        expected = _checksums.SHA256.get(url)
        if expected is not None and actual != expected:
            raise OSError(
                'cached_download: checksum mismatch for {}: expected SHA-256 {}, got {}; the '
                'downloaded file was removed'.format(url, expected, actual))


def cached_download(url):
    """Downloads a file into the cache unless it is already there, and returns its path.

    The file is stored as ``<dataset root>/_dl_cache/<md5 hex digest of the URL>``. When the
    project records a SHA-256 digest of the file published at ``url``, the download is
    verified against it; on a mismatch the file is removed and :class:`OSError` names the
    URL and both digests. A file lock makes concurrent callers download it once.

    Args:
        url (str): The URL of the file.

    Returns:
        str: The path of the cached file.

    Raises:
        urllib.error.URLError: When the download fails (the message names the URL and the
            path to place the file at by hand); an HTTP error status raises its
            :class:`urllib.error.HTTPError`.
        OSError: When the download is truncated or its checksum does not match.
    """
    cache_root = os.path.join(_dataset_root, '_dl_cache')
    try:
        os.makedirs(cache_root, exist_ok=True)
    except OSError as e:
        raise OSError('cannot create the download cache directory {}: {}'.format(
            cache_root, e)) from e
    cache_path = os.path.join(cache_root, hashlib.md5(url.encode('utf-8')).hexdigest())
    if os.path.exists(cache_path):
        return cache_path
    with _lock(cache_path):
        if not os.path.exists(cache_path):
            _download(url, cache_path)
    return cache_path


class _CorruptCacheFile(ValueError):
    """Raised by a loader of :func:`cache_or_load_file` for an unreadable cached file."""


def _load_npz(path):
    """Reads all the arrays of an ``.npz`` file (no pickles) into a dict.

    Raises:
        _CorruptCacheFile: When the file is truncated or otherwise unreadable.
    """
    try:
        with numpy.load(path, allow_pickle=False) as npz:
            return {key: npz[key] for key in npz.files}
    except (zipfile.BadZipFile, EOFError, ValueError, OSError, KeyError) as e:
        raise _CorruptCacheFile('{} is not a readable .npz file: {}'.format(path, e)) from e


def cache_or_load_file(path, creator, loader):
    """Loads a cached file, creating it first when it does not exist.

    If ``path`` exists, returns ``loader(path)``. Otherwise calls ``creator(tmp_path)``,
    which must write the file at ``tmp_path`` (a path in a temporary directory next to
    ``path``, with the same base name) and return its content; the file is then renamed to
    ``path`` and the content returned. A file lock (``_create_lock`` in the dataset root)
    makes concurrent callers create it once.
    A loader may raise the module's corrupt-file error for a damaged cache file, which is
    then removed and created again.

    Args:
        path (str): The path of the cached file.
        creator (callable): ``creator(path)`` writes the file and returns the content.
        loader (callable): ``loader(path)`` reads the file and returns the content.

    Returns:
        The value returned by ``loader`` or ``creator``.

    .. admonition:: Example

        >>> import os, tempfile
        >>> def creator(path):
        ...     print('creating', os.path.basename(path))
        ...     data = np.arange(3)
        ...     with open(path, 'wb') as f:
        ...         np.save(f, data)
        ...     return data
        >>> def loader(path):
        ...     with open(path, 'rb') as f:
        ...         return np.load(f)
        >>> with tempfile.TemporaryDirectory() as tmp:
        ...     path = os.path.join(tmp, 'cache.npy')
        ...     first = chainer.dataset.cache_or_load_file(path, creator, loader)
        ...     second = chainer.dataset.cache_or_load_file(path, creator, loader)  # loaded
        creating cache.npy
        >>> second.tolist()
        [0, 1, 2]
    """
    if os.path.exists(path):
        try:
            return loader(path)
        except _CorruptCacheFile:
            pass  # re-checked and re-made under the lock
    directory = os.path.dirname(os.path.abspath(path))
    try:
        os.makedirs(directory, exist_ok=True)
    except OSError as e:
        raise OSError('cannot create the dataset directory {}: {}'.format(directory, e)) from e
    with _create_lock(path):
        if os.path.exists(path):
            try:
                return loader(path)
            except _CorruptCacheFile as e:
                warnings.warn('{}; creating it again'.format(e), RuntimeWarning)
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(path)
        tmp_dir = tempfile.mkdtemp(prefix='.' + os.path.basename(path) + '.', dir=directory)
        try:
            tmp_path = os.path.join(tmp_dir, os.path.basename(path))
            content = creator(tmp_path)
            if not os.path.exists(tmp_path):
                raise FileNotFoundError(  # as v7, which fails to move the missing file
                    'cache_or_load_file: the creator did not write {}'.format(tmp_path))
            os.replace(tmp_path, path)
        finally:
            shutil.rmtree(tmp_dir, ignore_errors=True)
    return content
