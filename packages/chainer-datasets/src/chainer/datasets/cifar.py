"""The CIFAR-10 and CIFAR-100 datasets of 32x32 colour images (``chainer.datasets.cifar``)."""
import os
import tarfile

import numpy

import chainer
from chainer.dataset import download
from chainer.datasets import _pickle_arrays
from chainer.datasets import tuple_dataset

URLS = {
    'cifar-10': 'https://www.cs.toronto.edu/~kriz/cifar-10-python.tar.gz',
    'cifar-100': 'https://www.cs.toronto.edu/~kriz/cifar-100-python.tar.gz',
}
# archive members of the training and test data, and the key of the labels
_MEMBERS = {
    'cifar-10': (['cifar-10-batches-py/data_batch_{}'.format(i) for i in range(1, 6)],
                 ['cifar-10-batches-py/test_batch'], 'labels'),
    'cifar-100': (['cifar-100-python/train'], ['cifar-100-python/test'], 'fine_labels'),
}


def _read_batches(archive, members, label_key, url):
    xs, ys = [], []
    for member in members:
        try:
            f = archive.extractfile(member)
        except KeyError:
            raise ValueError('{} has no member {}'.format(url, member)) from None
        batch = _pickle_arrays.load(f, '{} in {}'.format(member, url))
        try:
            xs.append(numpy.asarray(batch['data'], numpy.uint8).reshape(-1, 3072))
            ys.append(numpy.asarray(batch[label_key], numpy.uint8))
        except (KeyError, TypeError, ValueError) as e:
            raise ValueError('{} in {} is not a CIFAR batch: {!r}'.format(
                member, url, e)) from e
    return numpy.concatenate(xs), numpy.concatenate(ys)


def _make_npz(path, name):
    url = URLS[name]
    train_members, test_members, label_key = _MEMBERS[name]
    archive_path = download.cached_download(url)
    try:
        with tarfile.open(archive_path, 'r:gz') as archive:
            train_x, train_y = _read_batches(archive, train_members, label_key, url)
            test_x, test_y = _read_batches(archive, test_members, label_key, url)
    except (tarfile.TarError, EOFError, OSError) as e:
        raise ValueError('{} (downloaded from {}) is not a valid tar.gz archive: {}'.format(
            archive_path, url, e)) from e
    raw = {'train_x': train_x, 'train_y': train_y, 'test_x': test_x, 'test_y': test_y}
    numpy.savez_compressed(path, **raw)
    return raw


def _preprocess(images, labels, withlabel, ndim, scale, dtype):
    if ndim == 1:
        images = images.reshape(-1, 3072)
    elif ndim == 3:
        images = images.reshape(-1, 3, 32, 32)
    else:
        raise ValueError('invalid ndim for CIFAR dataset')
    images = images.astype(dtype)
    images *= scale / 255.
    if withlabel:
        return tuple_dataset.TupleDataset(images, labels.astype(numpy.int32))
    return images


def _get_cifar(name, withlabel, ndim, scale, dtype):
    path = os.path.join(download.get_dataset_directory('pfnet/chainer/cifar'), name + '.npz')
    raw = download.cache_or_load_file(
        path, lambda tmp_path: _make_npz(tmp_path, name), download._load_npz)
    dtype = chainer.get_dtype(dtype)
    return (_preprocess(raw['train_x'], raw['train_y'], withlabel, ndim, scale, dtype),
            _preprocess(raw['test_x'], raw['test_y'], withlabel, ndim, scale, dtype))


def get_cifar10(withlabel=True, ndim=3, scale=1., dtype=None):
    """Gets the CIFAR-10 dataset (50000 training and 10000 test images of 10 classes).

    It is downloaded on first use and cached as ``pfnet/chainer/cifar/cifar-10.npz`` under
    the dataset root.

    Args:
        withlabel (bool): Return (image, label) :class:`~chainer.datasets.TupleDataset`
            objects (int32 labels); else image arrays.
        ndim (int): 1: images of shape ``(3072,)``; 3: ``(3, 32, 32)``.
        scale (float): Pixel values are scaled to ``[0, scale]``.
        dtype: The dtype of the images (``None``: ``chainer.config.dtype``).

    Returns:
        tuple: The training and test datasets.
    """
    return _get_cifar('cifar-10', withlabel, ndim, scale, dtype)


def get_cifar100(withlabel=True, ndim=3, scale=1., dtype=None):
    """Gets the CIFAR-100 dataset (its 100 fine labels).

    It is downloaded on first use and cached as ``pfnet/chainer/cifar/cifar-100.npz``
    under the dataset root. The arguments are those of :func:`get_cifar10`.

    Returns:
        tuple: The training and test datasets.
    """
    return _get_cifar('cifar-100', withlabel, ndim, scale, dtype)
