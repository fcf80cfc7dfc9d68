"""Reading a ``.caffemodel`` file: its layers and their blobs, checked before any use.

The file is mapped into memory and walked with :mod:`._wire`: each layer's parameters are
parsed by protobuf, but the blobs' packed float arrays become NumPy views of the mapped
file, after their declared shape has been checked against the data actually present.
Loading a hostile or broken file therefore raises :class:`CaffeModelError` naming the file
(and the layer), with no allocation proportional to what the file claims.
"""

import collections
import contextlib
import math
import mmap
import os

import numpy
from google.protobuf import message as _message

from chainer.links.caffe import _wire
from chainer.links.caffe.protobuf3 import caffe_pb2

# Field numbers of caffe.proto used by the walk.
_NET_LAYER = 100  # NetParameter.layer (LayerParameter)
_NET_V1_LAYERS = 2  # NetParameter.layers (V1LayerParameter)
_LAYER_BLOBS = {caffe_pb2.LayerParameter: 7, caffe_pb2.V1LayerParameter: 6}
_BLOB_SHAPE = 7
_BLOB_DATA = 5
_BLOB_DOUBLE_DATA = 8
_BLOB_LEGACY_DIMS = (1, 2, 3, 4)  # num, channels, height, width
_MAX_BLOB_AXES = 32  # Caffe's kMaxBlobAxes
# Bounds on what a file may declare, far above real networks (which have at most a few
# thousand layers of a few blobs), so that a hostile file cannot make the load take
# unbounded time or memory with millions of tiny entries.
MAX_LAYERS = 100_000
MAX_BLOBS_PER_LAYER = 64

_PARSE_ERRORS = (_message.DecodeError, ValueError, RecursionError)

ModelLayer = collections.namedtuple('ModelLayer', ('param', 'blobs', 'offsets', 'shapes'))
ModelLayer.__doc__ = """A layer of a caffemodel.

``param`` is its ``LayerParameter`` (or ``V1LayerParameter``) without the blobs, ``blobs``
the list of its blobs as read-only float32 NumPy arrays, ``offsets`` the byte offset in the
file of each blob's float32 data (``None`` for a blob stored in another form, such as
doubles or several runs), and ``shapes`` the shape each blob declares (its ``shape``, or
its legacy ``(num, channels, height, width)``).

A blob has its declared shape when its data fills it. A blob whose declared shape is
incomplete (a dimension left 0, or no shape at all) but that holds data, or that declares
a shape but holds no data, is given as the 1-D array of its data: Chainer v7 reads such
blobs by taking the missing dimensions from the layer's parameters, and so do the layer
builders (:meth:`~._layer_context.LayerContext.expect_blobs` rejects a blob without data).
"""


class CaffeModelError(ValueError):
    """A caffemodel file that cannot be read as a Caffe network."""


class CaffeDecodeError(CaffeModelError, _message.DecodeError):
    """A caffemodel whose bytes are not a well-formed message (also protobuf's
    ``DecodeError``, which Chainer v7 raised for such files)."""


def layer_type(param):
    """The type name of a layer (the enum name of a ``V1LayerParameter``'s type)."""
    if isinstance(param, caffe_pb2.V1LayerParameter):
        return caffe_pb2.V1LayerParameter.LayerType.Name(param.type) \
            if param.type in caffe_pb2.V1LayerParameter.LayerType.values() \
            else str(param.type)
    return param.type


def layer_error(path, param, problem, error_class=CaffeModelError):
    """A :class:`CaffeModelError` naming the file, the layer and its type."""
    return error_class(
        f'{os.fspath(path)}: layer {param.name!r} ({layer_type(param)}): {problem}')


