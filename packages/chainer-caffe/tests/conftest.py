"""Fixtures of chainer-caffe's tests: fabricating small caffemodels with the Caffe schema."""

import numpy
import pytest


class NetBuilder:
    """Writes a Caffe ``NetParameter`` layer by layer and loads it as a CaffeFunction.

    ``layer(type, name, bottoms, tops, blobs, **params)`` appends a ``LayerParameter``;
    each keyword is a ``*_param`` field given as a dict of its fields. ``v1_layer`` does the
    same in the legacy ``layers`` format (``type`` is a ``V1LayerParameter.LayerType``
    name).
    """

    def __init__(self, directory):
        from chainer.links.caffe.protobuf3 import caffe_pb2
        self.caffe_pb2 = caffe_pb2
        self.directory = directory
        self.net = caffe_pb2.NetParameter(name='test')

    def blob(self, array, legacy=False, dtype='float'):
        """A ``BlobProto`` holding ``array`` (legacy: the 4-D num/channels/height/width)."""
        array = numpy.asarray(array)
        blob = self.caffe_pb2.BlobProto()
        if legacy:
            shape = (1,) * (4 - array.ndim) + array.shape
            blob.num, blob.channels, blob.height, blob.width = shape
        else:
            blob.shape.dim.extend(array.shape)
        if dtype == 'double':
            blob.double_data.extend(array.astype(numpy.float64).ravel().tolist())
        else:
            blob.data.extend(array.astype(numpy.float32).ravel().tolist())
        return blob

    def _fill(self, layer, bottoms, tops, blobs, params):
        layer.bottom.extend(bottoms)
        layer.top.extend(tops)
        for array in blobs:
            layer.blobs.append(array if isinstance(array, self.caffe_pb2.BlobProto)
                               else self.blob(array))
        for field, values in params.items():
            message = getattr(layer, field)
            message.CopyFrom(type(message)(**values))
        return layer

    def layer(self, type, name, bottoms, tops, blobs=(), **params):
        layer = self.net.layer.add(name=name, type=type)
        return self._fill(layer, bottoms, tops, blobs, params)

    def v1_layer(self, type, name, bottoms, tops, blobs=(), **params):
        layer_type = self.caffe_pb2.V1LayerParameter.LayerType.Value(type)
        layer = self.net.layers.add(name=name, type=layer_type)
        return self._fill(layer, bottoms, tops, blobs, params)

    def save(self, name='model.caffemodel'):
        path = self.directory / name
        path.write_bytes(self.net.SerializeToString())
        return str(path)

    def load(self, name='model.caffemodel'):
        from chainer.links.caffe import CaffeFunction
        return CaffeFunction(self.save(name))


@pytest.fixture
def net(tmp_path):
    """A fresh :class:`NetBuilder` writing into the test's temporary directory."""
    return NetBuilder(tmp_path)


class FileServer:
    """An HTTP server on 127.0.0.1 serving the files of ``directory`` (a test fixture)."""

    def __init__(self, directory):
        import functools
        import http.server
        import threading

        self.directory = directory
        self.requests = []
        server = self

        class Handler(http.server.SimpleHTTPRequestHandler):
            def do_GET(self):
                server.requests.append(self.path)
                super().do_GET()

            def log_message(self, *args):
                pass

        self._httpd = http.server.ThreadingHTTPServer(
            ('127.0.0.1', 0), functools.partial(Handler, directory=str(directory)))
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)
        self._thread.start()

    def url(self, name):
        return f'http://127.0.0.1:{self._httpd.server_address[1]}/{name}'

    def close(self):
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=10)


@pytest.fixture
def file_server(tmp_path):
    """A :class:`FileServer` of a fresh directory, stopped after the test."""
    directory = tmp_path / 'served'
    directory.mkdir()
    server = FileServer(directory)
    yield server
    server.close()


@pytest.fixture
def dataset_root(tmp_path, monkeypatch):
    """A fresh ``$CHAINER_DATASET_ROOT`` (skips when chainer-datasets is not installed)."""
    download = pytest.importorskip(
        'chainer.dataset.download',
        reason="pretrained_model='auto' needs chainer-datasets, which is not installed")
    root = tmp_path / 'dataset_root'
    monkeypatch.setattr(download, '_dataset_root', str(root))
    return root
