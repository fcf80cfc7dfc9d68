"""The Fashion-MNIST images of clothes (``chainer.datasets.fashion_mnist``)."""
import numpy

from chainer.datasets import _mnist_helper
from chainer.datasets._mnist_helper import make_npz, preprocess_mnist  # NOQA (v7 names here)

_BASE_URL = 'http://fashion-mnist.s3-website.eu-central-1.amazonaws.com/'
URLS = {
    'train': (_BASE_URL + 'train-images-idx3-ubyte.gz',
              _BASE_URL + 'train-labels-idx1-ubyte.gz'),
    'test': (_BASE_URL + 't10k-images-idx3-ubyte.gz',
             _BASE_URL + 't10k-labels-idx1-ubyte.gz'),
}
_LABELS = ('T-shirt/top', 'Trouser', 'Pullover', 'Dress', 'Coat', 'Sandal', 'Shirt',
           'Sneaker', 'Bag', 'Ankle boot')


def get_fashion_mnist_labels():
    """Returns the list of the names of the 10 Fashion-MNIST classes, by label.

    .. admonition:: Example

        >>> labels = chainer.datasets.get_fashion_mnist_labels()
        >>> len(labels), labels[0], labels[9]
        (10, 'T-shirt/top', 'Ankle boot')
    """
    return list(_LABELS)


def get_fashion_mnist(withlabel=True, ndim=1, scale=1., dtype=None, label_dtype=numpy.int32,
                      rgb_format=False):
    """Gets the Fashion-MNIST dataset (70000 28x28 grey images of 10 kinds of clothes).

    It is downloaded on first use and cached as
    ``pfnet/chainer/fashion-mnist/{train,test}.npz`` under the dataset root. The arguments
    are those of :func:`~chainer.datasets.get_mnist`.

    Returns:
        tuple: The training and test datasets.
    """
    return _mnist_helper.get_mnist_like(
        'pfnet/chainer/fashion-mnist', URLS, withlabel, ndim, scale, dtype, label_dtype,
        rgb_format)
