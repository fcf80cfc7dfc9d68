"""Marker module of the ``chainer`` meta-distribution.

``pip install chainer`` installs the five Chainer 8 distributions (chainer-core,
chainer-datasets, chainer-links, chainer-training, chainer-caffe); the code lives in
those, under the ``chainer`` import package. ``pip install chainer[mn]`` adds the sixth,
chainer-mn (the ``chainermn`` package). This module only exists because a wheel
needs at least one module; it defines nothing.
"""
