"""Reading caffemodels: broken and hostile files give clean errors naming file and layer."""

import os
import tracemalloc
import warnings

import numpy
import pytest

import chainer
from chainer.links.caffe import CaffeFunction
from chainer.links.caffe import _model_file
from chainer.utils import type_check


def _rand(*shape, seed=0):
    return numpy.random.RandomState(seed).uniform(-1, 1, shape).astype(numpy.float32)


def _valid_net(net):
    """A small network touching most layer types (input 'data': (N, 3, 8, 8))."""
    net.layer('Data', 'data', [], ['data'])
    net.layer('Convolution', 'conv1', ['data'], ['conv1'], [_rand(4, 3, 3, 3), _rand(4)],
              convolution_param=dict(num_output=4, kernel_size=[3], pad=[1]))
    net.layer('BatchNorm', 'bn1', ['conv1'], ['conv1'], [_rand(4), _rand(4) + 2, [1.0]])
    net.layer('Scale', 'scale1', ['conv1'], ['conv1'], [_rand(4), _rand(4)],
              scale_param=dict(bias_term=True))
    net.layer('ReLU', 'relu1', ['conv1'], ['conv1'])
    net.layer('Split', 'split', ['conv1'], ['a', 'b'])
    net.layer('Convolution', 'conv2', ['a'], ['conv2'], [_rand(4, 2, 1, 1)],
              convolution_param=dict(num_output=4, bias_term=False, group=2))
    net.layer('Eltwise', 'sum', ['conv2', 'b'], ['sum'])
    net.layer('Pooling', 'pool', ['sum'], ['pool'],
              pooling_param=dict(kernel_size=3, stride=2, pool=1))
    net.layer('LRN', 'lrn', ['pool'], ['lrn'], lrn_param=dict(local_size=3))
    net.layer('Concat', 'cat', ['lrn', 'pool'], ['cat'])
    net.layer('InnerProduct', 'fc', ['cat'], ['fc'], [_rand(5, 8 * 4 * 4), _rand(5)],
              inner_product_param=dict(num_output=5))
    net.layer('Softmax', 'prob', ['fc'], ['prob'])
    return net.save()


def _write(tmp_path, data):
    path = tmp_path / 'broken.caffemodel'
    path.write_bytes(data)
    return str(path)


def test_valid_net_loads(net):
    func = CaffeFunction(_valid_net(net))
    with chainer.using_config('train', False):
        prob, = func(inputs={'data': _rand(2, 3, 8, 8)}, outputs=['prob'])
    assert prob.shape == (2, 5)


def test_missing_file(tmp_path):
    with pytest.raises(FileNotFoundError):
        CaffeFunction(str(tmp_path / 'absent.caffemodel'))


def test_empty_file(tmp_path):
    path = _write(tmp_path, b'')
    with pytest.raises(ValueError, match=f'{path}: holds no layers'):
        CaffeFunction(path)


def test_random_bytes(tmp_path):
    for seed in range(20):
        data = numpy.random.RandomState(seed).bytes(1000)
        path = _write(tmp_path, data)
        with pytest.raises(ValueError, match=path):
            CaffeFunction(path)


def test_text_file(tmp_path):
    path = _write(tmp_path, b'name: "net"\nlayer {\n  name: "conv1"\n  type: "ReLU"\n}\n')
    with pytest.raises(ValueError, match=path):
        CaffeFunction(path)


@pytest.mark.parametrize('data', [
    numpy.random.RandomState(0).bytes(200),
    b'name: "net"\nlayer {\n  name: "conv1"\n  type: "ReLU"\n}\n',
    b'\xa2\x06\x0a\x0a\x02fc\x3a\x04\x2a\x08\x00\x00',  # a blob's data cut short
])
def test_malformed_bytes_are_also_a_decode_error(tmp_path, data):
    from google.protobuf import message
    path = _write(tmp_path, data)
    with pytest.raises(message.DecodeError, match=path):  # what v7 raises
        CaffeFunction(path)


@pytest.mark.parametrize('fraction', [0.1, 0.5, 0.9, 0.999])
def test_truncated_file(net, tmp_path, fraction):
    data = open(_valid_net(net), 'rb').read()
    path = _write(tmp_path, data[:int(len(data) * fraction)])
    with pytest.raises(ValueError, match=f'{path}: not a Caffe model file: .* at byte'):
        CaffeFunction(path)