@contextlib.contextmanager
def open_layers(path):
    """Reads the caffemodel at ``path`` and yields the list of its :class:`ModelLayer`.

    The ``layer`` (``LayerParameter``) list is used when present, else the legacy
    ``layers`` (``V1LayerParameter``) list. The blobs are views of the mapped file, valid
    inside the ``with`` block only (the list is emptied and the file unmapped on exit).
    Raises :class:`CaffeModelError` when the file is not a well-formed Caffe
    ``NetParameter`` or holds no layer, and ``OSError`` when it cannot be read.
    """
    with open(path, 'rb') as f:
        try:
            data = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
        except (ValueError, OSError):  # an empty file, or one that cannot be mapped
            data = f.read()
    layers = []
    try:
        try:
            layers += _read_layers(path, data)
        except _wire.WireError as e:
            raise CaffeDecodeError(f'{os.fspath(path)}: not a Caffe model file: {e}') from None
        yield layers
    finally:
        layers.clear()
        if isinstance(data, mmap.mmap):
            with contextlib.suppress(BufferError):  # a view still alive unmaps it later
                data.close()


def _read_layers(path, data):
    layers = []
    legacy_layers = []
    header = []
    for number, wire_type, start, value_start, value_end, _ in _wire.iter_fields(
            data, 0, len(data)):
        if number == _NET_LAYER and wire_type == _wire.LENGTH_DELIMITED:
            layers.append((value_start, value_end))
        elif number == _NET_V1_LAYERS and wire_type == _wire.LENGTH_DELIMITED:
            legacy_layers.append((value_start, value_end))
        else:
            header.append(data[start:value_end])
    # The rest of the NetParameter must parse too (a file of another kind usually fails here).
    _parse(caffe_pb2.NetParameter, b''.join(header), path, 'the network header')
    if layers:
        message_class, spans = caffe_pb2.LayerParameter, layers
    else:
        message_class, spans = caffe_pb2.V1LayerParameter, legacy_layers
    if not spans:
        raise CaffeModelError(
            f'{os.fspath(path)}: holds no layers (empty, or not a Caffe model file)')
    if len(spans) > MAX_LAYERS:
        raise CaffeModelError(
            f'{os.fspath(path)}: holds {len(spans)} layers, more than {MAX_LAYERS}')
    return [_read_layer(path, data, message_class, index, span)
            for index, span in enumerate(spans)]


def _read_layer(path, data, message_class, index, span):
    blobs_field = _LAYER_BLOBS[message_class]
    blob_spans = []
    rest = []
    for number, wire_type, start, value_start, value_end, _ in _wire.iter_fields(data, *span):
        if number == blobs_field and wire_type == _wire.LENGTH_DELIMITED:
            blob_spans.append((value_start, value_end))
        else:
            rest.append(data[start:value_end])
    param = _parse(message_class, b''.join(rest), path, f'layer #{index}')
    _check_names(path, param, index)
    if len(blob_spans) > MAX_BLOBS_PER_LAYER:
        raise layer_error(path, param, f'has {len(blob_spans)} blobs, more than '
                                       f'{MAX_BLOBS_PER_LAYER}')
    blobs = []
    offsets = []
    shapes = []
    for blob_index, blob_span in enumerate(blob_spans):
        try:
            blob, offset, shape = _read_blob(data, blob_span)
        except _wire.WireError as e:
            raise layer_error(path, param, f'blob {blob_index}: {e}', CaffeDecodeError) from None
        except _BlobError as e:
            raise layer_error(path, param, f'blob {blob_index}: {e}') from None
        blobs.append(blob)
        offsets.append(offset)
        shapes.append(shape)
    return ModelLayer(param, blobs, offsets, shapes)


def _check_names(path, param, index):
    # proto2 does not validate UTF-8, so a corrupt name may come back as bytes.
    names = [param.name, *param.bottom, *param.top]
    if isinstance(param, caffe_pb2.LayerParameter):
        names.append(param.type)
    if not all(isinstance(name, str) for name in names):
        raise CaffeModelError(f'{os.fspath(path)}: layer #{index} has a name, type, bottom '
                              'or top that is not UTF-8 text')


