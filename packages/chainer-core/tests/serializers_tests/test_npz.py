"""NPZ serializers: v7 key layout, round trips, strictness, atomic writes, corrupt files."""

import io
import os
import pathlib
import pickle
import zipfile

import numpy
import pytest

import chainer
from chainer import optimizers
from chainer import serializers
from chainer import testing
from chainer.serializers import npz
from chainer.testing._serializer_models import (  # shared with test_hdf5.py
    Failing, Net, assert_same_params, assert_unreadable, uninitialized_link)


class Classifier(chainer.Chain):
    def __init__(self, seed=0):
        super().__init__()
        with self.init_scope():
            self.predictor = Net(seed)


def _v7_layout(model, prefix=''):
    return {prefix + k.lstrip('/'): p.array for k, p in model.namedparams()}


# --- DictionarySerializer -------------------------------------------------------------------

def test_dictionary_serializer_layout():
    model = Classifier(0)
    target = npz.serialize(model)
    assert sorted(target) == [
        'predictor/count', 'predictor/flag', 'predictor/l1/W', 'predictor/l1/b',
        'predictor/l2/W', 'predictor/l2/b', 'predictor/label', 'predictor/rate',
        'predictor/stats']
    s = serializers.DictionarySerializer()
    assert s.target == {} and s.path == ''
    child = s['/a/']['b']
    assert child.path == 'a/b/' and child.target is s.target
    value = numpy.arange(3)
    assert child('/x', value) is value
    assert child('y', None) is None
    assert list(s.target) == ['a/b/x', 'a/b/y']
    assert s.target['a/b/y'].dtype == object and s.target['a/b/y'][()] is None
    own = {}
    assert serializers.DictionarySerializer(own, 'p/')('k', 1) == 1
    assert list(own) == ['p/k']


@pytest.mark.parametrize('value,dtype', [
    (3, numpy.int64), (1.5, numpy.float64), (True, numpy.bool_),
    (numpy.float32(2), numpy.float32), ('abc', numpy.dtype('<U3'))])
def test_dictionary_serializer_stores_scalars_as_arrays(value, dtype):
    # as v7: a 0-dim array of the value (the value itself is returned)
    s = serializers.DictionarySerializer()
    assert s('k', value) == value
    stored = s.target['k']
    assert type(stored) is numpy.ndarray and stored.shape == () and stored.dtype == dtype
    assert stored[()] == value


def test_dictionary_serializer_stores_a_list_as_a_list_of_arrays():
    s = serializers.DictionarySerializer()
    s('k', [1, 2])
    stored = s.target['k']
    assert type(stored) is list and [type(a) for a in stored] == [numpy.ndarray] * 2
    assert [a[()] for a in stored] == [1, 2]


def test_dictionary_serializer_keeps_tuples_and_none_elements():
    # as v7: a tuple stays a tuple, a None element stays None (a None value is a 0-dim array)
    s = serializers.DictionarySerializer()
    s('t', (1, None))
    s('n', None)
    assert type(s.target['t']) is tuple and s.target['t'][1] is None
    assert s.target['t'][0][()] == 1
    assert s.target['n'].dtype == object and s.target['n'][()] is None


@pytest.mark.parametrize('value', [
    object(), {'a': 1}, [[1, 2], [3, 4]], chainer.Variable(numpy.ones(2, numpy.float32))])
def test_dictionary_serializer_rejects_non_array_values(value):
    # as v7: only arrays, scalars, strings, None and flat lists/tuples of them are stored
    with pytest.raises(TypeError):
        serializers.DictionarySerializer()('k', value)


# --- round trips ------------------------------------------------------------------------

@pytest.mark.parametrize('compression', [True, False])
def test_round_trip_file(tmp_path, compression):
    path = str(tmp_path / 'model.npz')
    src, dst = Classifier(0), Classifier(7)
    serializers.save_npz(path, src, compression=compression)
    with zipfile.ZipFile(path) as zf:
        types = {i.compress_type for i in zf.infolist()}
    assert types == {zipfile.ZIP_DEFLATED if compression else zipfile.ZIP_STORED}
    serializers.load_npz(path, dst)
    assert_same_params(src, dst)
    net = dst.predictor
    assert (net.count, net.rate, net.label, net.flag) == (0, 0.5, 'net0', False)
    assert type(net.count) is int and type(net.rate) is float
    assert type(net.label) is str and type(net.flag) is bool
    numpy.testing.assert_array_equal(net.stats, [0.0, 0.0])
    assert os.listdir(str(tmp_path)) == ['model.npz']


