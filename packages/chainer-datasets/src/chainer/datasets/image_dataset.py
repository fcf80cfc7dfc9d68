"""Datasets of image files, on disk or in zip archives (``chainer.datasets.image_dataset``).

Images are read with Pillow (the ``image`` extra of chainer-datasets) into arrays of shape
``(channels, height, width)``: grey and palette images have one channel, RGB three, RGBA
four.
"""
import importlib.util
import io
import os
import threading
import zipfile

import numpy

import chainer
from chainer.dataset import dataset_mixin

available = importlib.util.find_spec('PIL') is not None
"""Whether Pillow is installed (v7's module attribute); found without importing it."""


def _pillow():
    try:
        from PIL import Image
    except ImportError as e:
        raise ImportError('the image datasets need Pillow, which is not installed: pip install '
                          'pillow (or chainer-datasets[image])') from e
    return Image


def _check_pillow_availability():
    _pillow()


def _postprocess_image(image):
    if image.ndim == 2:
        image = image[:, :, numpy.newaxis]  # grey: one channel
    return image.transpose(2, 0, 1)


def _read_image_as_array(source, dtype, name=None):
    """Reads an image (a path or a binary file) as a ``(C, H, W)`` array of ``dtype``.

    Raises:
        OSError: When Pillow cannot decode the image (the message names it).
    """
    Image = _pillow()
    name = source if name is None else name
    try:
        with Image.open(source) as image:
            array = numpy.asarray(image, dtype=dtype)
    except FileNotFoundError:
        raise
    except (OSError, SyntaxError, ValueError, Image.DecompressionBombError) as e:
        error_class = type(e) if isinstance(e, OSError) else OSError
        raise error_class('cannot decode the image {}: {}'.format(name, e)) from e
    return _postprocess_image(array)


def _read_lines(path):
    # The non-blank lines of a text file, stripped.
    with open(path) as f:
        return [line.strip() for line in f if line.strip()]


def _parse_pairs(path):
    pairs = []
    with open(path) as f:
        for i, line in enumerate(f):
            fields = line.strip().split()
            if not fields:
                continue
            if len(fields) != 2:
                raise ValueError('invalid format at line {} in file {}'.format(i, path))
            try:
                pairs.append((fields[0], int(fields[1])))
            except ValueError:
                raise ValueError('invalid label {!r} at line {} in file {}'.format(
                    fields[1], i, path)) from None
    return pairs


class ImageDataset(dataset_mixin.DatasetMixin):
    """Dataset of image files, read on access.

    Args:
        paths (str or list of str): The image paths, or the path of a text file that
            lists them one per line.
        root (str): The directory the image paths are relative to.
        dtype: The dtype of the arrays (``None``: ``chainer.config.dtype``).
    """

    def __init__(self, paths, root='.', dtype=None):
        _check_pillow_availability()
        if isinstance(paths, str):
            paths = _read_lines(paths)
        self._paths = list(paths)
        self._root = root
        self._dtype = chainer.get_dtype(dtype)

    def __len__(self):
        return len(self._paths)

    def get_example(self, i):
        path = os.path.join(self._root, self._paths[i])
        return _read_image_as_array(path, self._dtype)


class LabeledImageDataset(dataset_mixin.DatasetMixin):
    """Dataset of (image, label) pairs, the images read on access.

    Args:
        pairs (str or list of tuples): ``(path, label)`` pairs, or the path of a text file
            with one ``path label`` pair per line (the Caffe format).
        root (str): The directory the image paths are relative to.
        dtype: The dtype of the images (``None``: ``chainer.config.dtype``).
        label_dtype: The dtype of the labels (0-dimensional arrays).
    """

    def __init__(self, pairs, root='.', dtype=None, label_dtype=numpy.int32):
        _check_pillow_availability()
        if isinstance(pairs, str):
            pairs = _parse_pairs(pairs)
        self._pairs = list(pairs)
        self._root = root
        self._dtype = chainer.get_dtype(dtype)
        self._label_dtype = label_dtype

    def __len__(self):
        return len(self._pairs)

    def get_example(self, i):
        path, label = self._pairs[i]
        image = _read_image_as_array(os.path.join(self._root, path), self._dtype)
        return image, numpy.array(label, dtype=self._label_dtype)


