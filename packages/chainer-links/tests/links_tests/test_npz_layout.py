"""The files the links save and load have Chainer v7's layout (key, dtype and shape of every
entry, recorded from v7.8.1): our files load in v7 and v7's files load here.

Each case writes a fixture file of that layout itself (``numpy.savez`` of random values),
loads it into a fresh link and checks that every value landed under its key; and checks
that ``save_npz``/``save_hdf5`` write exactly that layout.
"""
import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
from chainer import serializers

f4, i8, f8 = 'float32', 'int64', 'float64'


def _bn_layout(prefix, size, gamma_beta=True):
    layout = {prefix + 'N': (i8, ()), prefix + 'avg_mean': (f4, (size,)),
              prefix + 'avg_var': (f4, (size,))}
    if gamma_beta:
        layout.update({prefix + 'gamma': (f4, (size,)), prefix + 'beta': (f4, (size,))})
    return layout


def _nstep_layout(n_layers, n_dirs, n_weights, in_size, out_size):
    # v7: one child per layer and direction, numbered layer * n_dirs + direction; the first
    # half of the weights w0.. of a child multiply the input, the second half the hidden
    # state; every bias b0.. has out_size entries
    layout = {}
    for layer in range(n_layers):
        layer_in = in_size if layer == 0 else out_size * n_dirs
        for direction in range(n_dirs):
            child = '{}/'.format(layer * n_dirs + direction)
            for i in range(n_weights):
                cols = layer_in if i < n_weights // 2 else out_size
                layout[child + 'w{}'.format(i)] = (f4, (out_size, cols))
                layout[child + 'b{}'.format(i)] = (f4, (out_size,))
    return layout


class _ChainWithPersistents(chainer.Chain):

    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.l1 = L.Linear(3, 4)
            self.bn = L.BatchNormalization(4)
        self.add_persistent('counter', 0)
        self.add_persistent('fval', 1.5)


def _huffman_tree():
    return L.BinaryHierarchicalSoftmax.create_huffman_tree({0: 4, 1: 3, 2: 2, 3: 1})


