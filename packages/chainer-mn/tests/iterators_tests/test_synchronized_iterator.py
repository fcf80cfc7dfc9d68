"""create_synchronized_iterator: the same shuffled order at every process."""
import numpy
import pytest

import chainer
import chainermn


@pytest.mark.parametrize('iterator_class', [chainer.iterators.SerialIterator,
                                            chainer.iterators.MultithreadIterator])
def test_same_batches_everywhere(comm, iterator_class):
    numpy.random.seed(comm.rank)  # different global random states
    actual = iterator_class(list(range(10)), 3, shuffle=True)
    it = chainermn.iterators.create_synchronized_iterator(actual, comm)
    batches = [next(it) for _ in range(7)]
    everywhere = comm.allreduce_obj([batches])
    assert all(other == batches for other in everywhere)
    assert sorted(sum(batches[:3], []) + batches[3][:1]) == list(range(10))
    assert it.epoch == 2 and it.batch_size == 3
    it.finalize()


def test_attributes_and_serialization(comm, tmp_path):
    actual = chainer.iterators.SerialIterator(list(range(10)), 4, shuffle=False)
    it = chainermn.iterators.create_synchronized_iterator(actual, comm)
    assert it.actual_iterator is actual
    assert next(it) == [0, 1, 2, 3]
    path = str(tmp_path / 'it{}.npz'.format(comm.rank))
    chainer.serializers.save_npz(path, it)
    other = chainer.iterators.SerialIterator(list(range(10)), 4, shuffle=False)
    chainer.serializers.load_npz(path, other)
    assert next(other) == [4, 5, 6, 7]
    it.reset()
    assert next(it) == [0, 1, 2, 3]


def test_order_sampler_without_random_state(comm):
    actual = chainer.iterators.SerialIterator(
        list(range(4)), 2, order_sampler=lambda order, position: order)
    with pytest.raises(ValueError, match='has no random state'):
        chainermn.iterators.create_synchronized_iterator(actual, comm)