def test_round_trip_pathlike_and_file_object(tmp_path):
    src, dst = Classifier(0), Classifier(3)
    path = tmp_path / 'm.npz'
    serializers.save_npz(path, src)
    serializers.load_npz(pathlib.Path(path), dst)
    assert_same_params(src, dst)
    buf = io.BytesIO()
    serializers.save_npz(buf, src, compression=False)
    buf.seek(0)
    dst2 = Classifier(4)
    serializers.load_npz(buf, dst2)
    assert_same_params(src, dst2)


def test_arrays_are_loaded_in_place(tmp_path):
    path = str(tmp_path / 'm.npz')
    src, dst = Classifier(0), Classifier(1)
    serializers.save_npz(path, src)
    w = dst.predictor.l1.W.array
    stats = dst.predictor.stats
    serializers.load_npz(path, dst)
    assert dst.predictor.l1.W.array is w
    assert dst.predictor.stats is stats


def test_save_and_load_npz_helper():
    src, dst = Classifier(0), Classifier(1)
    testing.save_and_load_npz(src, dst)
    assert_same_params(src, dst)


def test_save_npz_of_serialized_dict(tmp_path):
    # A dict of serialized values (what the trainer's snapshot writers pass) is saved as is.
    src, dst = Classifier(0), Classifier(1)
    path = tmp_path / 'flat.npz'
    serializers.save_npz(path, npz.serialize(src))
    serializers.load_npz(path, dst)
    assert_same_params(src, dst)
    with numpy.load(path) as f:
        assert set(f.files) == set(npz.serialize(src))


def test_none_and_uninitialized_param(tmp_path):
    path = str(tmp_path / 'm.npz')
    src = uninitialized_link(None)
    serializers.save_npz(path, src)
    dst = uninitialized_link(5)
    serializers.load_npz(path, dst)
    assert dst.w.array is None
    assert dst.nothing is None


def test_loading_into_uninitialized_param_initializes_it(tmp_path):
    path = str(tmp_path / 'm.npz')
    numpy.savez(path, w=numpy.arange(6, dtype=numpy.float32).reshape(2, 3))
    dst = chainer.Link()
    with dst.init_scope():
        dst.w = chainer.Parameter(0.0)
    serializers.load_npz(path, dst)
    numpy.testing.assert_array_equal(dst.w.array, numpy.arange(6).reshape(2, 3))


# --- files in Chainer v7's layout, built by hand ------------------------------------------

def test_load_hand_built_v7_model_file(tmp_path):
    ref = Classifier(11)
    path = str(tmp_path / 'v7.npz')
    entries = _v7_layout(ref)
    entries.update({
        'predictor/count': numpy.asarray(11), 'predictor/rate': numpy.asarray(11.5),
        'predictor/label': numpy.asarray('net11'), 'predictor/flag': numpy.asarray(True),
        'predictor/stats': numpy.full((2,), 11.0, dtype=numpy.float32)})
    numpy.savez_compressed(path, **entries)
    dst = Classifier(0)
    serializers.load_npz(path, dst)
    assert_same_params(ref, dst)
    assert (dst.predictor.count, dst.predictor.label, dst.predictor.flag) == (11, 'net11', True)