CASES = [
    ('Linear', lambda: L.Linear(3, 4), {'W': (f4, (4, 3)), 'b': (f4, (4,))}),
    ('Convolution2D_groups', lambda: L.Convolution2D(4, 4, 3, groups=2),
     {'W': (f4, (4, 2, 3, 3)), 'b': (f4, (4,))}),
    ('ConvolutionND', lambda: L.ConvolutionND(3, 2, 3, 2),
     {'W': (f4, (3, 2, 2, 2, 2)), 'b': (f4, (3,))}),
    ('Deconvolution2D_groups', lambda: L.Deconvolution2D(4, 6, 3, groups=2),
     {'W': (f4, (4, 3, 3, 3)), 'b': (f4, (6,))}),
    ('DepthwiseConvolution2D', lambda: L.DepthwiseConvolution2D(2, 3, 3),
     {'W': (f4, (3, 2, 3, 3)), 'b': (f4, (6,))}),
    ('DeformableConvolution2D', lambda: L.DeformableConvolution2D(2, 3, 3, pad=1),
     {'offset_conv/W': (f4, (18, 2, 3, 3)), 'offset_conv/b': (f4, (18,)),
      'deform_conv/W': (f4, (3, 2, 3, 3)), 'deform_conv/b': (f4, (3,))}),
    ('LocalConvolution2D', lambda: L.LocalConvolution2D(2, 3, (5, 5), 3),
     {'W': (f4, (3, 3, 3, 2, 3, 3)), 'b': (f4, (3, 3, 3))}),
    ('MLPConvolution2D', lambda: L.MLPConvolution2D(2, (3, 3), 1),
     {'0/W': (f4, (3, 2, 1, 1)), '0/b': (f4, (3,)), '1/W': (f4, (3, 3, 1, 1)),
      '1/b': (f4, (3,))}),
    ('EmbedID', lambda: L.EmbedID(5, 3), {'W': (f4, (5, 3))}),
    ('Bilinear', lambda: L.Bilinear(2, 3, 4),
     {'W': (f4, (2, 3, 4)), 'V1': (f4, (2, 4)), 'V2': (f4, (3, 4)), 'b': (f4, (4,))}),
    ('Highway', lambda: L.Highway(3),
     {'plain/W': (f4, (3, 3)), 'plain/b': (f4, (3,)), 'transform/W': (f4, (3, 3)),
      'transform/b': (f4, (3,))}),
    ('Inception', lambda: L.Inception(2, 2, 2, 2, 2, 2, 2),
     {name + suffix: (f4, shape)
      for name, shape in [('conv1/', (2, 2, 1, 1)), ('proj3/', (2, 2, 1, 1)),
                          ('conv3/', (2, 2, 3, 3)), ('proj5/', (2, 2, 1, 1)),
                          ('conv5/', (2, 2, 5, 5)), ('projp/', (2, 2, 1, 1))]
      for suffix, shape in [('W', shape), ('b', (2,))]}),
    ('InceptionBN', lambda: L.InceptionBN(2, 2, 2, 2, 2, 2, 'max', 2),
     dict({'conv1/W': (f4, (2, 2, 1, 1)), 'proj3/W': (f4, (2, 2, 1, 1)),
           'conv3/W': (f4, (2, 2, 3, 3)), 'proj33/W': (f4, (2, 2, 1, 1)),
           'conv33a/W': (f4, (2, 2, 3, 3)), 'conv33b/W': (f4, (2, 2, 3, 3)),
           'poolp/W': (f4, (2, 2, 1, 1))},
          **{k: v for bn in ['conv1n/', 'proj3n/', 'conv3n/', 'proj33n/', 'conv33an/',
                             'conv33bn/', 'poolpn/']
             for k, v in _bn_layout(bn, 2).items()})),
    ('Maxout', lambda: L.Maxout(3, 4, 2), {'linear/W': (f4, (8, 3)), 'linear/b': (f4, (8,))}),
    ('PReLU', lambda: L.PReLU((3,)), {'W': (f4, (3,))}),
    ('Swish', lambda: L.Swish((3,)), {'beta': (f4, (3,))}),
    ('SimplifiedDropconnect', lambda: L.SimplifiedDropconnect(3, 4),
     {'W': (f4, (4, 3)), 'b': (f4, (4,))}),
    ('Bias', lambda: L.Bias(shape=(3,)), {'b': (f4, (3,))}),
    ('Scale', lambda: L.Scale(W_shape=(3,), bias_term=True),
     {'W': (f4, (3,)), 'bias/b': (f4, (3,))}),
    ('Parameter', lambda: L.Parameter(numpy.zeros((2, 3), numpy.float32)),
     {'W': (f4, (2, 3))}),
    ('BatchNormalization', lambda: L.BatchNormalization(3), _bn_layout('', 3)),
    ('BatchNormalization_no_gamma_beta',
     lambda: L.BatchNormalization(3, use_gamma=False, use_beta=False),
     _bn_layout('', 3, gamma_beta=False)),
    ('BatchRenormalization', lambda: L.BatchRenormalization(3), _bn_layout('', 3)),
    ('DecorrelatedBatchNormalization', lambda: L.DecorrelatedBatchNormalization(4, groups=2),
     {'N': (i8, ()), 'avg_mean': (f4, (2, 2)), 'avg_projection': (f4, (2, 2, 2))}),
    ('GroupNormalization', lambda: L.GroupNormalization(2, 4),
     {'gamma': (f4, (4,)), 'beta': (f4, (4,))}),
    ('LayerNormalization', lambda: L.LayerNormalization(3),
     {'gamma': (f4, (3,)), 'beta': (f4, (3,))}),
    ('LSTM', lambda: L.LSTM(3, 4),
     {'upward/W': (f4, (16, 3)), 'upward/b': (f4, (16,)), 'lateral/W': (f4, (16, 4))}),
    ('StatefulPeepholeLSTM', lambda: L.StatefulPeepholeLSTM(3, 4),
     {'upward/W': (f4, (16, 3)), 'upward/b': (f4, (16,)), 'lateral/W': (f4, (16, 4)),
      'peep_i/W': (f4, (4, 4)), 'peep_f/W': (f4, (4, 4)), 'peep_o/W': (f4, (4, 4))}),
    ('StatefulZoneoutLSTM', lambda: L.StatefulZoneoutLSTM(3, 4),
     {'upward/W': (f4, (16, 3)), 'upward/b': (f4, (16,)), 'lateral/W': (f4, (16, 4))}),
    ('StatefulGRU', lambda: L.StatefulGRU(3, 4),
     {gate + suffix: (f4, shape)
      for gate, in_size in [('W', 3), ('W_r', 3), ('W_z', 3), ('U', 4), ('U_r', 4), ('U_z', 4)]
      for suffix, shape in [('/W', (4, in_size)), ('/b', (4,))]}),
    ('StatelessMGU', lambda: L.StatelessMGU(3, 4),
     {'W_f/W': (f4, (4, 7)), 'W_f/b': (f4, (4,)), 'W_h/W': (f4, (4, 7)),
      'W_h/b': (f4, (4,))}),
    ('ChildSumTreeLSTM', lambda: L.ChildSumTreeLSTM(3, 4),
     {'W_x/W': (f4, (16, 3)), 'W_x/b': (f4, (16,)), 'W_h_aio/W': (f4, (12, 4)),
      'W_h_f/W': (f4, (4, 4))}),
    ('NaryTreeLSTM', lambda: L.NaryTreeLSTM(3, 4, n_ary=2),
     {'W_x/W': (f4, (20, 3)), 'W_x/b': (f4, (20,)), 'W_h1/W': (f4, (20, 4)),
      'W_h2/W': (f4, (20, 4))}),
    ('NStepLSTM', lambda: L.NStepLSTM(2, 3, 4, 0.0), _nstep_layout(2, 1, 8, 3, 4)),
    ('NStepBiLSTM', lambda: L.NStepBiLSTM(2, 3, 4, 0.0), _nstep_layout(2, 2, 8, 3, 4)),
    ('NStepGRU', lambda: L.NStepGRU(1, 3, 4, 0.0), _nstep_layout(1, 1, 6, 3, 4)),
    ('NStepBiGRU', lambda: L.NStepBiGRU(2, 3, 4, 0.0), _nstep_layout(2, 2, 6, 3, 4)),
    ('NStepRNNTanh', lambda: L.NStepRNNTanh(1, 3, 4, 0.0), _nstep_layout(1, 1, 2, 3, 4)),
    ('NStepBiRNNReLU', lambda: L.NStepBiRNNReLU(2, 3, 4, 0.0), _nstep_layout(2, 2, 2, 3, 4)),
    ('BlackOut', lambda: L.BlackOut(3, numpy.array([1, 2, 3, 4], numpy.int32), 2),
     {'W': (f4, (4, 3))}),
    ('NegativeSampling', lambda: L.NegativeSampling(3, [1, 2, 3, 4], 2), {'W': (f4, (4, 3))}),
    ('BinaryHierarchicalSoftmax', lambda: L.BinaryHierarchicalSoftmax(3, _huffman_tree()),
     {'W': (f4, (3, 3))}),
    ('CRF1d', lambda: L.CRF1d(3), {'cost': (f4, (3, 3))}),
    ('Classifier', lambda: L.Classifier(L.Linear(3, 4)),
     {'predictor/W': (f4, (4, 3)), 'predictor/b': (f4, (4,))}),
    ('Sequential', lambda: chainer.Sequential(L.Linear(3, 4), F.relu, L.Linear(4, 2)),
     {'0/W': (f4, (4, 3)), '0/b': (f4, (4,)), '1/W': (f4, (2, 4)), '1/b': (f4, (2,))}),
    ('ChainList', lambda: chainer.ChainList(L.Linear(3, 4), chainer.ChainList(L.Linear(4, 2))),
     {'0/W': (f4, (4, 3)), '0/b': (f4, (4,)), '1/0/W': (f4, (2, 4)), '1/0/b': (f4, (2,))}),
    ('Chain_with_persistents', _ChainWithPersistents,
     dict({'l1/W': (f4, (4, 3)), 'l1/b': (f4, (4,)), 'counter': (i8, ()), 'fval': (f8, ())},
          **_bn_layout('bn/', 4))),
]


