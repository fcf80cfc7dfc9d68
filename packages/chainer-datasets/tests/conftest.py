"""Fixtures of the chainer-datasets tests.

A private dataset root, a local HTTP server, fabricated MNIST files, and the serialize/resume
check shared by the iterator tests.
"""
import collections
import gzip
import http.server
import itertools
import os
import struct
import threading
import time

import numpy
import pytest

from chainer.dataset import download


@pytest.fixture
def dataset_root(tmp_path):
    """Points the dataset root at an empty temporary directory for the test."""
    saved = download.get_dataset_root()
    root = tmp_path / 'dataset_root'
    download.set_dataset_root(str(root))
    yield root
    download.set_dataset_root(saved)


class FileServer:
    """HTTP server on 127.0.0.1 that serves in-memory files and counts the requests."""

    def __init__(self):
        self.files = {}
        self.truncated = set()  # paths served with a short body
        self.delay = 0.0  # seconds before each response
        self.requests = collections.Counter()
        self._lock = threading.Lock()
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                with server._lock:
                    server.requests[self.path] += 1
                time.sleep(server.delay)
                data = server.files.get(self.path)
                if data is None:
                    self.send_error(404)
                    return
                self.send_response(200)
                self.send_header('Content-Length', str(len(data)))
                self.end_headers()
                if self.path in server.truncated:
                    data = data[:len(data) // 2]
                    self.close_connection = True
                self.wfile.write(data)

            def log_message(self, *args):
                pass

        self._httpd = http.server.ThreadingHTTPServer(('127.0.0.1', 0), Handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={'poll_interval': 0.02}, daemon=True)
        self._thread.start()

    def url(self, path):
        """Returns the URL of ``path`` (which starts with ``/``) on this server."""
        return 'http://127.0.0.1:{}{}'.format(self._httpd.server_address[1], path)

    def add(self, path, data):
        """Serves ``data`` (bytes) at ``path``; returns its URL."""
        self.files[path] = data
        return self.url(path)

    def close(self):
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join()


@pytest.fixture
def http_server():
    """A :class:`FileServer` running for the duration of the test."""
    server = FileServer()
    yield server
    server.close()


def idx_gz(array, magic):
    """Returns the gzipped idx file (the MNIST format) holding a uint8 array."""
    header = struct.pack('>{}i'.format(2 + array.ndim - 1), magic, *array.shape)
    return gzip.compress(header + array.astype('u1').tobytes())


@pytest.fixture
def fake_mnist(http_server, monkeypatch):
    """Serves a small fabricated MNIST-like dataset and points a loader module at it.

    Returns a function ``serve(module, n_train=7, n_test=3)`` that patches ``module.URLS``
    and returns ``{'train': (images, labels), 'test': (...)}``, the uint8 arrays served.
    """
    def serve(module, n_train=7, n_test=3):
        rng = numpy.random.RandomState(0)
        served = {}
        urls = {}
        for split, n in (('train', n_train), ('test', n_test)):
            images = rng.randint(0, 256, (n, 28, 28)).astype(numpy.uint8)
            labels = rng.randint(0, 10, n).astype(numpy.uint8)
            prefix = '/{}/{}'.format(module.__name__, split)
            urls[split] = (http_server.add(prefix + '-images.gz', idx_gz(images, 2051)),
                           http_server.add(prefix + '-labels.gz', idx_gz(labels, 2049)))
            served[split] = images, labels
        monkeypatch.setattr(module, 'URLS', urls)
        return served

    return serve


class FailOnceDataset:
    """``range(n)`` whose example ``bad_index`` raises the first time it is read.

    The flag file ``flag_path`` records the failure, so that worker processes share it.
    """

    def __init__(self, n, bad_index, flag_path):
        self.n = n
        self.bad_index = bad_index
        self.flag_path = flag_path

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        if i == self.bad_index and not os.path.exists(self.flag_path):
            open(self.flag_path, 'w').close()
            raise KeyError('cannot read example {} (once)'.format(i))
        return i


@pytest.fixture
def fail_once_dataset(tmp_path):
    """Returns ``make(n, bad_index)``: a :class:`FailOnceDataset` with its own flag file."""
    paths = (str(tmp_path / 'failed{}'.format(i)) for i in itertools.count())
    return lambda n, bad_index: FailOnceDataset(n, bad_index, next(paths))


def _progress(it):
    return (it.epoch, it.epoch_detail, it.previous_epoch_detail, it.is_new_epoch,
            it.current_position)


def _same_batch(a, b):
    """Whether two examples (or batches) are equal, comparing arrays by value."""
    if isinstance(a, (tuple, list)):
        return (type(a) is type(b) and len(a) == len(b)
                and all(_same_batch(x, y) for x, y in zip(a, b)))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same_batch(a[k], b[k]) for k in a)
    return numpy.array_equal(a, b)


