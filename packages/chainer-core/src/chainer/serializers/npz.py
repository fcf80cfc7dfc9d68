"""NPZ serializers: :func:`save_npz`, :func:`load_npz`, :class:`DictionarySerializer`,
:class:`NpzDeserializer`.

Keys are ``/``-joined paths (e.g. ``predictor/l1/W``, ``updater/optimizer:main/l1/W/m``), as
written by Chainer v7. ``None`` values are stored as 0-dim object arrays (v7's layout); they
are recognized from the array header when loading, so loading never unpickles.
"""

import os
import zipfile
import zlib

import numpy

from chainer.backends import _cpu
from chainer import serializer
from chainer.serializers import _arrays
from chainer.serializers import _atomic
from chainer.serializers import _checks

_READ_ERRORS = (ValueError, EOFError, OSError, zipfile.BadZipFile, zlib.error, KeyError)


def _to_cpu(value):
    """The value as v7 stores it: a NumPy array (a scalar, a string or ``None`` becomes a 0-dim
    one), or a list or tuple of arrays (``None`` kept) for a list or tuple.

    Raises:
        TypeError: For any other value (e.g. a dict, a nested list or a Variable), as v7.
    """
    if value is None:
        return numpy.asarray(None)
    if isinstance(value, (list, tuple)):
        converted = [_cpu._array_to_cpu(v) for v in value]
        return tuple(converted) if isinstance(value, tuple) else converted
    return _cpu._array_to_cpu(value)


class DictionarySerializer(serializer.Serializer):
    """Serializer that flattens the object hierarchy into a dict of ``/``-joined keys.

    Feed :attr:`target` to ``numpy.savez`` / ``numpy.savez_compressed`` to write an NPZ file.

    Args:
        target (dict): Dict to store the values in (a new one when ``None``).
        path (str): Key prefix of this serializer.

    Attributes:
        target (dict): The target dict.
        path (str): Key prefix.
    """

    def __init__(self, target=None, path=''):
        if target is None:
            target = {}
        self.target = target
        self.path = path

    def __getitem__(self, key):
        key = key.strip('/')
        return DictionarySerializer(self.target, self.path + key + '/')

    def __call__(self, key, value):
        key = key.lstrip('/')
        self.target[self.path + key] = _to_cpu(value)
        return value


def serialize(obj):
    """Serializes ``obj`` into a dict of ``/``-joined keys and returns it."""
    s = DictionarySerializer()
    s.save(obj)
    return s.target


def save_npz(file, obj, compression=True):
    """Saves an object to an NPZ file.

    The file is written atomically (temporary file in the same directory, then renamed), so
    a failure never leaves a partial file behind.

    Args:
        file (str, os.PathLike or file-like): Target file (path or writable binary file).
        obj: Object to save (with a ``serialize`` method), or a dict of already serialized
            values by key (as the snapshot writers pass).
        compression (bool): Use ``numpy.savez_compressed`` (otherwise ``numpy.savez``).

    .. admonition:: Example

        >>> import os, tempfile
        >>> model = chainer.Link()
        >>> with model.init_scope():
        ...     model.w = chainer.Parameter(np.array([1, 2], np.float32))
        >>> with tempfile.TemporaryDirectory() as tmp:
        ...     path = os.path.join(tmp, 'model.npz')
        ...     chainer.serializers.save_npz(path, model)
        ...     with np.load(path) as npz:
        ...         print(npz.files, npz['w'])
        ['w'] [1. 2.]
    """
    target = obj if isinstance(obj, dict) else serialize(obj)
    savez = numpy.savez_compressed if compression else numpy.savez
    if isinstance(file, (str, os.PathLike)):
        with _atomic.atomic_open(file, 'wb') as f:
            savez(f, **target)
    else:
        savez(file, **target)


def _source_name(npz):
    for obj in (getattr(npz, 'fid', None), getattr(npz, 'zip', None)):
        name = getattr(obj, 'name', None) or getattr(obj, 'filename', None)
        if isinstance(name, (str, os.PathLike)):
            return os.fspath(name)
    return None