def _parse(message_class, serialized, path, what):
    try:
        return message_class.FromString(serialized)
    except _PARSE_ERRORS as e:
        raise CaffeDecodeError(f'{os.fspath(path)}: {what} is not a valid '
                              f'{message_class.DESCRIPTOR.name}: {e}') from None


class _BlobError(ValueError):
    pass


def _read_blob(data, span):
    shape_bytes = []
    legacy_dims = {}
    chunks = {_BLOB_DATA: [], _BLOB_DOUBLE_DATA: []}
    for number, wire_type, start, value_start, value_end, varint in _wire.iter_fields(
            data, *span):
        if number == _BLOB_SHAPE and wire_type == _wire.LENGTH_DELIMITED:
            shape_bytes.append(data[value_start:value_end])
        elif number in _BLOB_LEGACY_DIMS and wire_type == _wire.VARINT:
            legacy_dims[number] = _as_int32(varint)
        elif number in chunks and wire_type != _wire.VARINT:
            # A packed run (length-delimited) or a single unpacked element (fixed-size).
            chunks[number].append((value_start, value_end, wire_type))
    shape = _blob_shape(shape_bytes, legacy_dims)
    count = math.prod(shape)
    values = _packed_values(data, chunks[_BLOB_DOUBLE_DATA], '<f8', _wire.FIXED64)
    offset = None
    if values is None or len(values) == 0:
        values = _packed_values(data, chunks[_BLOB_DATA], '<f4', _wire.FIXED32)
        if len(chunks[_BLOB_DATA]) == 1:
            offset = chunks[_BLOB_DATA][0][0]
    size = 0 if values is None else len(values)
    if values is None:
        values = numpy.zeros(0, dtype=numpy.float32)
    if size == count:
        return values.astype(numpy.float32, copy=False).reshape(shape), offset, shape
    if size and count:
        raise _BlobError(f'shape {shape} needs {count} values but the blob holds {size}')
    # An incomplete shape, or no data: the layer's builder decides (see ModelLayer).
    return values.astype(numpy.float32, copy=False), offset, shape


def _blob_shape(shape_bytes, legacy_dims):
    if shape_bytes:
        try:
            dims = tuple(caffe_pb2.BlobShape.FromString(b''.join(shape_bytes)).dim)
        except _PARSE_ERRORS as e:
            raise _BlobError(f'invalid shape: {e}') from None
    else:
        dims = tuple(legacy_dims.get(number, 0) for number in _BLOB_LEGACY_DIMS)
    if len(dims) > _MAX_BLOB_AXES:
        raise _BlobError(f'{len(dims)} axes (at most {_MAX_BLOB_AXES})')
    if any(d < 0 for d in dims):
        raise _BlobError(f'negative dimension in shape {dims}')
    return dims


def _packed_values(data, chunks, dtype, fixed_wire_type):
    """The values of a repeated float/double field as one array (``None`` when absent)."""
    if not chunks:
        return None
    itemsize = numpy.dtype(dtype).itemsize
    for start, end, wire_type in chunks:
        if wire_type not in (_wire.LENGTH_DELIMITED, fixed_wire_type) \
                or (end - start) % itemsize:
            raise _BlobError(f'malformed {numpy.dtype(dtype).name} data at byte {start}')
    if len(chunks) == 1:
        start, end, _ = chunks[0]
        return numpy.frombuffer(data, dtype=dtype, count=(end - start) // itemsize,
                                offset=start)
    return numpy.frombuffer(b''.join(data[start:end] for start, end, _ in chunks), dtype=dtype)


def read_blob_data(path, offset, count):
    """Reads ``count`` float32 values at ``offset`` of the file ``path`` again."""
    values = numpy.fromfile(path, dtype='<f4', count=count, offset=offset)
    if values.size != count:
        raise CaffeModelError(f'{os.fspath(path)}: the file changed since it was loaded: '
                              f'{count} values expected at byte {offset}')
    return values


def _as_int32(value):
    # int32 fields are sign-extended to 64 bits on the wire.
    value &= (1 << 64) - 1
    return value - (1 << 64) if value >= 1 << 63 else value
