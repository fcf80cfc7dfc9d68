"""HDF5 serializers (h5py): v7 layout, round trips, strictness, atomic writes, errors."""

import os
import sys

import h5py
import numpy
import pytest

import chainer
from chainer import optimizers
from chainer import serializers
from chainer import testing
from chainer.serializers import hdf5
from chainer.testing._serializer_models import (  # shared with test_npz.py
    Failing, Leaf, Net, assert_same_params, assert_unreadable, uninitialized_link)


def test_round_trip_and_layout(tmp_path):
    path = str(tmp_path / 'm.h5')
    src, dst = Net(1), Net(5)
    serializers.save_hdf5(path, src)
    with h5py.File(path, 'r') as f:
        names = []
        f.visit(names.append)
        assert sorted(names) == ['count', 'flag', 'l1', 'l1/W', 'l1/b', 'l2', 'l2/W', 'l2/b',
                                 'label', 'rate', 'stats']
        assert f['l1/W'].compression == 'gzip'
        assert f['count'].compression is None
    serializers.load_hdf5(path, dst)
    assert_same_params(src, dst)
    assert (dst.count, dst.rate, dst.label, dst.flag) == (1, 1.5, 'net1', True)
    assert type(dst.count) is int and type(dst.label) is str and type(dst.flag) is bool
    numpy.testing.assert_array_equal(dst.stats, [1.0, 1.0])
    assert os.listdir(str(tmp_path)) == ['m.h5']


def test_save_and_load_hdf5_helper():
    src, dst = Net(1), Net(2)
    testing.save_and_load_hdf5(src, dst)
    assert_same_params(src, dst)


def test_save_hdf5_of_serialized_dict(tmp_path):
    # A dict of ``/``-joined keys (what the trainer's snapshot writers pass) becomes groups.
    src, dst = Net(1), Net(2)
    path = tmp_path / 'flat.h5'
    serializers.save_hdf5(path, serializers.npz.serialize(src))
    serializers.load_hdf5(path, dst)
    assert_same_params(src, dst)


def test_optimizer_round_trip(tmp_path):
    path = str(tmp_path / 'opt.h5')
    model = Net(0)
    opt = optimizers.Adam().setup(model)
    for p in model.params():
        p.grad = numpy.ones_like(p.array)
    opt.update()
    opt.new_epoch()
    serializers.save_hdf5(path, opt)
    with h5py.File(path, 'r') as f:
        assert set(f['l1/W']) == {'t', 'm', 'v'}
    model2 = Net(0)
    opt2 = optimizers.Adam().setup(model2)
    serializers.load_hdf5(path, opt2)
    assert (opt2.t, opt2.epoch) == (1, 1)
    numpy.testing.assert_array_equal(
        model2.l1.W.update_rule.state['m'], model.l1.W.update_rule.state['m'])


def test_load_hand_built_v7_file(tmp_path):
    path = str(tmp_path / 'v7.h5')
    ref = Net(3)
    with h5py.File(path, 'w') as f:
        for k, p in ref.namedparams():
            f.create_dataset(k.lstrip('/'), data=p.array)
        f.create_dataset('count', data=3)
        f.create_dataset('rate', data=3.5)
        f.create_dataset('label', data='net3')
        f.create_dataset('flag', data=True)
        f.create_dataset('stats', data=numpy.full(2, 3.0, dtype=numpy.float32))
    dst = Net(0)
    serializers.load_hdf5(path, dst)
    assert_same_params(ref, dst)
    assert (dst.count, dst.rate, dst.label, dst.flag) == (3, 3.5, 'net3', True)


def test_none_values(tmp_path):
    path = str(tmp_path / 'none.h5')
    src = uninitialized_link(None)
    serializers.save_hdf5(path, src)
    with h5py.File(path, 'r') as f:
        assert f['w'].shape is None
    dst = uninitialized_link(1)
    serializers.load_hdf5(path, dst)
    assert dst.w.array is None and dst.nothing is None


