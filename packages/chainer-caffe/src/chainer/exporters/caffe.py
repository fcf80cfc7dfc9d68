"""Export of a Chainer model as a Caffe network (``chainer.exporters.caffe``).

:func:`export` runs the model once in test mode, walks the computational graph from its
outputs back to the input, and writes each function node as a Caffe layer: the network
description (``chainer_model.prototxt``) and, with the parameters, the trained model
(``chainer_model.caffemodel``) that Caffe and :class:`~chainer.links.caffe.CaffeFunction`
read.
"""

import heapq
import os

import numpy
from google.protobuf import text_format

import chainer
from chainer import variable
from chainer.functions.activation import elu
from chainer.functions.activation import leaky_relu
from chainer.functions.activation import relu
from chainer.functions.activation import sigmoid
from chainer.functions.activation import softmax
from chainer.functions.activation import tanh
from chainer.functions.array import concat
from chainer.functions.array import reshape
from chainer.functions.connection import convolution_2d
from chainer.functions.connection import deconvolution_2d
from chainer.functions.connection import linear
from chainer.functions.math import basic_math
from chainer.functions.normalization import batch_normalization
from chainer.functions.normalization import local_response_normalization
from chainer.functions.pooling import average_pooling_2d
from chainer.functions.pooling import max_pooling_nd
from chainer.links.caffe import _functions as caffe_functions
from chainer.links.caffe import _wire
from chainer.links.caffe.protobuf3 import caffe_pb2
from chainer.serializers import _atomic

caffe_pb = caffe_pb2  # v7's name of the schema module

PROTOTXT = 'chainer_model.prototxt'
CAFFEMODEL = 'chainer_model.caffemodel'
INPUT_NAME = 'data'

_LAYER_FIELD = caffe_pb2.NetParameter.DESCRIPTOR.fields_by_name['layer'].number
_BLOBS_FIELD = caffe_pb2.LayerParameter.DESCRIPTOR.fields_by_name['blobs'].number
_BLOB_DATA_FIELD = caffe_pb2.BlobProto.DESCRIPTOR.fields_by_name['data'].number
_BLOB_SHAPE_FIELD = caffe_pb2.BlobProto.DESCRIPTOR.fields_by_name['shape'].number


def export(model, args, directory=None, export_params=True, graph_name='Graph'):
    """(Experimental) Exports a model's computational graph in Caffe's format.

    The model is called once as ``model(*args)`` in test mode (``chainer.config.train``
    off); the graph from its input to its outputs is written as Caffe layers named
    ``<function label>-<rank>-<count>``, after an ``Input`` layer named ``data``.

    Supported functions: :func:`~chainer.functions.linear`,
    :func:`~chainer.functions.convolution_2d`, :func:`~chainer.functions.deconvolution_2d`,
    :func:`~chainer.functions.max_pooling_2d`, :func:`~chainer.functions.average_pooling_2d`,
    :func:`~chainer.functions.batch_normalization` (as BatchNorm and Scale layers),
    :func:`~chainer.functions.local_response_normalization`,
    :func:`~chainer.functions.relu`, :func:`~chainer.functions.leaky_relu`,
    :func:`~chainer.functions.elu`, :func:`~chainer.functions.sigmoid`,
    :func:`~chainer.functions.tanh`, :func:`~chainer.functions.concat`,
    :func:`~chainer.functions.softmax`, :func:`~chainer.functions.reshape` and
    :func:`~chainer.functions.add` (``+``).

    Args:
        model (~chainer.Chain): The model to export; ``model(*args)`` must return a
            :class:`~chainer.Variable`, or a tuple, list or dict of them.
        args (list of ~chainer.Variable): The model's (single) input.
        directory (str): The directory to write ``chainer_model.prototxt`` and
            ``chainer_model.caffemodel`` into (created when missing); ``None`` writes
            nothing.
        export_params (bool): Whether to write the caffemodel with the parameters.
        graph_name (str): The ``name`` of the exported network.

    Raises:
        NotImplementedError: ``args`` holds more than one input.
        RuntimeError: A function's parameter is an array that the graph no longer holds
            (such as the constant ``b`` of ``F.linear(x, W, b)``).
        Exception: The graph contains a function that cannot be converted.
    """
    if len(args) != 1:
        raise NotImplementedError('export supports a model with exactly one input')
    x = args[0] if isinstance(args[0], variable.Variable) else variable.Variable(args[0])
    with chainer.using_config('train', False), chainer.force_backprop_mode():
        outputs = model(x)
    if isinstance(outputs, dict):
        outputs = list(outputs.values())
    elif not isinstance(outputs, (list, tuple)):
        outputs = [outputs]
    layers = _graph_layers(x, outputs, export_params)
    if directory is None:
        return
    os.makedirs(directory, exist_ok=True)
    _write_prototxt(os.path.join(directory, PROTOTXT), graph_name, x.shape, layers)
    if export_params:
        _write_caffemodel(os.path.join(directory, CAFFEMODEL), layers)


