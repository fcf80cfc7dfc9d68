import importlib
import json
import os
import subprocess
import sys

import numpy
import pytest

import chainer
from chainer import datasets
from chainer.dataset import _checksums
from chainer.datasets import _mnist_helper
from chainer.datasets import mnist


def _reference_images(images, ndim, scale, dtype, rgb_format):
    x = images.reshape(len(images), -1).astype(dtype)
    x *= scale / 255.
    if ndim == 1:
        return x
    if ndim == 2:
        return x.reshape(-1, 28, 28)
    x = x.reshape(-1, 1, 28, 28)
    return numpy.repeat(x, 3, axis=1) if rgb_format else x


@pytest.mark.parametrize('withlabel', [True, False])
@pytest.mark.parametrize('ndim, rgb_format, shape', [
    (1, False, (784,)), (2, False, (28, 28)), (3, False, (1, 28, 28)), (3, True, (3, 28, 28)),
    (1, True, (784,)),
])
@pytest.mark.parametrize('scale, dtype, label_dtype', [
    (1., numpy.float32, numpy.int32), (255., numpy.float64, numpy.int64),
    (2., numpy.float16, numpy.uint8),
])
def test_get_mnist(dataset_root, fake_mnist, withlabel, ndim, rgb_format, shape, scale, dtype,
                   label_dtype):
    served = fake_mnist(mnist)
    result = datasets.get_mnist(withlabel=withlabel, ndim=ndim, scale=scale, dtype=dtype,
                                label_dtype=label_dtype, rgb_format=rgb_format)
    assert isinstance(result, tuple) and len(result) == 2
    for split, dataset in zip(('train', 'test'), result):
        images, labels = served[split]
        expected = _reference_images(images, ndim, scale, dtype, rgb_format)
        if withlabel:
            assert isinstance(dataset, datasets.TupleDataset)
            assert len(dataset) == len(images)
            x, t = dataset[1]
            assert x.shape == shape and x.dtype == dtype
            assert t.dtype == label_dtype and t == labels[1]
            numpy.testing.assert_array_equal(x, expected[1])
        else:
            assert isinstance(dataset, numpy.ndarray)
            assert dataset.shape == (len(images),) + shape
            assert dataset.dtype == dtype
            numpy.testing.assert_array_equal(dataset, expected)
            assert dataset.min() >= 0 and dataset.max() <= scale


def test_default_dtype_follows_config(dataset_root, fake_mnist):
    fake_mnist(mnist)
    with chainer.using_config('dtype', numpy.float16):
        train, _ = datasets.get_mnist(withlabel=False)
    assert train.dtype == numpy.float16
    train, _ = datasets.get_mnist(withlabel=False)
    assert train.dtype == numpy.float32


def test_invalid_ndim(dataset_root, fake_mnist):
    fake_mnist(mnist)
    with pytest.raises(ValueError, match='invalid ndim'):
        datasets.get_mnist(ndim=4)


def test_cache_layout_and_reuse(dataset_root, fake_mnist, http_server):
    served = fake_mnist(mnist)
    datasets.get_mnist()
    directory = dataset_root / 'pfnet' / 'chainer' / 'mnist'
    for split in ('train', 'test'):
        with numpy.load(str(directory / (split + '.npz'))) as npz:
            assert sorted(npz.files) == ['x', 'y']
            assert npz['x'].dtype == numpy.uint8 and npz['x'].shape == (len(served[split][0]), 784)
            assert npz['y'].dtype == numpy.uint8
            numpy.testing.assert_array_equal(npz['y'], served[split][1])
    assert sum(http_server.requests.values()) == 4
    http_server.files.clear()  # the cache is enough now
    train, test = datasets.get_mnist()
    assert len(train) == 7 and len(test) == 3
    assert sum(http_server.requests.values()) == 4


def test_v7_cache_is_used_as_it_is(dataset_root):
    directory = dataset_root / 'pfnet' / 'chainer' / 'mnist'
    directory.mkdir(parents=True)
    for split, n in (('train', 5), ('test', 2)):
        numpy.savez_compressed(str(directory / (split + '.npz')),
                               x=numpy.full((n, 784), 255, numpy.uint8),
                               y=numpy.arange(n, dtype=numpy.uint8))
    train, test = datasets.get_mnist()  # the URLs are never contacted
    assert len(train) == 5 and len(test) == 2
    assert train[4][0].max() == 1. and train[4][1] == 4


def test_corrupt_cache_is_remade(dataset_root, fake_mnist):
    fake_mnist(mnist)
    datasets.get_mnist()
    path = dataset_root / 'pfnet' / 'chainer' / 'mnist' / 'train.npz'
    data = path.read_bytes()
    path.write_bytes(data[:len(data) // 3])
    with pytest.warns(RuntimeWarning, match='train.npz'):
        train, _ = datasets.get_mnist()
    assert len(train) == 7
    train_again, _ = datasets.get_mnist()
    numpy.testing.assert_array_equal(train_again[3][0], train[3][0])


def test_checksum_mismatch_names_the_url(dataset_root, fake_mnist, monkeypatch):
    fake_mnist(mnist)
    url = mnist.URLS['train'][0]
    monkeypatch.setitem(_checksums.SHA256, url, '0' * 64)
    with pytest.raises(OSError, match='checksum mismatch for ' + url):
        datasets.get_mnist()
    assert not (dataset_root / 'pfnet' / 'chainer' / 'mnist' / 'train.npz').exists()


def test_truncated_idx_file(dataset_root, fake_mnist, http_server):
    fake_mnist(mnist)
    path = mnist.URLS['test'][0].split(str(http_server._httpd.server_address[1]))[1]
    http_server.files[path] = http_server.files[path][:200]
    with pytest.raises(ValueError, match='test-images.gz'):
        datasets.get_mnist()


def test_two_processes_download_and_convert_once(dataset_root, fake_mnist, http_server):
    fake_mnist(mnist)
    http_server.delay = 0.3
    code = '\n'.join([
        'import json, sys',
        'from chainer.dataset import download',
        'from chainer.datasets import mnist',
        'download.set_dataset_root(sys.argv[1])',
        'mnist.URLS = {k: tuple(v) for k, v in json.loads(sys.argv[2]).items()}',
        'train, test = mnist.get_mnist(withlabel=False)',
        'print(float(train.sum()), float(test.sum()))',
    ])
    procs = [subprocess.Popen(
        [sys.executable, '-c', code, str(dataset_root), json.dumps(mnist.URLS)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(2)]
    results = [p.communicate(timeout=120) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], results
    assert results[0][0] == results[1][0]
    assert all(count == 1 for count in http_server.requests.values())
    assert len(http_server.requests) == 4
    directory = dataset_root / 'pfnet' / 'chainer' / 'mnist'
    assert sorted(n for n in os.listdir(str(directory)) if not n.endswith('.lock')) == [
        'test.npz', 'train.npz']


@pytest.mark.parametrize('module', ['mnist', 'fashion_mnist', 'kuzushiji_mnist'])
def test_loader_modules_expose_the_mnist_helpers(module):
    # as v7, whose loader modules import these two helpers by name
    imported = importlib.import_module('chainer.datasets.' + module)
    assert imported.make_npz is _mnist_helper.make_npz
    assert imported.preprocess_mnist is _mnist_helper.preprocess_mnist