def test_missing_key_and_strict(tmp_path):
    path = str(tmp_path / 'partial.h5')
    ref = Net(2)
    serializers.save_hdf5(path, ref)
    with h5py.File(path, 'a') as f:
        del f['l2/b']
    with pytest.raises(KeyError) as e:
        serializers.load_hdf5(path, Net(0))
    assert "'/l2/b'" in str(e.value) and path in str(e.value)
    with h5py.File(path, 'a') as f:
        del f['count']
        del f['label']
    dst = Net(0)
    before = dst.l2.b.array.copy()
    with h5py.File(path, 'r') as f:
        serializers.HDF5Deserializer(f, strict=False).load(dst)
    numpy.testing.assert_array_equal(dst.l2.b.array, before)
    numpy.testing.assert_array_equal(dst.l2.W.array, ref.l2.W.array)
    assert dst.count == 0 and dst.label == 'net0'  # missing persistents are kept
    assert dst.rate == 2.5


def test_missing_group_non_strict(tmp_path):
    path = str(tmp_path / 'empty.h5')
    with h5py.File(path, 'w'):
        pass
    dst = Net(0)
    with h5py.File(path, 'r') as f:
        serializers.HDF5Deserializer(f, strict=False).load(dst)
        with pytest.raises(KeyError):
            serializers.HDF5Deserializer(f).load(dst)
    assert_same_params(Net(0), dst)


def test_missing_group_strict_fails_on_read(tmp_path):
    # as v7: a missing group is an error (a ValueError) only when a value is read from it
    path = str(tmp_path / 'g.h5')
    with h5py.File(path, 'w') as f:
        f.create_group('present')
    with h5py.File(path, 'r') as f:
        missing = serializers.HDF5Deserializer(f)['absent']
        assert missing.group is None and missing.strict
        child = missing['deeper']
        with pytest.raises(ValueError) as e:
            child('W', numpy.zeros(2, numpy.float32))
        assert "'/absent/deeper/W'" in str(e.value) and path in str(e.value)
        assert isinstance(e.value, KeyError)


def test_shape_mismatch(tmp_path):
    path = str(tmp_path / 'm.h5')
    with h5py.File(path, 'w') as f:
        f.create_dataset('W', data=numpy.zeros((2, 3), dtype=numpy.float32))
    link = Leaf(0)
    with pytest.raises(ValueError) as e:
        with h5py.File(path, 'r') as f:
            serializers.HDF5Deserializer(f, strict=False).load(link)
    assert "'/W'" in str(e.value) and path in str(e.value)
    assert isinstance(e.value, TypeError)  # what v7 raised (through h5py)


def test_corrupt_file(tmp_path):
    path = str(tmp_path / 'bad.h5')
    assert_unreadable(serializers.load_hdf5, path, b'not an hdf5 file' * 100, Net(0))


