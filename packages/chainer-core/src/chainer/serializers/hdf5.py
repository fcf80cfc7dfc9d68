"""HDF5 serializers: :func:`save_hdf5`, :func:`load_hdf5`, :class:`HDF5Serializer`,
:class:`HDF5Deserializer`.

h5py is imported only when one of them is used; without it they raise an ``ImportError``
(which is also a ``RuntimeError``, the error Chainer v7 raised) telling how to install it.
"""
import importlib.util

import numpy

from chainer import serializer
from chainer.serializers import _arrays
from chainer.serializers import _atomic
from chainer.serializers import _checks


class _H5pyMissingError(ImportError, RuntimeError):
    """h5py is not installed."""


class _MissingGroupError(KeyError, ValueError):
    """A strict deserializer reads from a group missing from the file (v7 raised a
    ValueError there)."""


_MISSING = ('h5py is not installed on your environment.\n'
            'Please install h5py to activate hdf5 serializers.\n\n'
            '  $ pip install h5py  (or: pip install "chainer-core[hdf5]")')

# Whether h5py is installed (v7's module-level flag, found without importing h5py; tests may
# set it to False to act as if h5py were missing).
_available = importlib.util.find_spec('h5py') is not None
_h5py = None


def _check_available():
    """Raises the missing-h5py error unless h5py is available."""
    if not _available:
        raise _H5pyMissingError(_MISSING)


def _get_h5py():
    global _h5py
    _check_available()
    if _h5py is None:
        try:
            import h5py
        except ImportError as e:
            raise _H5pyMissingError(_MISSING) from e
        _h5py = h5py
    return _h5py


def _to_cpu(value):
    if isinstance(value, numpy.ndarray):
        if value.dtype.kind == 'U' and value.ndim == 0:  # a str as DictionarySerializer keeps it
            return str(value[()])
        return value
    if isinstance(value, (str, bytes)):
        return value
    return _arrays.to_host(value)


def _file_name(group):
    f = getattr(group, 'file', None)
    return getattr(f, 'filename', None)


def _describe(name, full):
    if name is None:
        return 'key {!r}'.format(full)
    return 'key {!r} of {!r}'.format(full, name)


def _where(group, key):
    return _describe(_file_name(group), group.name.rstrip('/') + '/' + key)


class HDF5Serializer(serializer.Serializer):
    """Serializer for the HDF5 format (requires h5py).

    The object hierarchy is mapped to HDF5 groups; each value becomes a dataset (``None`` is
    stored as an empty dataset).

    Args:
        group (h5py.Group): Group to write into.
        compression (int): Gzip compression level of datasets with more than one element.

    Attributes:
        group (h5py.Group): The target group.
        compression (int): Gzip compression level.
    """

    def __init__(self, group, compression=4):
        _get_h5py()
        self.group = group
        self.compression = compression

    def __getitem__(self, key):
        name = self.group.name.rstrip('/') + '/' + key.strip('/')
        return HDF5Serializer(self.group.require_group(name), self.compression)

    def __call__(self, key, value):
        h5py = _get_h5py()
        key = key.lstrip('/')
        if value is None:
            arr = h5py.Empty('f')
            compression = None
        else:
            arr = _to_cpu(value)
            compression = self.compression if numpy.size(arr) > 1 else None
        self.group.create_dataset(key, data=arr, compression=compression)
        return value


def save_hdf5(filename, obj, compression=4):
    """Saves an object to an HDF5 file (requires h5py), atomically.

    Use :class:`HDF5Serializer` directly to save several objects into one file.

    Args:
        filename (str or os.PathLike): Target file name.
        obj: Object to save (with a ``serialize`` method), or a dict of already serialized
            values by ``/``-joined key (as the snapshot writers pass).
        compression (int): Gzip compression level.

    .. admonition:: Example

        >>> import os, tempfile
        >>> import h5py
        >>> model = chainer.Link()
        >>> with model.init_scope():
        ...     model.w = chainer.Parameter(np.array([1, 2], np.float32))
        >>> with tempfile.TemporaryDirectory() as tmp:
        ...     path = os.path.join(tmp, 'model.h5')
        ...     chainer.serializers.save_hdf5(path, model)
        ...     with h5py.File(path, 'r') as f:
        ...         print(list(f), f['w'][()])
        ['w'] [1. 2.]
    """
    h5py = _get_h5py()
    with _atomic.atomic_path(filename) as tmp:
        with h5py.File(tmp, 'w') as f:
            s = HDF5Serializer(f, compression=compression)
            if isinstance(obj, dict):
                for key, value in obj.items():
                    s(key, value)
            else:
                s.save(obj)


