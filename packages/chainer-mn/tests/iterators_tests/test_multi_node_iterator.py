"""create_multi_node_iterator: every process gets the batches of the master."""
import numpy
import pytest

import chainer
import chainermn


def _iterator(comm, rank_master, **kwargs):
    dataset = [(numpy.full(2, i, numpy.float32), i) for i in range(10)]
    kwargs.setdefault('shuffle', True)
    actual = chainer.iterators.SerialIterator(
        dataset if comm.rank == rank_master else [], 3, **kwargs)
    return chainermn.iterators.create_multi_node_iterator(actual, comm, rank_master)


@pytest.mark.parametrize('rank_master', [0, -1])
def test_batches_and_progress_are_the_masters(comm, rank_master):
    rank_master %= comm.size
    numpy.random.seed(comm.rank)
    it = _iterator(comm, rank_master)
    seen = []
    for _ in range(5):
        batch = next(it)
        seen.append(([int(t) for _, t in batch], it.epoch, it.is_new_epoch, it.epoch_detail,
                     it.previous_epoch_detail, it.current_position))
    everywhere = comm.allreduce_obj([seen])
    assert all(other == seen for other in everywhere)
    assert seen[3][1] == 1 and seen[3][2] is True  # the fourth batch crosses the epoch
    assert it.batch_size == 3


def test_non_repeating_iterator_stops_everywhere(comm):
    it = _iterator(comm, 0, repeat=False, shuffle=False)
    batches = [batch for batch in it]
    assert [len(b) for b in batches] == [3, 3, 3, 1]
    it.reset()
    assert [int(t) for _, t in next(it)] == [0, 1, 2]


def test_serialize_synchronizes_the_progress(comm, tmp_path):
    it = _iterator(comm, 0, shuffle=False)
    next(it)
    next(it)
    path = str(tmp_path / 'it{}.npz'.format(comm.rank))
    chainer.serializers.save_npz(path, it)
    restored = _iterator(comm, 0, shuffle=False)
    chainer.serializers.load_npz(path, restored)
    assert restored.current_position == 6 and restored.epoch == 0
    assert [int(t) for _, t in next(restored)] == [6, 7, 8]


def test_serialization_keys_of_the_other_processes(comm, need_processes):
    # as v7: they write the progress they mirror and an empty order
    need_processes(2)
    it = _iterator(comm, 0, shuffle=False)
    next(it)
    saved = {}
    it.serialize(chainer.serializers.DictionarySerializer(saved))
    if comm.rank != 0:
        assert sorted(saved) == ['current_position', 'epoch', 'is_new_epoch', 'order']
        assert int(saved['current_position']) == 3 and int(saved['epoch']) == 0
        assert not bool(saved['is_new_epoch']) and saved['order'].item() is None
    else:
        assert 'previous_epoch_detail' in saved


def test_finalize_reaches_the_masters_iterator(comm):
    it = _iterator(comm, 0)
    finalized = []
    if comm.rank == 0:
        it.actual_iterator.finalize = lambda: finalized.append(True)
    it.finalize()
    assert finalized == ([True] if comm.rank == 0 else [])
