"""Loading a ResNet-50-shaped caffemodel with CaffeFunction against protobuf's parse alone.

The caffemodel is fabricated in a temporary directory by exporting
``chainer.links.ResNet50Layers(pretrained_model=None)`` (full channel counts, about 25.6M
parameters, about 100 MB) with ``chainer.exporters.caffe``. Then, interleaved and repeated,
the best CPU time (``time.process_time``) of

* ``protobuf_parse``: reading the file and ``caffe_pb2.NetParameter.FromString`` (what any
  protobuf-based reader needs before it can use a single weight), and
* ``caffe_function``: ``CaffeFunction(path)``, the complete load (reading, checking, and
  building the links with their parameters),

``ratio`` = caffe_function / protobuf_parse (target: at most 1.5). Prints one JSON line.
Usage: ``python tools/bench/caffe_load.py [--repeat N]``.
"""
import os

os.environ.setdefault('OPENBLAS_NUM_THREADS', '1')

import argparse  # noqa: E402
import json  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402

import numpy  # noqa: E402
from google.protobuf import __version__ as protobuf_version  # noqa: E402
from google.protobuf.internal import api_implementation  # noqa: E402

import chainer  # noqa: E402
import chainer.links as L  # noqa: E402
from chainer.exporters import caffe  # noqa: E402
from chainer.links.caffe import CaffeFunction  # noqa: E402
from chainer.links.caffe.protobuf3 import caffe_pb2  # noqa: E402

_clock = time.process_time
TARGET = 1.5


def fabricate(directory):
    """Writes the ResNet-50-shaped caffemodel; returns its path and parameter count."""
    numpy.random.seed(0)
    model = L.ResNet50Layers(pretrained_model=None)
    x = numpy.zeros((1, 3, 64, 64), numpy.float32)
    caffe.export(model, [x], directory, graph_name='ResNet-50')
    n_params = sum(p.size for p in model.params())
    return os.path.join(directory, caffe.CAFFEMODEL), n_params


def protobuf_parse(path):
    with open(path, 'rb') as f:
        return caffe_pb2.NetParameter.FromString(f.read())


def measure(path, repeat):
    best = {'protobuf_parse': float('inf'), 'caffe_function': float('inf')}
    steps = {'protobuf_parse': protobuf_parse, 'caffe_function': CaffeFunction}
    for _ in range(repeat):
        for name, step in steps.items():
            t0 = _clock()
            result = step(path)
            best[name] = min(best[name], _clock() - t0)
            del result
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--repeat', type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        path, n_params = fabricate(directory)
        size = os.path.getsize(path)
        net = protobuf_parse(path)
        func = CaffeFunction(path)
        loaded = sum(p.size for p in func.params()) + sum(
            link.avg_mean.size + link.avg_var.size for link in func.links()
            if isinstance(link, L.BatchNormalization))
        best = measure(path, args.repeat)
    print(json.dumps({
        'bench': 'caffe_load',
        'model': 'ResNet-50 (exported ResNet50Layers)',
        'file_mb': round(size / 1e6, 1),
        'layers': len(net.layer),
        'parameters': int(n_params),
        'values_loaded': int(loaded),
        'protobuf': protobuf_version,
        'protobuf_backend': api_implementation.Type(),
        'protobuf_parse_s': round(best['protobuf_parse'], 4),
        'caffe_function_s': round(best['caffe_function'], 4),
        'ratio': round(best['caffe_function'] / best['protobuf_parse'], 3),
        'target_ratio': TARGET,
        'chainer': chainer.__version__,
    }))


if __name__ == '__main__':
    main()