class HDF5Deserializer(serializer.Deserializer):
    """Deserializer for the HDF5 format (requires h5py).

    Args:
        group (h5py.Group): Group to read from.
        strict (bool): When ``False``, missing values are skipped (left as is); otherwise a
            :class:`KeyError` naming the key is raised.
        _dry_run (bool): Only check that every value can be loaded (keys, shapes and
            dtypes), leaving the target untouched.

    Attributes:
        group (h5py.Group): The source group (``None`` for a group missing from the file
            when not strict).
        strict (bool): Strictness.
    """

    def __init__(self, group, strict=True, _dry_run=False):
        _get_h5py()
        self.group = group
        self.strict = strict
        self._dry_run = _dry_run

    def __getitem__(self, key):
        key = key.strip('/')
        group = self.group
        if group is None or key not in group:
            # as v7, a missing group is an error only when a value is read from it
            child = HDF5Deserializer.__new__(HDF5Deserializer)
            child.group = None
            child.strict = self.strict
            child._dry_run = self._dry_run
            if group is not None:  # (file name, path) of the missing group
                child._missing = (_file_name(group), group.name.rstrip('/') + '/' + key)
            else:
                name, path = self._missing
                child._missing = (name, path + '/' + key)
            return child
        return HDF5Deserializer(group[key], strict=self.strict, _dry_run=self._dry_run)

    def __call__(self, key, value):
        key = key.lstrip('/')
        group = self.group
        if group is None or key not in group:
            if not self.strict:
                return value
            if group is None:
                name, path = self._missing
                raise _MissingGroupError('{} is not in the file'.format(
                    _describe(name, path + '/' + key)))
            raise KeyError('{} is not in the file{}'.format(
                _where(group, key), _checks.expected_shape(value)))
        try:
            dataset = group[key]
            stored_shape = dataset.shape
            if stored_shape is not None and not self._dry_run:
                arr = dataset[()]
        except (OSError, ValueError, TypeError, KeyError) as e:
            raise ValueError('cannot read {}: corrupt or unreadable data ({}: {})'.format(
                _where(group, key), type(e).__name__, e)) from e
        if self._dry_run:
            if stored_shape is not None and value is not None:
                _checks.check_stored(_where(group, key), stored_shape, dataset.dtype, value,
                                     check_scalars=False)
            return value
        if stored_shape is None:  # h5py.Empty: a stored None
            return None
        if isinstance(arr, bytes):
            arr = arr.decode('utf-8')
        return _arrays.load_into(_where(group, key), numpy.asarray(arr), value,
                                 check_types=False)


def load_hdf5(filename, obj):
    """Loads an object from an HDF5 file (requires h5py).

    When ``obj`` is a :class:`~chainer.Link`, every key, shape and dtype is checked before
    anything is loaded: a file that does not fit the link leaves it untouched (a missing key
    raises ``KeyError``, a mismatched shape ``ValueError``, both naming the key and the
    expected shape).

    Args:
        filename (str or os.PathLike): File to load.
        obj: Object to load into (with a ``serialize`` method).

    .. admonition:: Example

        >>> import os, tempfile
        >>> def make_model(value):
        ...     model = chainer.Link()
        ...     with model.init_scope():
        ...         model.w = chainer.Parameter(np.full(2, value, np.float32))
        ...     return model
        >>> trained, fresh = make_model(3), make_model(0)
        >>> with tempfile.TemporaryDirectory() as tmp:
        ...     path = os.path.join(tmp, 'model.h5')
        ...     chainer.serializers.save_hdf5(path, trained)
        ...     chainer.serializers.load_hdf5(path, fresh)
        >>> fresh.w.array
        array([3., 3.], dtype=float32)
    """
    h5py = _get_h5py()
    try:
        f = h5py.File(filename, 'r')
    except FileNotFoundError:
        raise
    except OSError as e:
        raise ValueError('cannot read {!r}: not a valid HDF5 file ({})'.format(
            str(filename), e)) from e
    with f:
        if _checks.is_link(obj):
            # a link is checked first, so that a file that does not fit leaves it untouched
            HDF5Deserializer(f, _dry_run=True).load(obj)
        d = HDF5Deserializer(f)
        d.load(obj)
