import numpy

from chainer import datasets
from chainer.datasets import fashion_mnist


def test_get_fashion_mnist(dataset_root, fake_mnist):
    served = fake_mnist(fashion_mnist)
    train, test = datasets.get_fashion_mnist(ndim=3, scale=2.)
    assert len(train) == 7 and len(test) == 3
    x, t = test[2]
    assert x.shape == (1, 28, 28) and x.dtype == numpy.float32 and t.dtype == numpy.int32
    expected = served['test'][0][2].astype(numpy.float32)
    expected *= 2. / 255.
    numpy.testing.assert_array_equal(x[0], expected)
    assert t == served['test'][1][2]
    directory = dataset_root / 'pfnet' / 'chainer' / 'fashion-mnist'
    assert (directory / 'train.npz').exists() and (directory / 'test.npz').exists()


def test_labels():
    labels = datasets.get_fashion_mnist_labels()
    assert len(labels) == 10
    assert labels[0] == 'T-shirt/top' and labels[9] == 'Ankle boot'