class _Context:
    # State shared by a deserializer and its children: the source name and the key set.

    def __init__(self, npz):
        self.name = _source_name(npz)
        files = getattr(npz, 'files', None)
        self.keys = set(files) if files is not None else None

    def where(self, key):
        if self.name is None:
            return 'key {!r}'.format(key)
        return 'key {!r} of {!r}'.format(key, self.name)


def _read_header(zf, key):
    # (shape, dtype) of an entry of the zip file of an NpzFile, read from its header only
    try:
        info = zf.getinfo(key + '.npy')
    except KeyError:
        info = zf.getinfo(key)
    with zf.open(info) as fp:
        version = numpy.lib.format.read_magic(fp)
        if version == (1, 0):
            shape, _, dtype = numpy.lib.format.read_array_header_1_0(fp)
        else:
            shape, _, dtype = numpy.lib.format.read_array_header_2_0(fp)
    return shape, dtype


def _corrupt(ctx, key, error):
    return ValueError('cannot read {}: corrupt or truncated data ({}: {})'.format(
        ctx.where(key), type(error).__name__, error))


def _header_layout(zf, key, ctx):
    # (shape, dtype) from the header of an entry of the zip file, or None for a stored None
    try:
        shape, dtype = _read_header(zf, key)
    except _READ_ERRORS as e:
        raise _corrupt(ctx, key, e) from e
    if dtype.hasobject:
        if shape == ():
            # Chainer writes None as a 0-dim object array; its pickled payload is not read.
            return None
        raise ValueError(
            'cannot read {}: object arrays are not supported (loading them would need '
            'unpickling)'.format(ctx.where(key)))
    return shape, dtype


def _read_none_or_raise(npz, key, ctx, error):
    # Reads the header of an entry NumPy refused to load; returns None for a stored None.
    zf = getattr(npz, 'zip', None)
    if zf is None:
        raise error
    if _header_layout(zf, key, ctx) is None:
        return None
    raise _corrupt(ctx, key, error) from error


def _stored_layout(npz, key, ctx):
    # (shape, dtype) of the stored entry, or None for a stored None, without reading the data
    # when the entries are in a zip file
    zf = getattr(npz, 'zip', None)
    if zf is not None:
        return _header_layout(zf, key, ctx)
    stored = numpy.asarray(npz[key])
    shape, dtype = stored.shape, stored.dtype
    if dtype.hasobject and shape == () and stored[()] is None:
        return None
    return shape, dtype


class NpzDeserializer(serializer.Deserializer):
    """Deserializer for NPZ data (the mapping returned by ``numpy.load``).

    Args:
        npz: ``numpy.lib.npyio.NpzFile`` object (or any mapping of ``/``-joined keys to
            arrays).
        path (str): Key prefix of this deserializer.
        strict (bool): When ``False``, keys missing from ``npz`` are skipped (the value is
            left as is); otherwise a :class:`KeyError` naming the key is raised.
        ignore_names (str, callable or list of them): Keys to skip; a callable receives the
            full key and returns whether to skip it.
        _dry_run (bool): Only check that every value can be loaded (keys, shapes and
            dtypes, from the entry headers), leaving the target untouched.

    Attributes:
        npz: The NPZ data.
        path (str): Key prefix.
        strict (bool): Strictness.
        ignore_names: Keys to skip.
    """

    def __init__(self, npz, path='', strict=True, ignore_names=None, _ctx=None,
                 _dry_run=False):
        self.npz = npz
        self.path = path
        self.strict = strict
        if ignore_names is None:
            ignore_names = []
        self.ignore_names = ignore_names
        self._ctx = _ctx if _ctx is not None else _Context(npz)
        self._dry_run = _dry_run

    def __getitem__(self, key):
        key = key.strip('/')
        return NpzDeserializer(
            self.npz, self.path + key + '/', strict=self.strict,
            ignore_names=self.ignore_names, _ctx=self._ctx, _dry_run=self._dry_run)

    def _ignored(self, key):
        # whether ``key`` matches ``ignore_names`` (checked before the key is looked up, so
        # an ignored key may be missing from the archive, as in v7)
        ignore_names = self.ignore_names
        if not isinstance(ignore_names, (tuple, list)):
            ignore_names = (ignore_names,)
        for ignore_name in ignore_names:
            if isinstance(ignore_name, str):
                if key == ignore_name:
                    return True
            elif callable(ignore_name):
                if ignore_name(key):
                    return True
            else:
                raise ValueError(
                    'ignore_names needs to be a callable, string or list of them.')
        return False

    def _contains(self, key):
        keys = self._ctx.keys
        if keys is not None:
            return key in keys
        return key in self.npz

    def __call__(self, key, value):
        key = self.path + key.lstrip('/')
        if self._ignored(key):
            return value
        if not self._contains(key):
            if not self.strict:
                return value
            raise KeyError('{} is not in the archive{}'.format(
                self._ctx.where(key), _checks.expected_shape(value)))


        if self._dry_run:
            self._check(key, value)
            return value

        try:
            dataset = self.npz[key]
        except _READ_ERRORS as e:
            if isinstance(e, KeyError):
                raise KeyError('{} is not in the archive'.format(self._ctx.where(key))) from e
            dataset = _read_none_or_raise(self.npz, key, self._ctx, e)
        if dataset is None or (
                isinstance(dataset, numpy.ndarray) and dataset.dtype.hasobject
                and dataset.shape == () and dataset[()] is None):
            return None

        if value is None:
            return dataset
        return _arrays.load_into(self._ctx.where(key), numpy.asarray(dataset), value,
                                 check_types=True)

    def _check(self, key, value):
        # the checks of a real load, on the header of the stored entry
        stored = _stored_layout(self.npz, key, self._ctx)
        if stored is None or value is None:
            return
        shape, dtype = stored
        where = self._ctx.where(key)
        _checks.check_stored(where, shape, dtype, value)