def test_huge_declared_blob_is_rejected_before_allocating(net):
    blob = net.blob(_rand(3))
    blob.shape.ClearField('dim')
    blob.shape.dim.extend([1 << 40, 1 << 40])
    net.layer('InnerProduct', 'fc', ['data'], ['y'], [blob])
    path = net.save()
    tracemalloc.start()
    try:
        with pytest.raises(ValueError, match=f"{path}: layer 'fc' \\(InnerProduct\\): blob 0: "
                                             'shape .* needs 1208925819614629174706176 '
                                             'values but the blob holds 3'):
            CaffeFunction(path)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 10 * 1024 * 1024


def test_too_many_layers(tmp_path, monkeypatch):
    monkeypatch.setattr(_model_file, 'MAX_LAYERS', 1000)
    path = _write(tmp_path, b'\xa2\x06\x00' * 1001)  # 1001 empty layers
    with pytest.raises(ValueError, match=f'{path}: holds 1001 layers, more than 1000'):
        CaffeFunction(path)


def test_too_many_blobs(net):
    net.layer('InnerProduct', 'fc', ['data'], ['y'], [numpy.zeros((0,))] * 65)
    with pytest.raises(ValueError, match="'fc' .*has 65 blobs, more than 64"):
        net.load()


def test_data_length_disagrees_with_shape(net):
    blob = net.blob(_rand(2, 3))
    blob.data.append(1.0)
    net.layer('Convolution', 'conv', ['data'], ['y'], [blob])
    with pytest.raises(ValueError, match="layer 'conv' .*blob 0: shape \\(2, 3\\) needs 6 "
                                         'values but the blob holds 7'):
        net.load()


def test_legacy_shape_disagrees_with_data(net):
    blob = net.blob(_rand(2, 3), legacy=True)
    blob.height = 5
    net.layer('InnerProduct', 'fc', ['data'], ['y'], [blob])
    with pytest.raises(ValueError, match=r"layer 'fc'.*shape \(1, 1, 5, 3\) needs 15"):
        net.load()


def test_negative_legacy_dimension(net):
    blob = net.blob(numpy.zeros((0,)), legacy=True)
    blob.num = -1
    net.layer('InnerProduct', 'fc', ['data'], ['y'], [blob])
    with pytest.raises(ValueError, match=r"layer 'fc'.*negative dimension"):
        net.load()


def test_too_many_axes(net):
    net.layer('InnerProduct', 'fc', ['data'], ['y'], [numpy.zeros((1,) * 33)])
    with pytest.raises(ValueError, match=r"layer 'fc'.*33 axes \(at most 32\)"):
        net.load()


def _field(number, payload):
    """A length-delimited protobuf field (payloads here are shorter than 128 bytes)."""
    return bytes([number << 3 | 2, len(payload)]) + payload


@pytest.mark.parametrize('data_field', [
    _field(5, bytes(7)),  # packed floats: 7 bytes is not a whole number of floats
    bytes([5 << 3 | 0, 1]),  # floats as a varint
])
def test_malformed_float_data(tmp_path, data_field):
    blob = _field(7, _field(1, b'\x01\x02')) + data_field  # shape (1, 2)
    layer = _field(1, b'fc') + _field(2, b'InnerProduct') + _field(7, blob)
    path = _write(tmp_path, bytes([0xa2, 0x06, len(layer)]) + layer)  # field 100
    with pytest.raises(ValueError, match=f"{path}: layer 'fc' \\(InnerProduct\\): blob 0: "):
        CaffeFunction(path)


def test_non_utf8_name(net, tmp_path):
    net.layer('ReLU', 'relu', ['data'], ['y'])
    data = net.net.SerializeToString().replace(b'relu', b'r\xffl\xfe')
    path = _write(tmp_path, data)
    with pytest.raises(ValueError, match=f'{path}: layer #0'):
        CaffeFunction(path)


@pytest.mark.parametrize('param, problem', [
    (dict(num_output=5, kernel_size=[3]), r'num_output 5 does not match'),
    (dict(kernel_size=[5]), r'kernel_size \(5, 5\) does not match the weight'),
    (dict(kernel_size=[3], stride=[0]), r'stride must be positive'),
    (dict(kernel_size=[3], dilation=[0]), r'dilation must be positive'),
    (dict(kernel_size=[3], group=3), r'4 outputs cannot be split into 3 groups'),
    (dict(kernel_size=[3, 3, 3]), r'only 2-D layers are supported'),
    (dict(kernel_size=[3], axis=2), r'axis 2 is not supported'),
])
def test_inconsistent_convolution(net, param, problem):
    net.layer('Convolution', 'conv', ['data'], ['y'], [_rand(4, 3, 3, 3), _rand(4)],
              convolution_param=param)
    with pytest.raises(ValueError, match=f"'conv' \\(Convolution\\): .*{problem}"):
        net.load()