class ZippedImageDataset(dataset_mixin.DatasetMixin):
    """Dataset of the image files in a zip archive, read on access.

    The examples are the files of the archive in its order (directories excepted);
    :meth:`get_example` also accepts a file name. The archive is opened again in a forked
    or unpickled process, so that worker processes do not share its file offset.

    Args:
        zipfilename (str): The path of the zip archive.
        dtype: The dtype of the arrays (``None``: ``chainer.config.dtype``).
    """

    def __init__(self, zipfilename, dtype=None):
        _check_pillow_availability()
        self._zipfilename = zipfilename
        self._dtype = chainer.get_dtype(dtype)
        self._lock = threading.Lock()
        self._zf = zipfile.ZipFile(zipfilename)
        self._zf_pid = os.getpid()
        self._paths = [name for name in self._zf.namelist() if not name.endswith('/')]

    def __len__(self):
        return len(self._paths)

    def _zip(self):
        if self._zf_pid != os.getpid():
            self._zf = zipfile.ZipFile(self._zipfilename)
            self._zf_pid = os.getpid()
        return self._zf

    def get_example(self, i_or_filename):
        """Returns the image at an index, or of a file name in the archive."""
        if isinstance(i_or_filename, str):
            name = i_or_filename
        else:
            name = self._paths[i_or_filename]
        with self._lock:
            data = self._zip().read(name)
        return _read_image_as_array(io.BytesIO(data), self._dtype,
                                    '{} in {}'.format(name, self._zipfilename))

    def __getstate__(self):
        state = dict(self.__dict__)
        state['_zf'] = None
        state['_zf_pid'] = None
        state['_lock'] = None
        return state

    def __setstate__(self, state):
        self.__dict__.update(state)
        self._lock = threading.Lock()


class MultiZippedImageDataset(dataset_mixin.DatasetMixin):
    """Dataset of the images of several zip archives, one archive after the other.

    Args:
        zipfilenames (list of str): The paths of the zip archives.
        dtype: The dtype of the arrays (``None``: ``chainer.config.dtype``).
    """

    def __init__(self, zipfilenames, dtype=None):
        self._zfs = [ZippedImageDataset(name, dtype) for name in zipfilenames]
        self._zpaths_accumlens = [0]
        for zf in self._zfs:
            self._zpaths_accumlens.append(self._zpaths_accumlens[-1] + len(zf))

    def __len__(self):
        return self._zpaths_accumlens[-1]

    def get_example(self, i):
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError('MultiZippedImageDataset: index out of range for {} images'.format(
                len(self)))
        for zf, start, end in zip(self._zfs, self._zpaths_accumlens,
                                  self._zpaths_accumlens[1:]):
            if i < end:
                return zf.get_example(i - start)


class LabeledZippedImageDataset(dataset_mixin.DatasetMixin):
    """Dataset of (image, label) pairs, the images read from a zip archive.

    Args:
        zipfilename (str): The path of the zip archive.
        labelfilename (str): A text file with one ``name label`` pair per line (the names
            of the files in the archive).
        dtype: The dtype of the images (``None``: ``chainer.config.dtype``).
        label_dtype: The dtype of the labels (0-dimensional arrays).
    """

    def __init__(self, zipfilename, labelfilename, dtype=None, label_dtype=numpy.int32):
        self._zipfile = ZippedImageDataset(zipfilename, dtype=dtype)
        self._pairs = _parse_pairs(labelfilename)
        self._label_dtype = label_dtype

    def __len__(self):
        return len(self._pairs)

    def get_example(self, i):
        path, label = self._pairs[i]
        image = self._zipfile.get_example(path)
        return image, numpy.array(label, dtype=self._label_dtype)
