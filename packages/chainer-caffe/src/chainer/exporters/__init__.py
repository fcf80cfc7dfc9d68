"""Exporters of Chainer models to other frameworks (provided by chainer-caffe).

:mod:`chainer.exporters.caffe` writes a model as a Caffe prototxt and caffemodel. It is
imported on first use, so importing this package does not import protobuf.
"""

import importlib


def __getattr__(name):
    if name == 'caffe':
        return importlib.import_module(f'{__name__}.caffe')
    raise AttributeError(f'module {__name__!r} has no attribute {name!r}')


def __dir__():
    return sorted(set(globals()) | {'caffe'})