def _fixture(layout, seed=0):
    # values of the layout: distinct random numbers (counts for the integer entries)
    rng = numpy.random.RandomState(seed)
    values = {}
    for key, (dtype, shape) in layout.items():
        if dtype == i8:
            values[key] = numpy.asarray(rng.randint(1, 100), dtype=dtype)
        else:
            values[key] = rng.uniform(-1, 1, shape).astype(dtype)
    return values


def _state(link):
    s = serializers.DictionarySerializer()
    s.save(link)
    return s.target


def _layout_of(arrays):
    return {key: (str(value.dtype), value.shape) for key, value in arrays.items()}


@pytest.mark.parametrize('make,layout', [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_save_npz_writes_v7_layout(make, layout, tmp_path):
    path = str(tmp_path / 'link.npz')
    serializers.save_npz(path, make())
    with numpy.load(path) as npz:
        assert _layout_of({key: npz[key] for key in npz.files}) == layout


@pytest.mark.parametrize('make,layout', [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_save_hdf5_writes_v7_layout(make, layout, tmp_path):
    h5py = pytest.importorskip('h5py')
    path = str(tmp_path / 'link.h5')
    serializers.save_hdf5(path, make())
    arrays = {}
    with h5py.File(path, 'r') as f:
        f.visititems(lambda name, obj: arrays.__setitem__(name, obj[()])
                     if isinstance(obj, h5py.Dataset) else None)
    assert _layout_of({k: numpy.asarray(v) for k, v in arrays.items()}) == layout


@pytest.mark.parametrize('make,layout', [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_load_npz_of_v7_layout(make, layout, tmp_path):
    path = str(tmp_path / 'v7_layout.npz')
    values = _fixture(layout)
    numpy.savez(path, **values)
    link = make()
    serializers.load_npz(path, link)
    state = _state(link)
    assert sorted(state) == sorted(layout)
    for key, value in values.items():
        numpy.testing.assert_array_equal(state[key], value, err_msg=key)


def test_load_npz_of_v7_layout_into_uninitialized_links(tmp_path):
    # v7 files of links built with in_size=None (or size=None) load before the first call
    path = str(tmp_path / 'v7_layout.npz')
    layout = {'l/W': (f4, (4, 3)), 'l/b': (f4, (4,)), 'lstm/upward/W': (f4, (16, 3)),
              'lstm/upward/b': (f4, (16,)), 'lstm/lateral/W': (f4, (16, 4)),
              'ln/gamma': (f4, (3,)), 'ln/beta': (f4, (3,))}
    values = _fixture(layout)
    numpy.savez(path, **values)
    chain = chainer.Chain()
    with chain.init_scope():
        chain.l = L.Linear(None, 4)
        chain.lstm = L.LSTM(None, 4)
        chain.ln = L.LayerNormalization()
    serializers.load_npz(path, chain)
    state = _state(chain)
    for key, value in values.items():
        numpy.testing.assert_array_equal(state[key], value, err_msg=key)
    assert chain.l(numpy.ones((2, 3), numpy.float32)).shape == (2, 4)
