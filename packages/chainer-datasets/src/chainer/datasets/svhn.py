"""The SVHN street view house numbers, cropped digits (``chainer.datasets.svhn``)."""
import importlib.util
import os

import numpy

import chainer
from chainer.dataset import download
from chainer.datasets import tuple_dataset

URLS = {
    'train': 'http://ufldl.stanford.edu/housenumbers/train_32x32.mat',
    'test': 'http://ufldl.stanford.edu/housenumbers/test_32x32.mat',
    'extra': 'http://ufldl.stanford.edu/housenumbers/extra_32x32.mat',
}


#: Whether SciPy (which reads the .mat files) is installed, as v7.
_scipy_available = importlib.util.find_spec('scipy') is not None


def _make_npz(path, url):
    try:
        from scipy import io
    except ImportError as e:
        raise ImportError('get_svhn needs SciPy to read the .mat files: pip install scipy '
                          '(or chainer-datasets[svhn])') from e
    mat_path = download.cached_download(url)
    try:
        mat = io.loadmat(mat_path)
        x, y = mat['X'], mat['y']
    except (ValueError, KeyError, OSError, TypeError) as e:
        raise ValueError('{} (downloaded from {}) is not a valid SVHN .mat file: {!r}'.format(
            mat_path, url, e)) from e
    x = x.astype(numpy.uint8)
    y = y.astype(numpy.uint8)
    numpy.savez_compressed(path, x=x, y=y)
    return {'x': x, 'y': y}


def _preprocess(raw, withlabel, scale, image_dtype, label_dtype):
    images = raw['x'].transpose(3, 2, 0, 1).astype(image_dtype)
    images *= scale / 255.
    if not withlabel:
        return images
    labels = raw['y'].ravel().astype(label_dtype)
    labels[labels == 10] = 0
    return tuple_dataset.TupleDataset(images, labels)


def _retrieve(name):
    path = os.path.join(download.get_dataset_directory('pfnet/chainer/svhn'), name + '.npz')
    return download.cache_or_load_file(
        path, lambda tmp_path: _make_npz(tmp_path, URLS[name]), download._load_npz)


def get_svhn(withlabel=True, scale=1., dtype=None, label_dtype=numpy.int32, add_extra=False):
    """Gets the SVHN dataset (32x32 colour images of digits; the label of 0 is 0).

    The ``.mat`` files are downloaded on first use (reading them needs SciPy) and cached
    as ``pfnet/chainer/svhn/{train,test,extra}.npz`` under the dataset root.

    Args:
        withlabel (bool): Return (image, label) :class:`~chainer.datasets.TupleDataset`
            objects; else image arrays of shape ``(N, 3, 32, 32)``.
        scale (float): Pixel values are scaled to ``[0, scale]``.
        dtype: The dtype of the images (``None``: ``chainer.config.dtype``).
        label_dtype: The dtype of the labels.
        add_extra (bool): Also return the extra training data.

    Returns:
        tuple: The training and test datasets (and the extra one with ``add_extra``).
    """
    dtype = chainer.get_dtype(dtype)
    names = ('train', 'test', 'extra') if add_extra else ('train', 'test')
    return tuple(_preprocess(_retrieve(name), withlabel, scale, dtype, label_dtype)
                 for name in names)
