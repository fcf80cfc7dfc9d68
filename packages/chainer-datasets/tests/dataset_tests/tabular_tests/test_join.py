import unittest

import numpy
import pytest

from chainer.dataset import tabular
from chainer import testing


class TestJoin(unittest.TestCase):

    def setUp(self):
        self.left = tabular.from_data((('a', numpy.arange(5)), ('b', list('vwxyz'))))
        self.right = tabular.from_data({'c': lambda i: -i, 'd': numpy.arange(5) * 10},
                                       size=5)

    def test_columns(self):
        joined = self.left.join(self.right)
        assert joined.keys == ('a', 'b', 'c', 'd') and joined.mode is tuple
        assert joined[3] == (3, 'y', -3, 30)
        assert len(joined) == 5

    def test_mode_of_the_first(self):
        assert self.right.join(self.left).mode is dict

    def test_get_examples_asks_each_dataset_once(self):
        joined = self.left.join(self.right)
        c, a = joined.get_examples([1, 2], (2, 0))
        assert c == [-1, -2] and list(a) == [1, 2]

    def test_three(self):
        third = tabular.from_data(('e', [0, 1, 2, 3, 4]))
        assert self.left.join(self.right, third)[2] == (2, 'x', -2, 20, 2)

    def test_join_a_single_column(self):
        joined = tabular.from_data(('e', [0, 1, 2, 3, 4])).join(self.left)
        assert joined.mode is tuple and joined[1] == (1, 1, 'w')

    def test_duplicate_keys(self):
        with pytest.raises(ValueError, match='unique'):
            self.left.join(self.left)

    def test_different_lengths(self):
        with pytest.raises(ValueError, match='same length'):
            self.left.join(self.right.slice[:3])


@pytest.mark.parametrize('modes,expected', [
    ((None, dict), dict), ((None, None, tuple), tuple), ((None, None), tuple),
    ((dict, tuple), dict), ((tuple, dict), tuple)])
def test_mode_is_the_first_not_none(recording_table, modes, expected):
    # as v7
    datasets = [recording_table(3, keys=('k{}'.format(i),), mode=mode)
                for i, mode in enumerate(modes)]
    assert datasets[0].join(*datasets[1:]).mode is expected


def test_all_keys_are_asked_as_none(recording_table):
    left = recording_table(3)
    right = recording_table(3, keys=('c',))
    assert left.join(right).get_examples([2], None) == ([2], [20], [2])
    assert left.calls == [([2], None)] and right.calls == [([2], None)]


testing.run_module(__name__, __file__)