def test_load_hand_built_v7_trainer_snapshot(tmp_path):
    # A trainer snapshot holds the model under 'updater/model:main/' and the optimizer state
    # under 'updater/optimizer:main/'.
    ref = Classifier(2)
    entries = _v7_layout(ref, 'updater/model:main/')
    entries.update({'updater/model:main/predictor/' + k: numpy.asarray(v) for k, v in [
        ('count', 2), ('rate', 2.5), ('label', 'net2'), ('flag', False)]})
    entries['updater/model:main/predictor/stats'] = numpy.zeros(2, dtype=numpy.float32)
    entries['updater/optimizer:main/t'] = numpy.asarray(7)
    entries['updater/optimizer:main/epoch'] = numpy.asarray(2)
    for k, p in ref.namedparams():
        base = 'updater/optimizer:main' + k + '/'
        entries[base + 't'] = numpy.asarray(7)
        entries[base + 'm'] = numpy.full(p.shape, 0.25, dtype=numpy.float32)
        entries[base + 'v'] = numpy.full(p.shape, 0.5, dtype=numpy.float32)
    entries['updater/iteration'] = numpy.asarray(7)
    path = str(tmp_path / 'snapshot_iter_7')
    numpy.savez(path + '.npz', **entries)
    os.rename(path + '.npz', path)

    model = Classifier(0)
    serializers.load_npz(path, model, path='updater/model:main/')
    assert_same_params(ref, model)
    opt = optimizers.Adam().setup(model)
    serializers.load_npz(path, opt, path='updater/optimizer:main/')
    assert (opt.t, opt.epoch) == (7, 2)
    for p in model.params():
        assert p.update_rule.t == 7
        numpy.testing.assert_array_equal(p.update_rule.state['m'], 0.25)
        numpy.testing.assert_array_equal(p.update_rule.state['v'], 0.5)
    # and our snapshot-style file has the same keys
    target = {}
    serializers.DictionarySerializer(target, 'updater/model:main/').save(model)
    serializers.DictionarySerializer(target, 'updater/optimizer:main/').save(opt)
    assert set(target) == set(entries) - {'updater/iteration'}


def test_v7_none_entry_is_read_without_unpickling(tmp_path, monkeypatch):
    path = str(tmp_path / 'none.npz')
    numpy.savez(path, **{'w': numpy.asarray(None), 'nothing': numpy.asarray(None)})

    def forbidden(*args, **kwargs):
        raise AssertionError('unpickling attempted')

    monkeypatch.setattr(pickle, 'load', forbidden)
    monkeypatch.setattr(pickle, 'loads', forbidden)
    monkeypatch.setattr(pickle, 'Unpickler', forbidden)
    dst = uninitialized_link(1)
    serializers.load_npz(path, dst)
    assert dst.w.array is None and dst.nothing is None


def test_object_array_is_rejected(tmp_path):
    path = str(tmp_path / 'obj.npz')
    numpy.savez(path, x=numpy.array([1, 'a'], dtype=object))
    link = chainer.Link()
    link.add_persistent('x', numpy.zeros(2))
    with pytest.raises(ValueError, match="unpickling") as e:
        serializers.load_npz(path, link)
    assert path in str(e.value) and "'x'" in str(e.value)


# --- strictness, ignore_names, mismatches ----------------------------------------------------

def test_missing_key_strict_names_file_and_key(tmp_path):
    path = str(tmp_path / 'partial.npz')
    entries = npz.serialize(Classifier(1))
    del entries['predictor/l2/b']
    numpy.savez(path, **entries)
    with pytest.raises(KeyError) as e:
        serializers.load_npz(path, Classifier(0))
    msg = str(e.value)
    assert 'predictor/l2/b' in msg and path in msg


def test_strict_false_skips_missing_keys(tmp_path):
    path = str(tmp_path / 'partial.npz')
    ref = Classifier(1)
    entries = _v7_layout(ref)
    del entries['predictor/l2/b']
    numpy.savez(path, **entries)
    dst = Classifier(0)
    before = dst.predictor.l2.b.array.copy()
    serializers.load_npz(path, dst, strict=False)
    numpy.testing.assert_array_equal(dst.predictor.l2.b.array, before)
    numpy.testing.assert_array_equal(dst.predictor.l2.W.array, ref.predictor.l2.W.array)
    assert dst.predictor.count == 0  # missing persistent kept


def test_strict_false_for_optimizer_state(tmp_path):
    # A model-only file loaded into an optimizer with strict=False leaves its state alone.
    path = str(tmp_path / 'opt.npz')
    numpy.savez(path, t=numpy.asarray(3))
    model = Classifier(0)
    opt = optimizers.MomentumSGD().setup(model)
    serializers.load_npz(path, opt, strict=False)
    assert opt.t == 3 and opt.epoch == 0
    for p in model.params():
        assert p.update_rule.state is None