def _save(source, path, fmt):
    from chainer import serializers
    if fmt == 'hdf5':
        pytest.importorskip('h5py', reason='h5py (chainer-core[hdf5]) is not installed')
        serializers.save_hdf5(path, source)
    else:
        serializers.save_npz(path, source)


def _load(path, target, fmt):
    from chainer import serializers
    if fmt == 'hdf5':
        serializers.load_hdf5(path, target)
    else:
        serializers.load_npz(path, target)


def _run(it, n_batches):
    """The next ``n_batches`` batches of ``it`` with its progress after each (fewer at the
    end of an iteration without ``repeat``)."""
    run = []
    for _ in range(n_batches):
        try:
            batch = next(it)
        except StopIteration:
            break
        run.append((batch, _progress(it)))
    return run


def _run_through_one_error(it, n_batches):
    """:func:`_run` of ``n_batches`` batches, going on after the one ``KeyError`` of a
    :class:`FailOnceDataset` (asserting that there was exactly one)."""
    errors = 0
    run = []
    while len(run) < n_batches:
        try:
            run += _run(it, 1)
        except KeyError:
            errors += 1
    assert errors == 1
    return run


def check_same_runs(expected, actual, context):
    """Asserts that two results of :func:`_run` are the same batches and progress."""
    assert len(actual) == len(expected), context
    for (expected_batch, expected_progress), (batch, progress) in zip(expected, actual):
        assert _same_batch(expected_batch, batch), (context, expected_batch, batch)
        assert progress == expected_progress, context


@pytest.fixture
def check_resume(tmp_path):
    """Returns ``check(make_iterator, fmt, epochs=3)`` that checks serialize/resume.

    ``make_iterator()`` must build a fresh iterator over a dataset (with the default
    ``ShuffleOrderSampler``, its orders come from NumPy's global random state). The check
    stops a run after every number of batches of its first two epochs (of its only epoch
    without ``repeat``), saves it (``fmt``: ``'npz'`` or ``'hdf5'``), runs it on for
    ``epochs`` more epochs (up to the end without ``repeat``), then loads the snapshot into
    a fresh iterator and compares its batches and progress attributes with those.
    """
    def check(make_iterator, fmt, epochs=3):
        probe = make_iterator()
        batches_per_epoch = -(-len(probe.dataset) // probe.batch_size)
        first_epochs = 2 if probe.repeat else 1
        probe.finalize()
        path = str(tmp_path / 'snapshot')
        for stop in range(first_epochs * batches_per_epoch + 1):
            original = make_iterator()
            _run(original, stop)
            _save(original, path, fmt)
            saved_progress = _progress(original)
            expected = _run(original, epochs * batches_per_epoch)
            original.finalize()
            resumed = make_iterator()
            _load(path, resumed, fmt)
            assert _progress(resumed) == saved_progress, stop
            actual = _run(resumed, epochs * batches_per_epoch)
            resumed.finalize()
            check_same_runs(expected, actual, stop)

    return check


@pytest.fixture
def check_runs():
    """The assertion :func:`check_same_runs` and the recorders :func:`_run` and
    :func:`_run_through_one_error` of batches."""
    return collections.namedtuple('RunChecks', 'run check run_through_one_error')(
        _run, check_same_runs, _run_through_one_error)
