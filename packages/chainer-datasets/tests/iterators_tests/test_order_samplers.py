import importlib
import unittest

import numpy
import pytest

from chainer import iterators
from chainer import testing


class TestShuffleOrderSampler(unittest.TestCase):

    def test_permutation_from_the_random_state(self):
        sampler = iterators.ShuffleOrderSampler(numpy.random.RandomState(0))
        order = sampler(numpy.arange(6), 2)
        numpy.testing.assert_array_equal(
            order, numpy.random.RandomState(0).permutation(6))

    def test_length_follows_the_current_order(self):
        sampler = iterators.ShuffleOrderSampler()
        order = sampler(numpy.arange(4)[::-1], 0)
        assert sorted(order) == [0, 1, 2, 3]

    def test_default_is_the_global_random_state(self):
        sampler = iterators.ShuffleOrderSampler()
        numpy.random.seed(3)
        first = sampler(numpy.arange(8), 0)
        numpy.random.seed(3)
        numpy.testing.assert_array_equal(sampler(numpy.arange(8), 0), first)

    def test_is_an_order_sampler(self):
        assert isinstance(iterators.ShuffleOrderSampler(), iterators.OrderSampler)


class TestOrderSampler(unittest.TestCase):

    def test_abstract(self):
        with pytest.raises(NotImplementedError):
            iterators.OrderSampler()(numpy.arange(3), 0)


testing.run_module(__name__, __file__)


@pytest.mark.parametrize('module', ['serial_iterator', 'multiprocess_iterator',
                                    'multithread_iterator'])
def test_iterator_modules_expose_shuffle_order_sampler(module):
    # as v7, whose iterator modules import the sampler under this name
    imported = importlib.import_module('chainer.iterators.' + module)
    assert imported.ShuffleOrderSampler is iterators.ShuffleOrderSampler
