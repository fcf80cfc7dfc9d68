"""SHA-256 digests of the files that :func:`chainer.dataset.cached_download` verifies.

The table maps a download URL to the SHA-256 hex digest of the published file. A URL that is
not in the table is downloaded without verification: a digest is recorded only when it is
known for certain, never guessed. The MNIST, Fashion-MNIST, Kuzushiji-MNIST and SVHN entries
are the digests that the TensorFlow Datasets project publishes for the very same files
(``tensorflow-datasets`` 4.9.10 checksum tables; the MNIST files there are fetched from a
byte-identical mirror of the original site, with the same sizes); the CIFAR-10/100 python
archives are those that Keras verifies its downloads of the same URLs with (``keras`` 3.15.1,
``keras.datasets.cifar10``/``cifar100``). Not verified (no entry): the PTB text files.

Other packages may add the digests of the files they download (model weights, ...) with
:func:`register`.
"""

SHA256 = {
    # MNIST
    'http://yann.lecun.com/exdb/mnist/train-images-idx3-ubyte.gz':
        '440fcabf73cc546fa21475e81ea370265605f56be210a4024d2ca8f203523609',
    'http://yann.lecun.com/exdb/mnist/train-labels-idx1-ubyte.gz':
        '3552534a0a558bbed6aed32b30c495cca23d567ec52cac8be1a0730e8010255c',
    'http://yann.lecun.com/exdb/mnist/t10k-images-idx3-ubyte.gz':
        '8d422c7b0a1c1c79245a5bcf07fe86e33eeafee792b84584aec276f5a2dbc4e6',
    'http://yann.lecun.com/exdb/mnist/t10k-labels-idx1-ubyte.gz':
        'f7ae60f92e00ec6debd23a6088c31dbd2371eca3ffa0defaefb259924204aec6',
    # Fashion-MNIST
    'http://fashion-mnist.s3-website.eu-central-1.amazonaws.com/train-images-idx3-ubyte.gz':
        '3aede38d61863908ad78613f6a32ed271626dd12800ba2636569512369268a84',
    'http://fashion-mnist.s3-website.eu-central-1.amazonaws.com/train-labels-idx1-ubyte.gz':
        'a04f17134ac03560a47e3764e11b92fc97de4d1bfaf8ba1a3aa29af54cc90845',
    'http://fashion-mnist.s3-website.eu-central-1.amazonaws.com/t10k-images-idx3-ubyte.gz':
        '346e55b948d973a97e58d2351dde16a484bd415d4595297633bb08f03db6a073',
    'http://fashion-mnist.s3-website.eu-central-1.amazonaws.com/t10k-labels-idx1-ubyte.gz':
        '67da17c76eaffca5446c3361aaab5c3cd6d1c2608764d35dfb1850b086bf8dd5',
    # Kuzushiji-MNIST
    'http://codh.rois.ac.jp/kmnist/dataset/kmnist/train-images-idx3-ubyte.gz':
        '51467d22d8cc72929e2a028a0428f2086b092bb31cfb79c69cc0a90ce135fde4',
    'http://codh.rois.ac.jp/kmnist/dataset/kmnist/train-labels-idx1-ubyte.gz':
        'e38f9ebcd0f3ebcdec7fc8eabdcdaef93bb0df8ea12bee65224341c8183d8e17',
    'http://codh.rois.ac.jp/kmnist/dataset/kmnist/t10k-images-idx3-ubyte.gz':
        'edd7a857845ad6bb1d0ba43fe7e794d164fe2dce499a1694695a792adfac43c5',
    'http://codh.rois.ac.jp/kmnist/dataset/kmnist/t10k-labels-idx1-ubyte.gz':
        '20bb9a0ef54c7db3efc55a92eef5582c109615df22683c380526788f98e42a1c',
    # CIFAR-10 and CIFAR-100 (python version)
    'https://www.cs.toronto.edu/~kriz/cifar-10-python.tar.gz':
        '6d958be074577803d12ecdefd02955f39262c83c16fe9348329d7fe0b5c001ce',
    'https://www.cs.toronto.edu/~kriz/cifar-100-python.tar.gz':
        '85cd44d02ba6437773c5bbd22e183051d648de2e7d6b014e1ef29b855ba677a7',
    # SVHN (cropped digits)
    'http://ufldl.stanford.edu/housenumbers/train_32x32.mat':
        '435e94d69a87fde4fd4d7f3dd208dfc32cb6ae8af2240d066de1df7508d083b8',
    'http://ufldl.stanford.edu/housenumbers/test_32x32.mat':
        'cdce80dfb2a2c4c6160906d0bd7c68ec5a99d7ca4831afa54f09182025b6a75b',
    'http://ufldl.stanford.edu/housenumbers/extra_32x32.mat':
        'a133a4beb38a00fcdda90c9489e0c04f900b660ce8a316a5e854838379a71eb3',
}


def register(url, sha256):
    """Records the SHA-256 hex digest of the file published at ``url``."""
    digest = sha256.lower()
    if len(digest) != 64 or any(c not in '0123456789abcdef' for c in digest):
        raise ValueError('not a SHA-256 hex digest for {}: {!r}'.format(url, sha256))
    SHA256[url] = digest