def _file_name(file):
    if isinstance(file, (str, os.PathLike)):
        return os.fspath(file)
    return getattr(file, 'name', repr(file))


def load_npz(file, obj, path='', strict=True, ignore_names=None):
    """Loads an object from an NPZ file (never unpickles).

    Args:
        file (str, os.PathLike or file-like): File to load.
        obj: Object to load into (with a ``serialize`` method).
        path (str): Key prefix to load from (e.g. ``'updater/model:main/'`` to load a model
            out of a trainer snapshot).
        strict (bool): When ``False``, keys missing from the file are skipped.
        ignore_names (str, callable or list of them): Keys to skip (see
            :class:`NpzDeserializer`).

    When ``obj`` is a :class:`~chainer.Link`, every key, shape and dtype is checked before
    anything is loaded: a file that does not fit the link leaves it untouched.

    Raises:
        KeyError: A key is missing (``strict=True``); the message names the key and the
            expected shape.
        ValueError: The file is not a readable NPZ file, an entry is corrupt, or a shape
            does not match (the message names the key and both shapes).

    .. admonition:: Example

        >>> import os, tempfile
        >>> def make_model(value):
        ...     model = chainer.Link()
        ...     with model.init_scope():
        ...         model.w = chainer.Parameter(np.full(2, value, np.float32))
        ...     return model
        >>> trained, fresh = make_model(3), make_model(0)
        >>> with tempfile.TemporaryDirectory() as tmp:
        ...     path = os.path.join(tmp, 'model.npz')
        ...     chainer.serializers.save_npz(path, trained)
        ...     chainer.serializers.load_npz(path, fresh)
        >>> fresh.w.array
        array([3., 3.], dtype=float32)
    """
    try:
        npz = numpy.load(file, allow_pickle=False)
    except (FileNotFoundError, IsADirectoryError, PermissionError):
        raise
    except _READ_ERRORS as e:
        raise ValueError('cannot read {!r}: not a valid NPZ file ({}: {})'.format(
            _file_name(file), type(e).__name__, e)) from e
    if not isinstance(npz, numpy.lib.npyio.NpzFile):
        raise ValueError('cannot read {!r}: not an NPZ archive'.format(_file_name(file)))
    with npz:
        if _checks.is_link(obj):
            # a link is checked first, so that a file that does not fit leaves it untouched
            NpzDeserializer(npz, path=path, strict=strict, ignore_names=ignore_names,
                            _dry_run=True).load(obj)
        d = NpzDeserializer(npz, path=path, strict=strict, ignore_names=ignore_names)
        d.load(obj)
