import hashlib
import os
import subprocess
import sys
import threading
import urllib.error

import numpy
import pytest

from chainer.dataset import _checksums
from chainer.dataset import download


def _leftovers(directory):
    # Temporary files or directories left in ``directory`` (lock files excepted).
    return [name for name in os.listdir(directory)
            if name.startswith('.') and not name.endswith('.lock')]


class TestDatasetRoot:

    def test_set_and_get(self, dataset_root):
        assert download.get_dataset_root() == str(dataset_root)
        download.set_dataset_root('/some/where')
        assert download.get_dataset_root() == '/some/where'

    def test_dataset_directory(self, dataset_root):
        path = download.get_dataset_directory('pfnet/chainer/foo', create_directory=False)
        assert path == os.path.join(str(dataset_root), 'pfnet', 'chainer', 'foo')
        assert not os.path.exists(path)
        assert download.get_dataset_directory('pfnet/chainer/foo') == path
        assert os.path.isdir(path)

    @pytest.mark.parametrize('env, expected', [
        ({'CHAINER_DATASET_ROOT': '/data/root'}, '/data/root'),
        ({'HOME': '/home/someone'}, '/home/someone/.chainer/dataset'),
    ])
    def test_environment(self, env, expected):
        environ = dict(os.environ)
        environ.pop('CHAINER_DATASET_ROOT', None)
        environ.update(env)
        out = subprocess.run(
            [sys.executable, '-c',
             'from chainer.dataset import download; print(download.get_dataset_root())'],
            env=environ, capture_output=True, text=True, check=True).stdout
        assert out.strip() == expected


