"""create_empty_dataset: as many empty examples as the dataset has."""
import numpy

import chainer
from chainermn.datasets import create_empty_dataset


def test_empty_dataset_of_a_list():
    empty = create_empty_dataset(list(range(5)))
    assert len(empty) == 5
    assert all(example == () for example in empty)


def test_empty_dataset_of_a_tuple_dataset():
    dataset = chainer.datasets.TupleDataset(numpy.arange(3), numpy.arange(3))
    empty = create_empty_dataset(dataset)
    assert len(empty) == 3
    assert empty[2] == ()


def test_an_iterator_over_it_gives_empty_examples():
    it = chainer.iterators.SerialIterator(create_empty_dataset(list(range(4))), 2,
                                          repeat=False, shuffle=False)
    assert [batch for batch in it] == [[(), ()], [(), ()]]
