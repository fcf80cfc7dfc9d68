"""The Caffe schema built at import: message classes, field numbers, defaults, encoding."""

import os
import struct
import subprocess
import sys

import pytest
from google.protobuf import descriptor_pool
from google.protobuf import text_format

from chainer.links.caffe.protobuf3 import _proto2
from chainer.links.caffe.protobuf3 import caffe_pb2

# Message classes of v7's generated module (Caffe's schema has a few more since).
V7_MESSAGES = [
    'AccuracyParameter', 'ArgMaxParameter', 'BatchNormParameter', 'BiasParameter',
    'BlobProto', 'BlobProtoVector', 'BlobShape', 'ConcatParameter',
    'ContrastiveLossParameter', 'ConvolutionParameter', 'DataParameter', 'Datum',
    'DropoutParameter', 'DummyDataParameter', 'ELUParameter', 'EltwiseParameter',
    'EmbedParameter', 'ExpParameter', 'FillerParameter', 'FlattenParameter',
    'HDF5DataParameter', 'HDF5OutputParameter', 'HingeLossParameter', 'ImageDataParameter',
    'InfogainLossParameter', 'InnerProductParameter', 'LRNParameter', 'LayerParameter',
    'LogParameter', 'LossParameter', 'MVNParameter', 'MemoryDataParameter', 'NetParameter',
    'NetState', 'NetStateRule', 'PReLUParameter', 'ParamSpec', 'PoolingParameter',
    'PowerParameter', 'PythonParameter', 'ReLUParameter', 'ReductionParameter',
    'ReshapeParameter', 'SPPParameter', 'ScaleParameter', 'SigmoidParameter',
    'SliceParameter', 'SoftmaxParameter', 'SolverParameter', 'SolverState', 'TanHParameter',
    'ThresholdParameter', 'TileParameter', 'TransformationParameter', 'V0LayerParameter',
    'V1LayerParameter', 'WindowDataParameter',
]


def _number(message, field):
    return getattr(caffe_pb2, message).DESCRIPTOR.fields_by_name[field].number


def test_message_classes():
    for name in V7_MESSAGES:
        cls = getattr(caffe_pb2, name)
        assert cls.DESCRIPTOR.full_name == 'caffe.' + name
        assert cls().SerializeToString() == b''
    assert caffe_pb2.DESCRIPTOR.name == 'caffe.proto'
    assert caffe_pb2.DESCRIPTOR.package == 'caffe'


def test_phase_enum():
    assert (caffe_pb2.TRAIN, caffe_pb2.TEST) == (0, 1)
    assert caffe_pb2.Phase.Name(1) == 'TEST'
    assert caffe_pb2.Phase.Value('TRAIN') == 0
    assert caffe_pb2.NetState().phase == caffe_pb2.TEST


@pytest.mark.parametrize('message, field, number', [
    ('NetParameter', 'layer', 100), ('NetParameter', 'layers', 2),
    ('NetParameter', 'input_shape', 8), ('LayerParameter', 'blobs', 7),
    ('LayerParameter', 'phase', 10), ('LayerParameter', 'convolution_param', 106),
    ('LayerParameter', 'batch_norm_param', 139), ('LayerParameter', 'scale_param', 142),
    ('LayerParameter', 'input_param', 143), ('LayerParameter', 'window_data_param', 129),
    ('V1LayerParameter', 'blobs', 6), ('V1LayerParameter', 'type', 5),
    ('V1LayerParameter', 'layer', 1), ('V1LayerParameter', 'param', 1001),
    ('BlobProto', 'shape', 7), ('BlobProto', 'data', 5), ('BlobProto', 'double_data', 8),
    ('ConvolutionParameter', 'dilation', 18), ('ConvolutionParameter', 'stride', 6),
    ('PoolingParameter', 'global_pooling', 12), ('PoolingParameter', 'round_mode', 13),
    ('SliceParameter', 'axis', 3), ('ConcatParameter', 'concat_dim', 1),
    ('SolverParameter', 'type', 40), ('V0LayerParameter', 'hdf5_output_param', 1001),
])
def test_field_numbers(message, field, number):
    assert _number(message, field) == number


@pytest.mark.parametrize('name, value', [
    ('CONVOLUTION', 4), ('DECONVOLUTION', 39), ('INNER_PRODUCT', 14), ('SPLIT', 22),
    ('SOFTMAX_LOSS', 21), ('ELTWISE', 25), ('SLICE', 33), ('ABSVAL', 35), ('THRESHOLD', 31),
])
def test_v1_layer_types(name, value):
    assert getattr(caffe_pb2.V1LayerParameter, name) == value