class TestCachedDownload:

    def test_download_once(self, dataset_root, http_server, capsys):
        url = http_server.add('/a/file.bin', b'content')
        path = download.cached_download(url)
        assert path == os.path.join(str(dataset_root), '_dl_cache',
                                    hashlib.md5(url.encode()).hexdigest())
        with open(path, 'rb') as f:
            assert f.read() == b'content'
        assert 'Downloading from {}...'.format(url) in capsys.readouterr().err
        assert download.cached_download(url) == path
        assert http_server.requests['/a/file.bin'] == 1
        assert _leftovers(os.path.dirname(path)) == []

    def test_checksum_match(self, dataset_root, http_server, monkeypatch):
        url = http_server.add('/good', b'good data')
        monkeypatch.setitem(_checksums.SHA256, url, hashlib.sha256(b'good data').hexdigest())
        path = download.cached_download(url)
        with open(path, 'rb') as f:
            assert f.read() == b'good data'

    def test_checksum_mismatch(self, dataset_root, http_server, monkeypatch):
        url = http_server.add('/bad', b'tampered data')
        expected = hashlib.sha256(b'original data').hexdigest()
        actual = hashlib.sha256(b'tampered data').hexdigest()
        monkeypatch.setitem(_checksums.SHA256, url, expected)
        with pytest.raises(OSError) as info:
            download.cached_download(url)
        message = str(info.value)
        assert url in message and expected in message and actual in message
        cache_dir = os.path.join(str(dataset_root), '_dl_cache')
        assert [n for n in os.listdir(cache_dir) if not n.endswith('.lock')] == []
        # a later call tries again (nothing bad was cached)
        http_server.files['/bad'] = b'original data'
        assert os.path.exists(download.cached_download(url))

    def test_truncated_download(self, dataset_root, http_server):
        url = http_server.add('/big', b'x' * 100000)
        http_server.truncated.add('/big')
        with pytest.raises(OSError, match='truncated'):
            download.cached_download(url)
        cache_dir = os.path.join(str(dataset_root), '_dl_cache')
        assert [n for n in os.listdir(cache_dir) if not n.endswith('.lock')] == []

    def test_http_error(self, dataset_root, http_server):
        url = http_server.url('/missing')
        with pytest.raises(urllib.error.HTTPError) as info:  # an HTTPError, as v7
            download.cached_download(url)
        assert info.value.code == 404
        message = str(info.value)
        assert url in message
        assert 'place it at ' + os.path.join(str(dataset_root), '_dl_cache') in message

    def test_offline(self, dataset_root):
        import socket
        with socket.socket() as s:
            s.bind(('127.0.0.1', 0))
            port = s.getsockname()[1]
        url = 'http://127.0.0.1:{}/mnist.gz'.format(port)  # nothing listens there
        with pytest.raises(urllib.error.URLError) as info:
            download.cached_download(url)
        assert url in str(info.value)
        assert 'by hand' in str(info.value)

    def test_threads_download_once(self, dataset_root, http_server):
        url = http_server.add('/shared', b'shared data')
        http_server.delay = 0.2
        paths = []
        threads = [threading.Thread(target=lambda: paths.append(download.cached_download(url)))
                   for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert len(set(paths)) == 1 and len(paths) == 4
        assert http_server.requests['/shared'] == 1

    def test_processes_download_once(self, dataset_root, http_server):
        url = http_server.add('/raced', b'raced data')
        http_server.delay = 0.5
        code = ('import sys; from chainer.dataset import download; '
                'download.set_dataset_root(sys.argv[1]); '
                'print(download.cached_download(sys.argv[2]))')
        procs = [subprocess.Popen([sys.executable, '-c', code, str(dataset_root), url],
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
                 for _ in range(2)]
        outputs = [p.communicate(timeout=60)[0].strip() for p in procs]
        assert [p.returncode for p in procs] == [0, 0]
        assert outputs[0] == outputs[1]
        assert http_server.requests['/raced'] == 1


class TestCacheOrLoadFile:

    @pytest.fixture(autouse=True)
    def _root(self, dataset_root):
        self.root = dataset_root

    def test_lock_in_the_dataset_root(self, tmp_path):
        # as v7: nothing but the file is left next to it
        path = str(tmp_path / 'target' / 'data.txt')

        def creator(p):
            with open(p, 'w') as f:
                f.write('data')

        download.cache_or_load_file(path, creator, None)
        assert os.listdir(os.path.dirname(path)) == ['data.txt']
        assert os.path.exists(os.path.join(str(self.root), '_create_lock'))

    def test_create_then_load(self, tmp_path):
        path = str(tmp_path / 'sub' / 'data.npz')
        created = []

        def creator(p):
            created.append(p)
            assert os.path.basename(p) == 'data.npz'
            assert os.path.dirname(os.path.dirname(p)) == os.path.dirname(path)
            numpy.savez_compressed(p, x=numpy.arange(3))
            return 'created'

        assert download.cache_or_load_file(path, creator, lambda p: 'loaded') == 'created'
        assert download.cache_or_load_file(path, creator, lambda p: 'loaded') == 'loaded'
        assert len(created) == 1
        assert _leftovers(os.path.dirname(path)) == []

    def test_creator_failure_leaves_nothing(self, tmp_path):
        path = str(tmp_path / 'data.npz')

        def creator(p):
            with open(p, 'w') as f:
                f.write('half')
            raise KeyError('boom')

        with pytest.raises(KeyError):
            download.cache_or_load_file(path, creator, lambda p: None)
        assert not os.path.exists(path)
        assert _leftovers(str(tmp_path)) == []

    def test_creator_must_write_the_file(self, tmp_path):
        with pytest.raises(FileNotFoundError, match='did not write'):  # as v7
            download.cache_or_load_file(str(tmp_path / 'a.npz'), lambda p: 1, lambda p: 2)

    def test_threads_create_once(self, tmp_path):
        path = str(tmp_path / 'data.txt')
        calls = []
        barrier = threading.Barrier(3)

        def creator(p):
            calls.append(p)
            with open(p, 'w') as f:
                f.write('data')
            return 'created'

        results = []

        def run():
            barrier.wait()
            results.append(download.cache_or_load_file(path, creator, lambda p: 'loaded'))

        threads = [threading.Thread(target=run) for _ in range(3)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert len(calls) == 1
        assert sorted(results) == ['created', 'loaded', 'loaded']

    @pytest.mark.parametrize('damage', ['truncate', 'garbage', 'empty'])
    def test_corrupt_npz_is_remade(self, tmp_path, damage):
        path = str(tmp_path / 'data.npz')
        numpy.savez_compressed(path, x=numpy.arange(1000))
        with open(path, 'rb') as f:
            data = f.read()
        with open(path, 'wb') as f:
            f.write({'truncate': data[:len(data) // 2], 'garbage': b'not a zip file' * 10,
                     'empty': b''}[damage])

        def creator(p):
            numpy.savez_compressed(p, x=numpy.arange(5))
            return 'created'

        with pytest.warns(RuntimeWarning, match='data.npz'):
            result = download.cache_or_load_file(path, creator, download._load_npz)
        assert result == 'created'
        numpy.testing.assert_array_equal(download._load_npz(path)['x'], numpy.arange(5))

    def test_load_npz_refuses_pickles(self, tmp_path):
        path = str(tmp_path / 'objects.npz')
        numpy.savez(path, x=numpy.array([{'a': 1}], dtype=object))
        with pytest.raises(download._CorruptCacheFile):
            download._load_npz(path)


def test_register_checksum(monkeypatch):
    monkeypatch.setattr(_checksums, 'SHA256', {})
    _checksums.register('http://x/y', 'AB' * 32)
    assert _checksums.SHA256 == {'http://x/y': 'ab' * 32}
    with pytest.raises(ValueError, match='http://x/z'):
        _checksums.register('http://x/z', 'abc')


def _urls(value):
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        value = value.values()
    return [url for item in value for url in _urls(item)]


@pytest.mark.parametrize('module_name', [
    'mnist', 'fashion_mnist', 'kuzushiji_mnist', 'cifar', 'svhn'])
def test_published_files_have_recorded_digests(module_name):
    # Every file these loaders download is verified (PTB's text files are not: no digest of
    # them is published).
    import importlib
    module = importlib.import_module('chainer.datasets.' + module_name)
    urls = _urls(module.URLS)
    assert urls
    for url in urls:
        digest = _checksums.SHA256.get(url)
        assert digest is not None, url
        assert len(digest) == 64 and set(digest) <= set('0123456789abcdef'), url
