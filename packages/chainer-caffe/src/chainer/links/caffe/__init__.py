"""Import of Caffe models into Chainer (provided by chainer-caffe).

:class:`CaffeFunction` loads a ``.caffemodel`` as a link; :mod:`.protobuf3.caffe_pb2`
holds the message classes of Caffe's schema. Both are imported on first use, so importing
this package does not import protobuf.
"""

import importlib

_SUBMODULES = ('caffe_function', 'protobuf3')


def __getattr__(name):
    if name == 'CaffeFunction':
        from chainer.links.caffe.caffe_function import CaffeFunction
        return CaffeFunction
    if name in _SUBMODULES:
        return importlib.import_module(f'{__name__}.{name}')
    raise AttributeError(f'module {__name__!r} has no attribute {name!r}')


def __dir__():
    return sorted(set(globals()) | {'CaffeFunction', *_SUBMODULES})