def test_missing_bias_blob(net):
    net.layer('Convolution', 'conv', ['data'], ['y'], [_rand(4, 3, 3, 3)])
    with pytest.raises(ValueError, match=r"'conv'.*has 1 blobs, expected 2"):
        net.load()


def test_wrong_bias_size(net):
    net.layer('InnerProduct', 'fc', ['data'], ['y'], [_rand(4, 3), _rand(5)])
    with pytest.raises(ValueError, match=r"'fc'.*bias blob has 5 values, expected 4"):
        net.load()


def test_group_expansion_is_bounded(net):
    group = 1 << 15
    net.layer('Convolution', 'conv', ['data'], ['y'], [numpy.zeros((group, 1, 1, 1))],
              convolution_param=dict(group=group, bias_term=False))
    with pytest.raises(ValueError, match=r"'conv'.*group 32768 expands the weight"):
        net.load()


@pytest.mark.parametrize('param, problem', [
    (dict(kernel_size=2, stride=0), r'stride must be positive'),
    (dict(stride=2), r'kernel_size is not given'),
    (dict(kernel_size=2, pool=2), r'stochastic pooling is not supported'),
])
def test_invalid_pooling(net, param, problem):
    net.layer('Pooling', 'pool', ['data'], ['y'], pooling_param=param)
    with pytest.raises((ValueError, RuntimeError), match=f"'pool' \\(Pooling\\): {problem}"):
        net.load()


@pytest.mark.parametrize('type, bottoms, problem', [
    ('ReLU', [], 'has 0 bottoms, expected 1'),
    ('Sigmoid', ['a', 'b'], 'has 2 bottoms, expected 1'),
    ('Eltwise', ['a'], 'has 1 bottoms, expected at least 2'),
    ('Scale', ['a', 'b', 'c'], 'has 3 bottoms, expected 1 to 2'),
    ('Split', ['a', 'b'], 'has 2 bottoms, expected 1'),
])
def test_wrong_number_of_bottoms(net, type, bottoms, problem):
    net.layer(type, 'layer', bottoms, ['y'])
    with pytest.raises(ValueError, match=f"'layer' \\({type}\\): {problem}"):
        net.load()


@pytest.mark.parametrize('type, param, problem', [
    ('Reshape', dict(reshape_param=dict(shape=dict(dim=[-1, -1]))), 'at most one -1'),
    ('Reshape', dict(reshape_param=dict(shape=dict(dim=[-2]))), 'invalid shape'),
    ('Eltwise', dict(eltwise_param=dict(coeff=[1.0])), '1 coefficients for 2 bottoms'),
    ('Eltwise', dict(eltwise_param=dict(coeff=[1.0, 2.0], operation=0)),
     'coeff is only allowed with the SUM operation'),
    ('Slice', dict(slice_param=dict(slice_point=[1, 2, 3])), 'does not cut the input'),
    ('Scale', dict(scale_param=dict(axis=-1)), 'axis -1 is not supported'),
])
def test_invalid_parameters(net, type, param, problem):
    net.layer(type, 'layer', ['a', 'b'] if type == 'Eltwise' else ['a'], ['y', 'z'],
              [_rand(2)] if type == 'Scale' else [], **param)
    with pytest.raises(ValueError, match=f"'layer' \\({type}\\): .*{problem}"):
        net.load()


def test_duplicate_layer_name(net):
    net.layer('ReLU', 'same', ['data'], ['y'])
    net.layer('TanH', 'same', ['y'], ['z'])
    # Both a ValueError and, as v7 raises for a second link of the same name, an
    # AttributeError.
    with pytest.raises(ValueError, match=r"'same' \(TanH\): duplicate layer name") as info:
        net.load()
    assert isinstance(info.value, AttributeError)


@pytest.mark.parametrize('name', ['forward', 'forwards', 'layers', 'to_device', '__class__'])
def test_layer_name_clashing_with_an_attribute(net, name):
    net.layer('InnerProduct', name, ['data'], ['y'], [_rand(2, 3)],
              inner_product_param=dict(bias_term=False))
    with pytest.raises(ValueError, match=f"the name '{name}' is taken by an attribute") as info:
        net.load()
    assert isinstance(info.value, AttributeError)  # as v7 raises


