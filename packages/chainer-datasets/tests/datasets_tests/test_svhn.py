import numpy
import pytest

from chainer import datasets
from chainer.datasets import svhn

io = pytest.importorskip('scipy.io', reason='reading SVHN needs SciPy, which is not installed')


@pytest.fixture
def fake_svhn(http_server, monkeypatch, tmp_path):
    rng = numpy.random.RandomState(0)
    served = {}
    for name, n in (('train', 5), ('test', 3), ('extra', 2)):
        x = rng.randint(0, 256, (32, 32, 3, n)).astype(numpy.uint8)
        y = rng.randint(1, 11, (n, 1)).astype(numpy.uint8)
        y[0] = 10  # the label of the digit 0
        path = tmp_path / (name + '.mat')
        io.savemat(str(path), {'X': x, 'y': y})
        monkeypatch.setitem(svhn.URLS, name,
                            http_server.add('/{}_32x32.mat'.format(name), path.read_bytes()))
        served[name] = x, y
    return served


@pytest.mark.parametrize('scale, dtype, label_dtype', [
    (1., numpy.float32, numpy.int32), (3., numpy.float64, numpy.int64)])
def test_get_svhn(dataset_root, fake_svhn, scale, dtype, label_dtype):
    train, test = datasets.get_svhn(scale=scale, dtype=dtype, label_dtype=label_dtype)
    for dataset, name in ((train, 'train'), (test, 'test')):
        x_raw, y_raw = fake_svhn[name]
        assert len(dataset) == x_raw.shape[3]
        x, t = dataset[1]
        assert x.shape == (3, 32, 32) and x.dtype == dtype
        expected = x_raw[:, :, :, 1].transpose(2, 0, 1).astype(dtype)
        expected *= scale / 255.
        numpy.testing.assert_array_equal(x, expected)
        assert t.dtype == label_dtype and t == y_raw[1, 0] % 10
        assert dataset[0][1] == 0
    with numpy.load(str(dataset_root / 'pfnet' / 'chainer' / 'svhn' / 'train.npz')) as npz:
        assert npz['x'].shape == (32, 32, 3, 5) and npz['y'].shape == (5, 1)


def test_extra_and_no_labels(dataset_root, fake_svhn):
    result = datasets.get_svhn(withlabel=False, add_extra=True)
    assert [r.shape for r in result] == [(5, 3, 32, 32), (3, 3, 32, 32), (2, 3, 32, 32)]


def test_scipy_flag_as_v7():
    import importlib.util
    assert svhn._scipy_available is (importlib.util.find_spec('scipy') is not None)