def test_truncated_file(tmp_path):
    path = str(tmp_path / 'm.h5')
    serializers.save_hdf5(path, Net(1))
    with open(path, 'rb') as f:
        data = f.read()
    assert_unreadable(serializers.load_hdf5, path, data[:len(data) // 2], Net(0))


def test_failing_write_is_atomic(tmp_path):
    path = str(tmp_path / 'm.h5')
    with pytest.raises(RuntimeError):
        serializers.save_hdf5(path, Failing())
    assert os.listdir(str(tmp_path)) == []
    serializers.save_hdf5(path, Net(1))
    with pytest.raises(RuntimeError):
        serializers.save_hdf5(path, Failing())
    assert os.listdir(str(tmp_path)) == ['m.h5']
    dst = Net(0)
    serializers.load_hdf5(path, dst)
    assert_same_params(Net(1), dst)


def test_serializer_child_paths(tmp_path):
    path = str(tmp_path / 'm.h5')
    with h5py.File(path, 'w') as f:
        s = serializers.HDF5Serializer(f, compression=0)
        assert s.compression == 0
        child = s['/updater/']['optimizer:main']
        assert child.group.name == '/updater/optimizer:main'
        value = numpy.arange(4)
        assert child('/x', value) is value
    with h5py.File(path, 'r') as f:
        numpy.testing.assert_array_equal(f['updater/optimizer:main/x'][()], numpy.arange(4))
        d = serializers.HDF5Deserializer(f)
        assert d.strict is True
        numpy.testing.assert_array_equal(d['updater']['optimizer:main']('x', None),
                                         numpy.arange(4))


def test_missing_h5py_raises_clear_error(monkeypatch):
    monkeypatch.setattr(hdf5, '_h5py', None)
    monkeypatch.setitem(sys.modules, 'h5py', None)
    with pytest.raises(ImportError, match='pip install h5py') as e:
        serializers.save_hdf5('never-written.h5', Net(0))
    assert isinstance(e.value, RuntimeError)  # what Chainer v7 raised
    with pytest.raises(ImportError):
        serializers.load_hdf5('never-read.h5', Net(0))
    with pytest.raises(ImportError):
        serializers.HDF5Serializer(None)
    assert not os.path.exists('never-written.h5')


def test_module_names():
    assert serializers.save_hdf5 is hdf5.save_hdf5 and serializers.load_hdf5 is hdf5.load_hdf5
    assert serializers.HDF5Serializer is hdf5.HDF5Serializer
    assert serializers.HDF5Deserializer is hdf5.HDF5Deserializer
    assert issubclass(hdf5.HDF5Serializer, chainer.Serializer)
    assert issubclass(hdf5.HDF5Deserializer, chainer.Deserializer)


@pytest.mark.parametrize('damage, error, message', [
    ('missing', KeyError, "key '/l2/b' of '{}' is not in the file (expected an array of "
                          'shape (3,))'),
    ('shape', ValueError, "shape mismatch at key '/l2/b' of '{}': stored (4,), expected (3,)"),
])
def test_load_into_link_is_all_or_nothing(tmp_path, damage, error, message):
    path = str(tmp_path / 'bad.h5')
    serializers.save_hdf5(path, Net(1))
    with h5py.File(path, 'a') as f:
        del f['l2/b']
        if damage == 'shape':
            f['l2'].create_dataset('b', data=numpy.zeros(4, numpy.float32))
    dst = Net(7)
    params = {k: p.array.copy() for k, p in dst.namedparams()}
    with pytest.raises(error) as e:
        serializers.load_hdf5(path, dst)
    assert message.format(path) in str(e.value)
    for key, p in dst.namedparams():
        numpy.testing.assert_array_equal(p.array, params[key])
    assert (dst.count, dst.rate, dst.label) == (7, 7.5, 'net7')


def test_chainerx_link_round_trip(tmp_path):
    import chainerx
    src = Net(1)
    src.to_device('native:0')
    path = str(tmp_path / 'net.h5')
    serializers.save_hdf5(path, src)
    dst = Net(2)
    dst.to_device('native:0')
    serializers.load_hdf5(path, dst)
    assert isinstance(dst.l2.W.array, chainerx.ndarray)
    src.to_device('@numpy')
    dst.to_device('@numpy')
    assert_same_params(src, dst)


def test_module_flag_as_v7(monkeypatch, tmp_path):
    # v7's tests skip on, or set, the module's _available flag.
    assert hdf5._available is True
    monkeypatch.setattr(hdf5, '_available', False)
    for call in (lambda: hdf5.HDF5Serializer(None), lambda: hdf5.HDF5Deserializer(None),
                 lambda: hdf5.save_hdf5(str(tmp_path / 'x.h5'), chainer.Link())):
        with pytest.raises(RuntimeError, match='h5py is not installed'):
            call()
    assert not (tmp_path / 'x.h5').exists()