@pytest.mark.parametrize('ignore', [
    ['predictor/l1/W', 'predictor/count'],
    lambda key: key in ('predictor/l1/W', 'predictor/count'),
    [lambda key: key == 'predictor/l1/W', 'predictor/count'],
])
def test_ignore_names(tmp_path, ignore):
    path = str(tmp_path / 'm.npz')
    src = Classifier(1)
    serializers.save_npz(path, src)
    dst = Classifier(0)
    before = dst.predictor.l1.W.array.copy()
    serializers.load_npz(path, dst, ignore_names=ignore)
    numpy.testing.assert_array_equal(dst.predictor.l1.W.array, before)
    numpy.testing.assert_array_equal(dst.predictor.l1.b.array, src.predictor.l1.b.array)
    assert dst.predictor.count == 0 and dst.predictor.label == 'net1'


def test_ignore_names_string_and_invalid(tmp_path):
    path = str(tmp_path / 'm.npz')
    serializers.save_npz(path, Classifier(1))
    dst = Classifier(0)
    serializers.load_npz(path, dst, ignore_names='predictor/label')
    assert dst.predictor.label == 'net0' and dst.predictor.count == 1
    with pytest.raises(ValueError):
        serializers.load_npz(path, Classifier(0), ignore_names=[1])


def test_ignored_key_may_be_missing_from_the_file(tmp_path):
    # as v7: ignore_names is looked at before the key is looked up
    path = str(tmp_path / 'm.npz')
    serializers.save_npz(path, Classifier(1))
    dst = Classifier(0)
    with dst.init_scope():
        dst.extra = chainer.Parameter(numpy.zeros(2, numpy.float32))
    with pytest.raises(KeyError):
        serializers.load_npz(path, dst)
    for ignore in ('extra', ['extra'], lambda key: key == 'extra'):
        serializers.load_npz(path, dst, ignore_names=ignore)
        assert dst.predictor.count == 1


def test_path_prefix(tmp_path):
    path = str(tmp_path / 'm.npz')
    src = Classifier(4)
    serializers.save_npz(path, src)
    net = Net(0)
    serializers.load_npz(path, net, path='predictor/')
    assert_same_params(src.predictor, net)


def test_shape_mismatch_names_file_and_key(tmp_path):
    path = str(tmp_path / 'm.npz')
    entries = _v7_layout(Classifier(1))
    entries['predictor/l1/W'] = numpy.zeros((2, 3), dtype=numpy.float32)
    numpy.savez(path, **entries)
    with pytest.raises(ValueError) as e:
        serializers.load_npz(path, Classifier(0), strict=False)
    msg = str(e.value)
    assert 'predictor/l1/W' in msg and path in msg and '(2, 3)' in msg


def test_scalar_type_mismatch(tmp_path):
    path = str(tmp_path / 'm.npz')
    numpy.savez(path, count=numpy.asarray(1.5))
    link = chainer.Link()
    link.add_persistent('count', 1)
    with pytest.raises(TypeError):
        serializers.load_npz(path, link)
    numpy.savez(path, count=numpy.asarray(numpy.int64(2 ** 40)))
    serializers.load_npz(path, link)
    assert link.count == 2 ** 40


def test_npz_deserializer_on_dict():
    d = {'a/x': numpy.arange(3.0), 'a/n': numpy.asarray(4)}
    de = serializers.NpzDeserializer(d)
    assert (de.path, de.strict, de.ignore_names) == ('', True, [])
    child = de['/a/']
    assert child.path == 'a/'
    x = numpy.zeros(3)
    assert child('x', x) is x
    numpy.testing.assert_array_equal(x, [0, 1, 2])
    assert child('n', 0) == 4
    numpy.testing.assert_array_equal(child('x', None), [0, 1, 2])
    with pytest.raises(KeyError):
        child('missing', 1)
    assert serializers.NpzDeserializer(d, strict=False)['a']('missing', 1) == 1


# --- corrupt and truncated files ------------------------------------------------------------

def _saved(tmp_path, compression=True):
    path = str(tmp_path / 'm.npz')
    serializers.save_npz(path, Classifier(1), compression=compression)
    with open(path, 'rb') as f:
        return path, f.read()


@pytest.mark.parametrize('cut', [0, 10, 0.5, -1])
def test_truncated_file(tmp_path, cut):
    path, data = _saved(tmp_path)
    n = int(len(data) * cut) if isinstance(cut, float) else (cut % len(data))
    assert_unreadable(serializers.load_npz, path, data[:n], Classifier(0))