def _graph_layers(x, outputs, export_params):
    """The Caffe layers of the graph, as ``(LayerParameter, blob arrays)`` in rank order."""
    blob_names = {id(x.node): INPUT_NAME}
    nodes = _function_nodes(outputs)
    counts = {}
    for node in nodes:
        key = (node.label, node.rank)
        counts[key] = counts.get(key, 0) + 1
        for output in node.outputs:
            output_node = output()
            if output_node is not None:
                blob_names[id(output_node)] = f'{node.label}-{node.rank}-{counts[key]}'
    layers = []
    for node in sorted(nodes, key=lambda node: node.rank):
        name = blob_names[id(node.outputs[0]())]
        writer = _writer(node)
        if writer is None:
            raise _cannot_convert(node, name, blob_names)
        bottoms = []
        for index in writer.bottoms(node):
            bottom = blob_names.get(id(node.inputs[index]))
            if bottom is None:
                raise _cannot_convert(node, name, blob_names,
                                      f'its input {index} is neither the model input nor '
                                      'the output of an exported function')
            bottoms.append(bottom)
        layers += writer.layers(node, name, bottoms, export_params)
    return layers


def _function_nodes(outputs):
    """Function nodes that lead to ``outputs``, in the order a rank-descending walk from the
    outputs reaches them (ties broken by discovery)."""
    heap = []
    seen = set()
    order = 0

    def push(node):
        nonlocal order
        if node is not None and id(node) not in seen:
            seen.add(id(node))
            heapq.heappush(heap, (-node.rank, order, node))
            order += 1

    for output in outputs:
        push(variable.as_variable(output).creator_node)
    nodes = []
    while heap:
        node = heapq.heappop(heap)[2]
        nodes.append(node)
        for input_node in node.inputs:
            push(input_node.creator_node)
    return nodes


def _cannot_convert(node, name, blob_names, reason=None):
    inputs = [blob_names.get(id(i), '?') for i in node.inputs]
    message = (f'Cannot convert, name={name}, rank={node.rank}, label={node.label}, '
               f'inputs={inputs}')
    return Exception(message if reason is None else f'{message}: {reason}')


def _input_array(node, index):
    """The array of input ``index`` of ``node`` (a live variable or retained data)."""
    var = node.inputs[index].get_variable_or_none()
    data = var.array if var is not None else node.inputs[index].data
    if data is None:
        # A RuntimeError, as v7 raises when it cannot retain such an input.
        raise RuntimeError(
            f'Cannot convert {node.label}: the value of its input {index} is gone')
    return chainer.backend.CpuDevice().send(data)


