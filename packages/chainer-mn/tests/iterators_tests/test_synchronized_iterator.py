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
    actual = chainer.iterators.SerialIterator(list(range(10)), 4)
    it = chainermn.iterators.create_synchronized_iterator(actual, comm)
    assert it.actual_iterator is actual
    first = next(it)
    path = str(tmp_path / 'it{}.npz'.format(comm.rank))
    chainer.serializers.save_npz(path, it)
    expected = next(it)
    other = chainer.iterators.SerialIterator(list(range(10)), 4)
    chainer.serializers.load_npz(path, other)
    assert next(other) == expected
    it.reset()
    assert len(next(it)) == len(first) == 4


def test_an_iterator_without_shuffling_shuffles_alike_everywhere(comm):
    # as v7: the order sampler is replaced by a seeded ShuffleOrderSampler
    numpy.random.seed(comm.rank)
    actual = chainer.iterators.SerialIterator(list(range(20)), 20, shuffle=False)
    it = chainermn.iterators.create_synchronized_iterator(actual, comm)
    assert isinstance(actual.order_sampler, chainer.iterators.ShuffleOrderSampler)
    batch = next(it)
    everywhere = comm.allreduce_obj([batch])
    assert all(other == batch for other in everywhere)
    assert sorted(batch) == list(range(20)) and batch != list(range(20))


def test_custom_order_sampler_is_replaced(comm):
    actual = chainer.iterators.SerialIterator(
        list(range(4)), 2, order_sampler=lambda order, position: order)
    chainermn.iterators.create_synchronized_iterator(actual, comm)
    assert isinstance(actual.order_sampler, chainer.iterators.ShuffleOrderSampler)


def test_seed_is_drawn_from_the_global_random_state_of_rank_0(comm):
    # as v7: randint(0, 2 ** 32) of rank 0 seeds the shuffling everywhere
    numpy.random.seed(5 + comm.rank)
    actual = chainer.iterators.SerialIterator(list(range(7)), 7, shuffle=False)
    expected_seed = numpy.random.RandomState(5).randint(0, 2 ** 32)
    it = chainermn.iterators.create_synchronized_iterator(actual, comm)
    assert next(it) == list(numpy.random.RandomState(expected_seed).permutation(7))


def test_an_iterator_without_order_sampler_is_refused(comm):
    class Plain(chainer.dataset.Iterator):
        def __next__(self):
            return [0]

    with pytest.raises(ValueError, match='must have order_sampler'):
        chainermn.iterators.create_synchronized_iterator(Plain(), comm)