def test_layer_error_names_v1_type(net):
    net.v1_layer('INNER_PRODUCT', 'fc', ['data'], ['y'], [_rand(2, 3)])
    with pytest.raises(ValueError, match=r"'fc' \(INNER_PRODUCT\): has 1 blobs, expected 2"):
        net.load()


def test_model_layer_reads_blobs_as_float32_views(net):
    w = _rand(2, 3)
    net.layer('InnerProduct', 'fc', ['data'], ['y'], [w, net.blob(_rand(2), dtype='double')])
    path = net.save()
    with _model_file.open_layers(path) as layers:
        layer, = layers
        assert layer.param.name == 'fc' and len(layer.param.blobs) == 0
        assert [b.dtype for b in layer.blobs] == [numpy.float32, numpy.float32]
        numpy.testing.assert_array_equal(layer.blobs[0], w)
        assert not layer.blobs[0].flags.writeable
        offset = layer.offsets[0]
        assert layer.offsets[1] is None  # stored as doubles
        del layer
    with open(path, 'rb') as f:
        assert f.read()[offset:offset + w.nbytes] == w.tobytes()
    assert layers == []


def test_empty_file_is_not_mapped(tmp_path):
    path = _write(tmp_path, b'')
    with pytest.raises(ValueError, match='holds no layers'):
        with _model_file.open_layers(path):
            pass


def test_parameters_do_not_keep_the_file(net, tmp_path):
    w = _rand(4, 3, 3, 3)
    net.layer('Convolution', 'conv', ['data'], ['y'], [w, _rand(4)])
    net.layer('InnerProduct', 'fc', ['y'], ['z'], [_rand(3, 4)],
              inner_product_param=dict(bias_term=False, transpose=True))
    path = net.save()
    func = CaffeFunction(path)
    # The file can go away (or change) once loaded ...
    moved = str(tmp_path / 'moved.caffemodel')
    os.rename(path, moved)
    numpy.testing.assert_array_equal(func.conv.W.array, w)
    assert func.conv.W.initializer.blob is None
    if os.path.exists('/proc/self/maps'):  # Linux: the file is no longer mapped
        with open('/proc/self/maps') as maps:
            mappings = maps.read()
        assert moved not in mappings and path not in mappings
    # ... and a re-initialization reads the blobs from the file again.
    os.rename(moved, path)
    copy = func.copy(mode='init')
    numpy.testing.assert_array_equal(copy.conv.W.array, w)
    numpy.testing.assert_array_equal(copy.fc.W.array, func.fc.W.array)
    with open(path, 'r+b') as f:
        f.truncate(10)
    with pytest.raises(ValueError, match='the file changed since it was loaded'):
        func.copy(mode='init')


def _mutate(rng, data):
    data = bytearray(data)
    kind = rng.randint(5)
    n = len(data)
    if kind == 0:  # overwrite a few bytes
        for _ in range(rng.randint(1, 4)):
            data[rng.randint(n)] = rng.randint(256)
    elif kind == 1:  # truncate
        del data[rng.randint(n):]
    elif kind == 2:  # insert random bytes
        i = rng.randint(n)
        data[i:i] = rng.bytes(rng.randint(1, 8))
    elif kind == 3:  # delete a run
        i = rng.randint(n)
        del data[i:i + rng.randint(1, 16)]
    else:  # set a byte to a varint edge value
        data[rng.randint(n)] = int(rng.choice([0x00, 0x7f, 0x80, 0xff]))
    return bytes(data)


def test_fuzz(net, tmp_path):
    """Mutated caffemodels load into a working function or fail with a clean error."""
    valid = open(_valid_net(net), 'rb').read()
    rng = numpy.random.RandomState(0)
    x = _rand(2, 3, 8, 8)
    outcomes = {'rejected': 0, 'loaded': 0}
    for _ in range(300):
        path = _write(tmp_path, _mutate(rng, valid))
        try:
            with warnings.catch_warnings():
                warnings.simplefilter('ignore')
                func = CaffeFunction(path)
        except RuntimeError as e:
            assert 'not supported' in str(e)
            outcomes['rejected'] += 1
            continue
        except ValueError as e:
            assert path in str(e)
            outcomes['rejected'] += 1
            continue
        outcomes['loaded'] += 1
        try:
            with chainer.using_config('train', False), numpy.errstate(all='ignore'):
                func(inputs={'data': x}, outputs=['prob'])
        except KeyError as e:
            assert path in str(e)
        except (type_check.InvalidType, ValueError, RuntimeError):
            pass
    assert outcomes['rejected'] > 100 and outcomes['loaded'] > 50, outcomes