class _Writer:
    """Writes one kind of function node as Caffe layers."""

    def __init__(self, type_name, param_field=None, params=None, blobs=None, bottoms=(0,)):
        self.type_name = type_name
        self.param_field = param_field
        self.params = params
        self.blobs = blobs
        self._bottoms = bottoms

    def bottoms(self, node):
        """Indexes of the node inputs that are layer bottoms (the others are blobs)."""
        if self._bottoms == 'all':
            return range(len(node.inputs))
        return self._bottoms

    def layers(self, node, name, bottoms, export_params):
        layer = caffe_pb2.LayerParameter(name=name, type=self.type_name, bottom=bottoms,
                                         top=[name])
        params = self.params(node) if self.params is not None else None
        if params is not None:
            getattr(layer, self.param_field).CopyFrom(params)
        blobs = self.blobs(node) if self.blobs is not None and export_params else []
        return [(layer, blobs)]


class _BatchNormWriter:
    """FixedBatchNormalization as Caffe's BatchNorm (normalization) and Scale (affine)."""

    def bottoms(self, node):
        return (0,)

    def layers(self, node, name, bottoms, export_params):
        normalized = name + '_bn'
        norm = caffe_pb2.LayerParameter(
            name=normalized, type='BatchNorm', bottom=bottoms, top=[normalized],
            batch_norm_param=caffe_pb2.BatchNormParameter(use_global_stats=True,
                                                          eps=node.eps))
        scale = caffe_pb2.LayerParameter(
            name=name, type='Scale', bottom=[normalized], top=[name],
            scale_param=caffe_pb2.ScaleParameter(axis=1, bias_term=True))
        if not export_params:
            return [(norm, []), (scale, [])]
        gamma, beta, mean, var = (_input_array(node, i) for i in (1, 2, 3, 4))
        return [(norm, [mean, var, numpy.ones(1, numpy.float32)]), (scale, [gamma, beta])]


def _pairs(prefix, values):
    return {f'{prefix}_h': int(values[0]), f'{prefix}_w': int(values[1])}


def _convolution_params(node, num_output):
    param = caffe_pb2.ConvolutionParameter(
        num_output=num_output, bias_term=len(node.inputs) == 3, group=node.groups,
        **_pairs('pad', node.pad), **_pairs('kernel', _input_array(node, 1).shape[2:]),
        **_pairs('stride', node.stride))
    if tuple(node.dilate) != (1, 1):
        param.dilation.extend(node.dilate)
    return param


def _weights(node):
    return [_input_array(node, i) for i in range(1, len(node.inputs))]


def _pooling_params(node, pool, chainer_rounds_up):
    param = caffe_pb2.PoolingParameter(
        pool=pool, **_pairs('pad', node.pad), **_pairs('stride', node.stride),
        **_pairs('kernel', node.ksize))
    in_size = node.inputs[0].shape[2:]
    caffe_size = tuple(
        caffe_functions.pooled_size(n, k, s, p, True)
        for n, k, s, p in zip(in_size, node.ksize, node.stride, node.pad))
    chainer_size = tuple(
        caffe_functions.pooled_size(n, k, s, p, chainer_rounds_up)
        for n, k, s, p in zip(in_size, node.ksize, node.stride, node.pad))
    if not chainer_rounds_up and caffe_size != chainer_size:
        param.round_mode = caffe_pb2.PoolingParameter.FLOOR
    return param


def _lrn_params(node):
    return caffe_pb2.LRNParameter(
        norm_region=caffe_pb2.LRNParameter.ACROSS_CHANNELS, local_size=node.n, k=node.k,
        alpha=node.alpha * node.n, beta=node.beta)


