import numpy

from chainer import datasets
from chainer.datasets import kuzushiji_mnist


def test_get_kuzushiji_mnist(dataset_root, fake_mnist):
    served = fake_mnist(kuzushiji_mnist, n_train=4, n_test=2)
    train, test = datasets.get_kuzushiji_mnist(withlabel=False, ndim=2)
    assert train.shape == (4, 28, 28) and test.shape == (2, 28, 28)
    expected = served['train'][0].astype(numpy.float32)
    expected *= 1. / 255.
    numpy.testing.assert_array_equal(train, expected)
    directory = dataset_root / 'pfnet' / 'chainer' / 'kuzushiji_mnist'
    assert (directory / 'train.npz').exists()


def test_labels():
    labels = datasets.get_kuzushiji_mnist_labels()
    assert len(labels) == 10
    assert labels[0] == ('o', '\u304a') and labels[9] == ('wo', '\u3092')
