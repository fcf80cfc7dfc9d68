"""Snapshots of Chainer v7 (without the random state of the order sampler) still load.

``tests/data/v7_iterators.{npz,h5}`` were written by Chainer v7.8.1 (``save_npz`` and
``save_hdf5`` of an object whose ``serialize`` saves three iterators under ``serial``,
``multiprocess`` and ``multithread``): each iterator over ``list(range(10))``, batch 3,
default shuffling, after two batches.
"""
import os

import numpy
import pytest

from chainer import iterators
from chainer import serializers
from chainer import testing

_DATA = os.path.join(os.path.dirname(os.path.dirname(__file__)), 'data')

_ITERATORS = {
    'serial': (lambda: iterators.SerialIterator(list(range(10)), 3), 'order'),
    'multiprocess': (
        lambda: iterators.MultiprocessIterator(list(range(10)), 3, n_processes=1), 'order'),
    'multithread': (lambda: iterators.MultithreadIterator(list(range(10)), 3), '_order'),
}


def _load_v7_snapshot(name, it, fmt):
    if fmt == 'hdf5':
        h5py = pytest.importorskip('h5py', reason='h5py (chainer-core[hdf5]) is not installed')
        with h5py.File(os.path.join(_DATA, 'v7_iterators.h5'), 'r') as f:
            serializers.HDF5Deserializer(f[name]).load(it)
    else:
        serializers.load_npz(os.path.join(_DATA, 'v7_iterators.npz'), it, path=name + '/')


@pytest.mark.parametrize('fmt', ['npz', 'hdf5'])
@pytest.mark.parametrize('name', sorted(_ITERATORS))
def test_v7_snapshot_loads_and_leaves_the_random_state(fmt, name):
    make, order_key = _ITERATORS[name]
    with numpy.load(os.path.join(_DATA, 'v7_iterators.npz')) as npz:
        order = npz['{}/{}'.format(name, order_key)].tolist()
    with make() as it:
        numpy.random.seed(11)
        _load_v7_snapshot(name, it, fmt)
        assert (it.epoch, it.current_position, it.is_new_epoch) == (0, 6, False)
        assert it.epoch_detail == pytest.approx(0.6)
        assert it.previous_epoch_detail == pytest.approx(0.3)
        # as in Chainer v7: the next epoch is drawn from the random state as it is
        next_order = numpy.random.RandomState(11).permutation(10).tolist()
        assert next(it) == order[6:9]
        assert next(it) == order[9:] + next_order[:2]
        assert it.is_new_epoch and it.epoch == 1
        assert next(it) == next_order[2:5]


def test_non_strict_load_restores_the_random_state():
    random = numpy.random.RandomState(3)
    it = iterators.SerialIterator(list(range(6)), 4,
                                  order_sampler=iterators.ShuffleOrderSampler(random))
    next(it)
    target = {}
    it.serialize(serializers.DictionarySerializer(target))
    expected = [next(it) for _ in range(4)]
    resumed = iterators.SerialIterator(
        list(range(6)), 4, order_sampler=iterators.ShuffleOrderSampler(
            numpy.random.RandomState(0)))
    resumed.serialize(serializers.NpzDeserializer(target, strict=False))
    assert [next(resumed) for _ in range(4)] == expected


def test_random_state_of_another_bit_generator_is_not_saved():
    random = numpy.random.RandomState(numpy.random.PCG64(0))
    it = iterators.SerialIterator(list(range(6)), 4,
                                  order_sampler=iterators.ShuffleOrderSampler(random))
    target = {}
    it.serialize(serializers.DictionarySerializer(target))
    assert not any(key.startswith('order_sampler') for key in target)


testing.run_module(__name__, __file__)