def test_garbage_file(tmp_path):
    path = str(tmp_path / 'garbage.npz')
    assert_unreadable(serializers.load_npz, path, b'this is not an npz file' * 10,
                      Classifier(0))


def test_npy_instead_of_npz(tmp_path):
    path = str(tmp_path / 'x.npy')
    numpy.save(path, numpy.zeros(3))
    with pytest.raises(ValueError, match='not an NPZ archive'):
        serializers.load_npz(path, Classifier(0))


def test_missing_file(tmp_path):
    with pytest.raises(FileNotFoundError):
        serializers.load_npz(str(tmp_path / 'nope.npz'), Classifier(0))


def test_corrupt_member_names_key(tmp_path):
    path = str(tmp_path / 'm.npz')
    src = Classifier(1)
    src.predictor.l2.W.array[...] = numpy.arange(6, dtype=numpy.float32).reshape(3, 2) + 100
    serializers.save_npz(path, src, compression=False)
    with open(path, 'rb') as f:
        data = bytearray(f.read())
    pos = bytes(data).find(src.predictor.l2.W.array.tobytes())
    assert pos > 0
    data[pos + 5] ^= 0xFF
    with open(path, 'wb') as f:
        f.write(bytes(data))
    with pytest.raises(ValueError) as e:
        serializers.load_npz(path, Classifier(0))
    msg = str(e.value)
    assert 'predictor/l2/W' in msg and path in msg


# --- atomic writes ------------------------------------------------------------------------

def test_failing_serialize_leaves_no_file(tmp_path):
    path = str(tmp_path / 'm.npz')
    with pytest.raises(RuntimeError, match='boom'):
        serializers.save_npz(path, Failing())
    assert os.listdir(str(tmp_path)) == []


def test_failing_write_keeps_previous_file(tmp_path, monkeypatch):
    path = str(tmp_path / 'm.npz')
    serializers.save_npz(path, Classifier(1))
    with open(path, 'rb') as f:
        before = f.read()

    def broken_savez(file, **kwds):
        file.write(b'PK\x03\x04partial')
        raise OSError('disk full')

    monkeypatch.setattr(numpy, 'savez_compressed', broken_savez)
    with pytest.raises(OSError, match='disk full'):
        serializers.save_npz(path, Classifier(2))
    assert os.listdir(str(tmp_path)) == ['m.npz']
    with open(path, 'rb') as f:
        assert f.read() == before
    monkeypatch.undo()
    dst = Classifier(0)
    serializers.load_npz(path, dst)
    assert_same_params(Classifier(1), dst)


def test_saved_file_mode_follows_umask(tmp_path):
    path = str(tmp_path / 'm.npz')
    serializers.save_npz(path, Classifier(1))
    umask = os.umask(0o022)
    os.umask(umask)
    assert os.stat(path).st_mode & 0o777 == 0o666 & ~umask


def test_module_names():
    assert serializers.save_npz is npz.save_npz and serializers.load_npz is npz.load_npz
    assert serializers.DictionarySerializer is npz.DictionarySerializer
    assert serializers.NpzDeserializer is npz.NpzDeserializer
    assert issubclass(npz.DictionarySerializer, chainer.Serializer)
    assert issubclass(npz.NpzDeserializer, chainer.Deserializer)
    assert issubclass(chainer.Serializer, chainer.AbstractSerializer)
    assert issubclass(chainer.Deserializer, chainer.AbstractSerializer)
    from chainer import serializer
    assert chainer.AbstractSerializer is serializer.AbstractSerializer
    with pytest.raises(NotImplementedError):
        serializer.AbstractSerializer()('k', 1)
    with pytest.raises(NotImplementedError):
        serializer.AbstractSerializer()['k']


# --- a file that does not fit leaves the link untouched ---------------------------------------

def _state(model):
    params = {k: p.array.copy() for k, p in model.namedparams()}
    net = model.predictor
    return params, (net.count, net.rate, net.label, net.flag, net.stats.copy())