_WRITERS = {
    linear.LinearFunction: _Writer(
        'InnerProduct', 'inner_product_param',
        lambda node: caffe_pb2.InnerProductParameter(
            num_output=_input_array(node, 1).shape[0], bias_term=len(node.inputs) == 3),
        _weights),
    convolution_2d.Convolution2DFunction: _Writer(
        'Convolution', 'convolution_param',
        lambda node: _convolution_params(node, _input_array(node, 1).shape[0]), _weights),
    deconvolution_2d.Deconvolution2DFunction: _Writer(
        'Deconvolution', 'convolution_param',
        lambda node: _convolution_params(node, _input_array(node, 1).shape[1] * node.groups),
        _weights),
    max_pooling_nd.MaxPoolingND: _Writer(
        'Pooling', 'pooling_param',
        lambda node: _pooling_params(node, caffe_pb2.PoolingParameter.MAX, node.cover_all)),
    average_pooling_2d.AveragePooling2D: _Writer(
        'Pooling', 'pooling_param',
        lambda node: _pooling_params(node, caffe_pb2.PoolingParameter.AVE, False)),
    batch_normalization.FixedBatchNormalization: _BatchNormWriter(),
    local_response_normalization.LocalResponseNormalization: _Writer(
        'LRN', 'lrn_param', _lrn_params),
    relu.ReLU: _Writer('ReLU'),
    leaky_relu.LeakyReLU: _Writer(
        'ReLU', 'relu_param',
        lambda node: caffe_pb2.ReLUParameter(negative_slope=node.slope)),
    elu.ELU: _Writer('ELU', 'elu_param', lambda node: caffe_pb2.ELUParameter(alpha=node.alpha)),
    sigmoid.Sigmoid: _Writer('Sigmoid'),
    tanh.Tanh: _Writer('TanH'),
    softmax.Softmax: _Writer(
        'Softmax', 'softmax_param',
        lambda node: caffe_pb2.SoftmaxParameter(axis=node.axis) if node.axis != 1 else None),
    concat.Concat: _Writer(
        'Concat', 'concat_param', lambda node: caffe_pb2.ConcatParameter(axis=node.axis),
        bottoms='all'),
    reshape.Reshape: _Writer(
        'Reshape', 'reshape_param',
        lambda node: caffe_pb2.ReshapeParameter(shape=caffe_pb2.BlobShape(dim=node.shape))),
    basic_math.Add: _Writer('Eltwise', bottoms='all'),
    basic_math.MultiAdd: _Writer('Eltwise', bottoms='all'),
}


def _writer(node):
    if isinstance(node, max_pooling_nd.MaxPoolingND) and node.ndim != 2:
        return None
    for cls in type(node).__mro__:
        if cls in _WRITERS:
            return _WRITERS[cls]
    return None


def _write_prototxt(path, graph_name, input_shape, layers):
    net = caffe_pb2.NetParameter(name=graph_name)
    net.layer.add(name=INPUT_NAME, type='Input', top=[INPUT_NAME]).input_param.shape.add(
        dim=input_shape)
    for layer, _ in layers:
        net.layer.add().CopyFrom(layer)
    with _atomic.atomic_open(path, 'w') as f:
        f.write(text_format.MessageToString(net))


def _write_caffemodel(path, layers):
    # The blobs' float arrays are appended as raw packed bytes, not through protobuf.
    with _atomic.atomic_open(path, 'wb') as f:
        for layer, blobs in layers:
            tested = caffe_pb2.LayerParameter()
            tested.CopyFrom(layer)
            tested.phase = caffe_pb2.TEST
            payload = [tested.SerializeToString()]
            payload += [_wire.encode_length_delimited(_BLOBS_FIELD, _blob_bytes(blob))
                        for blob in blobs]
            f.write(_wire.encode_length_delimited(_LAYER_FIELD, b''.join(payload)))


def _blob_bytes(array):
    array = numpy.asarray(array)
    shape = caffe_pb2.BlobShape(dim=array.shape).SerializeToString()
    data = numpy.ascontiguousarray(array, dtype='<f4').tobytes()
    return (_wire.encode_length_delimited(_BLOB_DATA_FIELD, data)
            + _wire.encode_length_delimited(_BLOB_SHAPE_FIELD, shape))
