"""Reading the MNIST-style idx files and preparing MNIST-like datasets."""
import gzip
import os
import struct
import zlib

import numpy

import chainer
from chainer.dataset import download
from chainer.datasets import tuple_dataset

_IMAGES_MAGIC = 2051
_LABELS_MAGIC = 2049
_SIDE = 28


def _read_idx(path, url, magic, item_shape):
    # Returns the uint8 array of one gzipped idx file (images or labels).
    try:
        with gzip.open(path, 'rb') as f:
            header = f.read(4 + 4 * (1 + len(item_shape)))
            values = struct.unpack('>{}i'.format(1 + 1 + len(item_shape)), header)
            if values[0] != magic or tuple(values[2:]) != item_shape:
                raise ValueError('unexpected header {}'.format(values))
            count = values[1]
            size = count * int(numpy.prod(item_shape, dtype=int))
            data = f.read(size)
    except (OSError, EOFError, struct.error, zlib.error, ValueError) as e:
        raise ValueError('{} (downloaded from {}) is not a valid gzipped idx file: {}'.format(
            path, url, e)) from e
    if len(data) != size:
        raise ValueError('{} (downloaded from {}) is truncated: {} of {} bytes of data'.format(
            path, url, len(data), size))
    return numpy.frombuffer(data, numpy.uint8).reshape((count,) + item_shape)


def make_npz(path, urls):
    """Downloads an MNIST-style pair of idx files and saves them as an ``.npz`` file.

    Args:
        path (str): The path of the ``.npz`` file to write (arrays ``x``: ``(N, 784)`` and
            ``y``: ``(N,)``, both uint8).
        urls (tuple of str): The URLs of the gzipped images file and labels file.

    Returns:
        dict: The arrays ``x`` and ``y``.
    """
    x_url, y_url = urls
    x = _read_idx(download.cached_download(x_url), x_url, _IMAGES_MAGIC, (_SIDE, _SIDE))
    y = _read_idx(download.cached_download(y_url), y_url, _LABELS_MAGIC, ())
    if len(x) != len(y):
        raise ValueError('{} has {} images but {} has {} labels'.format(
            x_url, len(x), y_url, len(y)))
    x = x.reshape(len(x), _SIDE * _SIDE)
    numpy.savez_compressed(path, x=x, y=y)
    return {'x': x, 'y': y}


def preprocess_mnist(raw, withlabel, ndim, scale, image_dtype, label_dtype, rgb_format):
    """Turns the raw arrays of an MNIST-like dataset into a dataset.

    Args:
        raw (dict): The uint8 arrays ``x`` (``(N, 784)``) and ``y``.
        withlabel (bool): Return a :class:`~chainer.datasets.TupleDataset` of images and
            labels; else the image array alone.
        ndim (int): 1: images of shape ``(784,)``; 2: ``(28, 28)``; 3: ``(1, 28, 28)``, or
            ``(3, 28, 28)`` with ``rgb_format``.
        scale (float): Pixel values are scaled to ``[0, scale]``.
        image_dtype: The dtype of the images.
        label_dtype: The dtype of the labels.
        rgb_format (bool): With ``ndim=3``, repeat the grey channel three times.
    """
    images = raw['x']
    n = len(images)
    if ndim == 1:
        images = images.reshape(n, _SIDE * _SIDE).astype(image_dtype)
    elif ndim == 2:
        images = images.reshape(n, _SIDE, _SIDE).astype(image_dtype)
    elif ndim == 3:
        if rgb_format:
            channels_last = numpy.empty((n, _SIDE, _SIDE, 3), image_dtype)
            channels_last[...] = images.reshape(n, _SIDE, _SIDE, 1)
            images = channels_last.transpose(0, 3, 1, 2)
        else:
            images = images.reshape(n, 1, _SIDE, _SIDE).astype(image_dtype)
    else:
        raise ValueError('invalid ndim for MNIST dataset')
    images *= scale / 255.
    if withlabel:
        return tuple_dataset.TupleDataset(images, raw['y'].astype(label_dtype))
    return images


def get_mnist_like(directory, urls, withlabel, ndim, scale, dtype, label_dtype, rgb_format):
    """Returns the (train, test) pair of an MNIST-like dataset, downloading it if needed.

    Args:
        directory (str): The dataset directory under the dataset root, e.g.
            ``'pfnet/chainer/mnist'``.
        urls (dict): ``{'train': (images_url, labels_url), 'test': (...)}``.
        withlabel, ndim, scale, dtype, label_dtype, rgb_format: See
            :func:`preprocess_mnist` (``dtype`` ``None``: ``chainer.config.dtype``).
    """
    dtype = chainer.get_dtype(dtype)
    root = download.get_dataset_directory(directory)

    def load(split):
        return download.cache_or_load_file(
            os.path.join(root, split + '.npz'),
            lambda path: make_npz(path, urls[split]),
            download._load_npz)

    return tuple(
        preprocess_mnist(load(split), withlabel, ndim, scale, dtype, label_dtype, rgb_format)
        for split in ('train', 'test'))