@pytest.mark.parametrize('damage, error, message', [
    ('missing', KeyError, "key 'predictor/l2/b' of '{}' is not in the archive (expected an "
                          'array of shape (3,))'),
    ('shape', ValueError, "shape mismatch at key 'predictor/l2/b' of '{}': stored (4,), "
                          'expected (3,)'),
    ('dtype', TypeError, "cannot load key 'predictor/l2/b' of '{}' into an array of dtype "
                         'float32: stored dtype complex64'),
])
def test_load_into_link_is_all_or_nothing(tmp_path, damage, error, message):
    path = str(tmp_path / 'bad.npz')
    entries = npz.serialize(Classifier(1))
    if damage == 'missing':
        del entries['predictor/l2/b']
    else:
        entries['predictor/l2/b'] = numpy.zeros(
            4 if damage == 'shape' else 3, numpy.complex64 if damage == 'dtype' else None)
    numpy.savez(path, **entries)
    dst = Classifier(7)
    params, persistents = _state(dst)
    with pytest.raises(error) as e:
        serializers.load_npz(path, dst)
    assert message.format(path) in str(e.value)
    # l1 and the persistents come before l2/b: nothing of them was loaded either
    for key, p in dst.namedparams():
        numpy.testing.assert_array_equal(p.array, params[key])
    after = _state(dst)[1]
    assert after[:4] == persistents[:4]
    numpy.testing.assert_array_equal(after[4], persistents[4])


def test_failed_load_leaves_uninitialized_parameter(tmp_path):
    path = str(tmp_path / 'bad.npz')
    numpy.savez(path, w=numpy.zeros((2, 2), numpy.float32), nothing=numpy.zeros(3))
    link = uninitialized_link(numpy.zeros(2))
    with pytest.raises(ValueError, match="'nothing'"):
        serializers.load_npz(path, link)
    assert link.w.array is None


def test_dry_run_follows_path_and_ignore_names(tmp_path):
    path = str(tmp_path / 'snapshot.npz')
    entries = {'updater/model:main/' + k: v for k, v in npz.serialize(Classifier(1)).items()}
    entries['updater/model:main/predictor/l2/b'] = numpy.zeros(4, numpy.float32)
    numpy.savez(path, **entries)
    dst = Classifier(7)
    serializers.load_npz(path, dst, path='updater/model:main/',
                         ignore_names='updater/model:main/predictor/l2/b')
    numpy.testing.assert_array_equal(dst.predictor.l1.W.array, Classifier(1).predictor.l1.W.array)
    numpy.testing.assert_array_equal(dst.predictor.l2.b.array, Classifier(7).predictor.l2.b.array)


def test_chainerx_link_round_trip(tmp_path):
    import chainerx
    src = Net(1)
    src.to_device('native:0')
    path = str(tmp_path / 'net.npz')
    serializers.save_npz(path, src)
    with numpy.load(path) as f:
        assert isinstance(f['l1/W'], numpy.ndarray)
    dst = Net(2)
    dst.to_device('native:1')
    serializers.load_npz(path, dst)
    assert isinstance(dst.l1.W.array, chainerx.ndarray)
    assert dst.l1.W.device == chainer.get_device('native:1')
    assert isinstance(dst.stats, chainerx.ndarray)
    numpy.testing.assert_array_equal(chainerx.to_numpy(dst.stats), [1, 1])
    src.to_device('@numpy')
    dst.to_device('@numpy')
    assert_same_params(src, dst)


def test_chainerx_shape_mismatch(tmp_path):
    path = str(tmp_path / 'net.npz')
    serializers.save_npz(path, Net(1))
    net = Net(0)
    net.to_device('native:0')
    net.l1.W.array = net.l1.W.array[:1]
    with pytest.raises(ValueError, match='shape mismatch'):
        serializers.load_npz(path, net)


def test_chainerx_load_into_link_is_all_or_nothing(tmp_path):
    import chainerx
    path = str(tmp_path / 'bad.npz')
    entries = npz.serialize(Classifier(1))
    entries['predictor/l2/b'] = numpy.zeros(4, numpy.float32)
    numpy.savez(path, **entries)
    dst = Classifier(7)
    dst.to_device('native:0')
    before = {k: chainerx.to_numpy(p.array) for k, p in dst.namedparams()}
    with pytest.raises(ValueError, match='shape mismatch'):
        serializers.load_npz(path, dst)
    for key, p in dst.namedparams():
        numpy.testing.assert_array_equal(chainerx.to_numpy(p.array), before[key])
