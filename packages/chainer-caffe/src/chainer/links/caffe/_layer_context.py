"""The context in which a layer of a caffemodel is turned into part of a CaffeFunction.

:class:`LayerContext` gives a layer builder (:mod:`._layers`) the layer's parameters and
blobs, errors that name the file and the layer, the initializers of parameters made from
blobs (:class:`BlobInitializer`), and the registration of child links, called through
:class:`CallChildLink`.
"""

import math

import numpy

import chainer
from chainer import backend
from chainer import initializer
from chainer.initializers import constant
from chainer.links.caffe import _model_file


class NameTakenError(_model_file.CaffeModelError, AttributeError):
    """A layer with parameters named as an attribute of its CaffeFunction (an
    ``AttributeError``, as Chainer v7 raises, and a ``ValueError``)."""


class CallChildLink:
    """Calls the child link ``name`` of a :class:`CaffeFunction` (looked up at each call,
    so the callable stays valid after ``to_device`` or ``copy``)."""

    def __init__(self, caffe_function, name, **kwargs):
        self.caffe_function = caffe_function
        self.name = name
        self.kwargs = kwargs

    def __call__(self, *xs):
        return self.caffe_function[self.name](*xs, **self.kwargs)

    def rebind(self, caffe_function):
        """The same call on the child of another (copied) CaffeFunction."""
        return CallChildLink(caffe_function, self.name, **self.kwargs)


class CallInTestMode:
    """Calls ``function`` with ``chainer.config.train`` off (a BatchNorm layer that uses
    its global statistics)."""

    def __init__(self, function):
        self.function = function

    def __call__(self, *xs):
        with chainer.using_config('train', False):
            return self.function(*xs)

    def rebind(self, caffe_function):
        """The same call on the child of another (copied) CaffeFunction."""
        return CallInTestMode(self.function.rebind(caffe_function))


class LayerContext:
    """What a builder needs besides the layer: error reporting and child registration."""

    def __init__(self, caffe_function, path, layer):
        self.caffe_function = caffe_function
        self.path = path
        self.param = layer.param
        self.blobs = layer.blobs
        self.offsets = layer.offsets
        self.shapes = layer.shapes

    def error(self, problem, error_class=_model_file.CaffeModelError):
        """An error naming the file, this layer and its type."""
        error = _model_file.layer_error(self.path, self.param, problem)
        return error if error_class is type(error) else error_class(str(error))

    def expect_blobs(self, *counts):
        """The layer's blobs, after checking that there are as many as one of ``counts``
        and that each holds data."""
        if len(self.blobs) not in counts:
            expected = ' or '.join(map(str, counts))
            raise self.error(f'has {len(self.blobs)} blobs, expected {expected}')
        for index, (blob, shape) in enumerate(zip(self.blobs, self.shapes)):
            if blob.size == 0 and math.prod(shape):
                raise self.error(f'blob {index}: shape {shape} needs {math.prod(shape)} '
                                 'values but the blob holds 0')
        return self.blobs

    def is_incomplete(self, index):
        """Whether blob ``index`` lacks a full shape and comes as the 1-D array of its data
        (see :class:`~._model_file.ModelLayer`)."""
        return self.blobs[index].shape != tuple(self.shapes[index])

    def reshaped(self, index, shape, what):
        """Blob ``index`` in ``shape`` (dimensions of ``None`` are inferred from the data
        when there is one such), checked against the number of values it holds."""
        blob = self.blobs[index]
        known = math.prod(d for d in shape if d is not None)
        unknown = [i for i, d in enumerate(shape) if d is None]
        if len(unknown) == 1 and known and blob.size % known == 0:
            shape = tuple(blob.size // known if d is None else d for d in shape)
        if None in shape or math.prod(shape) != blob.size:
            raise self.error(f'{what} holds {blob.size} values, which do not fill the shape '
                             f'{tuple(shape)} given by the layer')
        return blob.reshape(shape)

    def vector(self, blob, size, what):
        """``blob`` as a 1-D array of ``size`` values."""
        if blob.size != size:
            raise self.error(f'{what} has {blob.size} values, expected {size}')
        return blob.reshape(size)

    def initializer(self, array):
        """The initializer of a parameter holding ``array`` (a blob, or one derived from it).

        A blob stored as one float32 run in the file is copied from the mapped file (see
        :class:`BlobInitializer`); anything else is copied now, so that no view of the file
        outlives the load.
        """
        if array is None:
            return None
        if array.flags.c_contiguous and array.dtype == numpy.float32:
            address = array.__array_interface__['data'][0]
            for blob, offset in zip(self.blobs, self.offsets):
                if (offset is not None and blob.size == array.size
                        and blob.__array_interface__['data'][0] == address):
                    return BlobInitializer(array, self.path, offset)
        return constant.Constant(numpy.array(array, dtype=numpy.float32))

    def add_link(self, link, **call_kwargs):
        """Registers ``link`` as the child named after the layer; returns its caller."""
        name = self.param.name
        owner = self.caffe_function
        if hasattr(type(owner), name) or name in owner.__dict__:
            raise self.error(f'the name {name!r} is taken by an attribute of CaffeFunction',
                             NameTakenError)
        with owner.init_scope():
            setattr(owner, name, link)
        return CallChildLink(owner, name, **call_kwargs)


class BlobInitializer(initializer.Initializer):
    """Fills a parameter with a float32 blob of the caffemodel.

    While the file is loaded, the blob is a (possibly unaligned) view of the mapped file,
    copied byte by byte, which NumPy does at memory speed whatever the alignment. The view
    is dropped after that first use; a later re-initialization (such as
    ``copy(mode='init')``) reads the blob from the file again, as Chainer v7's initializers
    of CaffeFunction re-read their blobs.

    Args:
        blob (numpy.ndarray): The blob's C-contiguous float32 view.
        path (str): The caffemodel file.
        offset (int): Byte offset of the blob's data in the file.
    """

    def __init__(self, blob, path, offset):
        super().__init__()
        self.blob = blob
        self.path = path
        self.offset = offset
        self.shape = blob.shape

    def __call__(self, array):
        blob = self.blob
        self.blob = None
        if blob is None:
            count = int(numpy.prod(self.shape))
            blob = _model_file.read_blob_data(self.path, self.offset, count)
            blob = blob.reshape(self.shape)
        if (type(array) is numpy.ndarray and array.dtype == blob.dtype
                and array.shape == blob.shape and array.flags.c_contiguous
                and blob.dtype.isnative):
            array.reshape(-1).view(numpy.uint8)[...] = blob.reshape(-1).view(numpy.uint8)
        else:
            array[...] = backend.get_device_from_array(array).send(numpy.asarray(blob))
