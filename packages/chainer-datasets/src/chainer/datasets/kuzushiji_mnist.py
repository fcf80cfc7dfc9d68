"""The Kuzushiji-MNIST images of cursive Japanese (``chainer.datasets.kuzushiji_mnist``)."""
import numpy

from chainer.datasets import _mnist_helper
from chainer.datasets._mnist_helper import make_npz, preprocess_mnist  # NOQA (v7 names here)

_BASE_URL = 'http://codh.rois.ac.jp/kmnist/dataset/kmnist/'
URLS = {
    'train': (_BASE_URL + 'train-images-idx3-ubyte.gz',
              _BASE_URL + 'train-labels-idx1-ubyte.gz'),
    'test': (_BASE_URL + 't10k-images-idx3-ubyte.gz',
             _BASE_URL + 't10k-labels-idx1-ubyte.gz'),
}
_LABELS = (('o', 'お'), ('ki', 'き'), ('su', 'す'), ('tsu', 'つ'), ('na', 'な'), ('ha', 'は'),
           ('ma', 'ま'), ('ya', 'や'), ('re', 'れ'), ('wo', 'を'))


def get_kuzushiji_mnist_labels():
    """Returns the list of the 10 Kuzushiji-MNIST classes as (romaji, hiragana) pairs.

    .. admonition:: Example

        >>> labels = chainer.datasets.get_kuzushiji_mnist_labels()
        >>> len(labels)
        10
    """
    return list(_LABELS)


def get_kuzushiji_mnist(withlabel=True, ndim=1, scale=1., dtype=None,
                        label_dtype=numpy.int32, rgb_format=False):
    """Gets the Kuzushiji-MNIST dataset (70000 28x28 grey images of 10 hiragana).

    It is downloaded on first use and cached as
    ``pfnet/chainer/kuzushiji_mnist/{train,test}.npz`` under the dataset root. The
    arguments are those of :func:`~chainer.datasets.get_mnist`.

    Returns:
        tuple: The training and test datasets.
    """
    return _mnist_helper.get_mnist_like(
        'pfnet/chainer/kuzushiji_mnist', URLS, withlabel, ndim, scale, dtype, label_dtype,
        rgb_format)
