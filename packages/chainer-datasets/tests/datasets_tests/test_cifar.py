import io
import pickle
import tarfile

import numpy
import pytest

from chainer import datasets
from chainer.datasets import cifar


def _archive(name, n_train, n_test, rng, protocol=2):
    """A CIFAR python archive with ``n_train`` and ``n_test`` images (str-keyed pickles)."""
    buffer = io.BytesIO()
    label_key = 'labels' if name == 'cifar-10' else 'fine_labels'
    n_classes = 10 if name == 'cifar-10' else 100
    served = {}
    with tarfile.open(fileobj=buffer, mode='w:gz') as tar:
        def add(member, n):
            x = rng.randint(0, 256, (n, 3072)).astype(numpy.uint8)
            y = [int(v) for v in rng.randint(0, n_classes, n)]
            data = pickle.dumps({'data': x, label_key: y, 'batch_label': 'x'}, protocol)
            info = tarfile.TarInfo(member)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
            return x, numpy.array(y)

        if name == 'cifar-10':
            parts = [add('cifar-10-batches-py/data_batch_{}'.format(i), n_train)
                     for i in range(1, 6)]
            served['train'] = tuple(numpy.concatenate(p) for p in zip(*parts))
            served['test'] = add('cifar-10-batches-py/test_batch', n_test)
        else:
            served['train'] = add('cifar-100-python/train', n_train)
            served['test'] = add('cifar-100-python/test', n_test)
    return buffer.getvalue(), served


@pytest.fixture
def fake_cifar(http_server, monkeypatch):
    def serve(name):
        data, served = _archive(name, 2, 3, numpy.random.RandomState(0))
        url = http_server.add('/{}-python.tar.gz'.format(name), data)
        monkeypatch.setitem(cifar.URLS, name, url)
        return served
    return serve


@pytest.mark.parametrize('name, getter', [('cifar-10', datasets.get_cifar10),
                                          ('cifar-100', datasets.get_cifar100)])
@pytest.mark.parametrize('ndim, shape', [(3, (3, 32, 32)), (1, (3072,))])
@pytest.mark.parametrize('scale, dtype', [(1., numpy.float32), (255., numpy.float64)])
def test_get_cifar(dataset_root, fake_cifar, name, getter, ndim, shape, scale, dtype):
    served = fake_cifar(name)
    train, test = getter(ndim=ndim, scale=scale, dtype=dtype)
    for dataset, split in ((train, 'train'), (test, 'test')):
        images, labels = served[split]
        assert len(dataset) == len(images)
        x, t = dataset[1]
        expected = images[1].astype(dtype)
        expected *= scale / 255.
        assert x.shape == shape and x.dtype == dtype
        numpy.testing.assert_array_equal(x.ravel(), expected)
        assert t.dtype == numpy.int32 and t == labels[1]
    with numpy.load(str(dataset_root / 'pfnet' / 'chainer' / 'cifar' / (name + '.npz'))) as npz:
        assert sorted(npz.files) == ['test_x', 'test_y', 'train_x', 'train_y']
        assert npz['train_x'].shape == (len(served['train'][0]), 3072)
        assert npz['train_y'].dtype == numpy.uint8


def test_without_labels(dataset_root, fake_cifar):
    fake_cifar('cifar-10')
    train, test = datasets.get_cifar10(withlabel=False)
    assert train.shape == (10, 3, 32, 32) and test.shape == (3, 3, 32, 32)
    assert train.dtype == numpy.float32 and train.max() <= 1.


def test_invalid_ndim(dataset_root, fake_cifar):
    fake_cifar('cifar-10')
    with pytest.raises(ValueError, match='invalid ndim for CIFAR'):
        datasets.get_cifar10(ndim=2)


def test_pickles_cannot_run_code(dataset_root, http_server, monkeypatch):
    class Evil:
        def __reduce__(self):
            return (print, ('pwned',))

    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode='w:gz') as tar:
        data = pickle.dumps({'data': Evil(), 'fine_labels': []})
        for member in ('cifar-100-python/train', 'cifar-100-python/test'):
            info = tarfile.TarInfo(member)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    monkeypatch.setitem(cifar.URLS, 'cifar-100', http_server.add('/evil.tar.gz',
                                                                 buffer.getvalue()))
    with pytest.raises(ValueError, match='refusing to load builtins.print'):
        datasets.get_cifar100()


def test_corrupt_archive(dataset_root, http_server, monkeypatch):
    monkeypatch.setitem(cifar.URLS, 'cifar-10', http_server.add('/bad.tar.gz', b'not gzip'))
    with pytest.raises(ValueError, match='bad.tar.gz'):
        datasets.get_cifar10()