def test_nested_enums():
    assert (caffe_pb2.PoolingParameter.MAX, caffe_pb2.PoolingParameter.AVE,
            caffe_pb2.PoolingParameter.STOCHASTIC) == (0, 1, 2)
    assert (caffe_pb2.EltwiseParameter.PROD, caffe_pb2.EltwiseParameter.SUM,
            caffe_pb2.EltwiseParameter.MAX) == (0, 1, 2)
    assert caffe_pb2.LRNParameter.WITHIN_CHANNEL == 1
    assert caffe_pb2.LossParameter.NormalizationMode.Name(2) == 'BATCH_SIZE'


def test_defaults():
    conv = caffe_pb2.ConvolutionParameter()
    assert conv.bias_term is True and conv.group == 1 and conv.axis == 1
    pool = caffe_pb2.PoolingParameter()
    assert pool.pool == pool.MAX and pool.stride == 1 and pool.round_mode == pool.CEIL
    lrn = caffe_pb2.LRNParameter()
    assert (lrn.local_size, lrn.alpha, lrn.beta, lrn.k) == (5, 1.0, 0.75, 1.0)
    bn = caffe_pb2.BatchNormParameter()
    assert bn.eps == pytest.approx(1e-5) and bn.moving_average_fraction == pytest.approx(.999)
    assert caffe_pb2.DropoutParameter().dropout_ratio == 0.5
    assert caffe_pb2.EltwiseParameter().operation == caffe_pb2.EltwiseParameter.SUM
    assert caffe_pb2.FillerParameter().type == 'constant'
    assert caffe_pb2.ReshapeParameter().num_axes == -1
    assert caffe_pb2.SolverParameter().solver_mode == caffe_pb2.SolverParameter.GPU


def test_blob_encoding_is_caffes():
    blob = caffe_pb2.BlobProto()
    blob.shape.dim.extend([2, 1])
    blob.data.extend([1.5, -2.0])
    floats = struct.pack('<2f', 1.5, -2.0)
    # data (5) packed, then shape (7) {dim (1), packed}: fields go out in number order
    expected = b'\x2a\x08' + floats + b'\x3a\x04\x0a\x02\x02\x01'
    assert blob.SerializeToString() == expected
    assert caffe_pb2.BlobProto.FromString(expected) == blob


def test_text_format_round_trip():
    text = '''
        name: "net"
        layer { name: "conv1" type: "Convolution" bottom: "data" top: "conv1"
                convolution_param { num_output: 8 kernel_size: 3 stride: 2
                                    weight_filler { type: "xavier" } } }
        layer { name: "pool1" type: "Pooling" bottom: "conv1" top: "pool1"
                pooling_param { pool: AVE kernel_size: 2 } }
        layers { name: "old" type: RELU }
    '''
    net = text_format.Parse(text, caffe_pb2.NetParameter())
    assert net.layer[0].convolution_param.kernel_size == [3]
    assert net.layer[1].pooling_param.pool == caffe_pb2.PoolingParameter.AVE
    assert net.layers[0].type == caffe_pb2.V1LayerParameter.RELU
    again = caffe_pb2.NetParameter.FromString(net.SerializeToString())
    assert text_format.MessageToString(again) == text_format.MessageToString(net)


def test_private_descriptor_pool():
    # Another copy of caffe.proto registered in the default pool cannot clash with ours.
    pool = caffe_pb2.NetParameter.DESCRIPTOR.file.pool
    assert pool is not descriptor_pool.Default()


_OTHER_BACKEND = '''
import sys
from google.protobuf.internal import api_implementation
from chainer.links.caffe.protobuf3 import caffe_pb2
net = caffe_pb2.NetParameter.FromString(sys.stdin.buffer.read())
layer = net.layer[0]
print(api_implementation.Type(), layer.name, list(layer.blobs[0].shape.dim),
      list(layer.blobs[0].data), layer.convolution_param.bias_term,
      caffe_pb2.PoolingParameter.AVE)
'''


def test_pure_python_backend_reads_the_same():
    net = caffe_pb2.NetParameter()
    layer = net.layer.add(name='conv', type='Convolution')
    blob = layer.blobs.add()
    blob.shape.dim.extend([3])
    blob.data.extend([0.5, 1.5, -1.0])
    env = dict(os.environ, PROTOCOL_BUFFERS_PYTHON_IMPLEMENTATION='python',
               PYTHONPATH=os.pathsep.join(sys.path))
    out = subprocess.run([sys.executable, '-c', _OTHER_BACKEND], input=net.SerializeToString(),
                         capture_output=True, env=env, timeout=120, check=True).stdout
    assert out.decode().split() == ['python', 'conv', '[3]', '[0.5,', '1.5,', '-1.0]', 'True',
                                    '1']


def test_unknown_type_in_schema():
    with pytest.raises(ValueError, match=r'Bad\.field: unknown type .Nothing.'):
        _proto2.file_descriptor('bad.proto', 'bad', [
            _proto2.message('Bad', _proto2.optional('Nothing', 'field', 1))])
