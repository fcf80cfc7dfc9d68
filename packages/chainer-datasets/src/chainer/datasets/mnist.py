"""The MNIST handwritten digits (``chainer.datasets.mnist``)."""
import numpy

from chainer.datasets import _mnist_helper
from chainer.datasets._mnist_helper import make_npz, preprocess_mnist  # NOQA (v7 names here)

_BASE_URL = 'http://yann.lecun.com/exdb/mnist/'
URLS = {
    'train': (_BASE_URL + 'train-images-idx3-ubyte.gz',
              _BASE_URL + 'train-labels-idx1-ubyte.gz'),
    'test': (_BASE_URL + 't10k-images-idx3-ubyte.gz',
             _BASE_URL + 't10k-labels-idx1-ubyte.gz'),
}


def get_mnist(withlabel=True, ndim=1, scale=1., dtype=None, label_dtype=numpy.int32,
              rgb_format=False):
    """Gets the MNIST dataset (60000 training and 10000 test 28x28 grey images of digits).

    It is downloaded on first use and cached as ``pfnet/chainer/mnist/{train,test}.npz``
    under the dataset root.

    Args:
        withlabel (bool): Return (image, label) :class:`~chainer.datasets.TupleDataset`
            objects; else image arrays.
        ndim (int): 1: images of shape ``(784,)``; 2: ``(28, 28)``; 3: ``(1, 28, 28)``.
        scale (float): Pixel values are scaled to ``[0, scale]``.
        dtype: The dtype of the images (``None``: ``chainer.config.dtype``).
        label_dtype: The dtype of the labels.
        rgb_format (bool): With ``ndim=3``, images of shape ``(3, 28, 28)``.

    Returns:
        tuple: The training and test datasets.
    """
    return _mnist_helper.get_mnist_like(
        'pfnet/chainer/mnist', URLS, withlabel, ndim, scale, dtype, label_dtype, rgb_format)
