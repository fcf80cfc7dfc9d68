import unittest

import numpy
import pytest

from chainer.dataset import tabular
from chainer import testing


def _part(start, stop):
    return tabular.from_data((('a', numpy.arange(start, stop)),
                              ('b', [str(i) for i in range(start, stop)])))


class TestConcat(unittest.TestCase):

    def setUp(self):
        self.dataset = _part(0, 4).concat(_part(4, 6), _part(6, 10))

    def test_rows(self):
        assert len(self.dataset) == 10
        assert self.dataset.keys == ('a', 'b') and self.dataset.mode is tuple
        assert [self.dataset[i] for i in range(10)] == [(i, str(i)) for i in range(10)]

    def test_fetch(self):
        a, b = self.dataset.fetch()
        assert list(a) == list(range(10)) and b == [str(i) for i in range(10)]

    def test_get_examples(self):
        assert self.dataset.get_examples([9, 3, 4, 0, -1], (1,)) == (
            ['9', '3', '4', '0', '9'],)
        assert list(self.dataset.get_examples(slice(2, 8), (0,))[0]) == list(range(2, 8))
        assert list(self.dataset.get_examples(slice(8, 1, -3), None)[0]) == [8, 5, 2]

    def test_slice_of_concat(self):
        view = self.dataset.slice[3:7, 'a']
        assert list(view.fetch()) == [3, 4, 5, 6]

    def test_no_other_dataset(self):
        single = _part(0, 3).concat()
        assert len(single) == 3 and single[2] == (2, '2')

    def test_mode_of_the_first(self):
        assert _part(0, 2).asdict().concat(_part(0, 2)).mode is dict

    def test_out_of_range(self):
        with pytest.raises(IndexError):
            self.dataset.get_examples([10], None)

    def test_different_keys(self):
        with pytest.raises(ValueError, match='same keys'):
            _part(0, 2).concat(_part(0, 2).slice[:, ('b', 'a')])

    def test_not_tabular(self):
        with pytest.raises(TypeError, match='not a TabularDataset'):
            _part(0, 2).concat([1, 2])


@pytest.mark.parametrize('indices,expected_a,expected_b', [
    # each dataset is asked once, with the slice or the rows that fall in it (as v7)
    (None, None, None),
    ([1, 9, 10, 11], [1, 9], [0, 1]),
    ([11, 1, 12, 0], [1, 0], [1, 2]),
    ([12], 'not called', [2]),
    (slice(None), slice(0, 10, 1), slice(0, 5, 1)),
    (slice(4, 12), slice(4, 10, 1), slice(0, 2, 1)),
    (slice(None, None, 3), slice(0, 10, 3), slice(2, 5, 3)),
    (slice(None, None, -1), slice(10, None, -1), slice(4, None, -1)),
    (slice(None, None, -3), slice(8, None, -3), slice(4, None, -3)),
    (slice(12, 3, -1), slice(10, 3, -1), slice(2, None, -1)),
    (slice(0, 3), slice(0, 3, 1), 'not called'),
])
def test_get_examples_of_each_dataset(recording_table, indices, expected_a, expected_b):
    a, b = recording_table(10), recording_table(5)
    columns = a.concat(b).get_examples(indices, None)
    rows = (list(range(10)) + list(range(5)))[slice(None) if indices is None else indices] \
        if not isinstance(indices, list) else [(list(range(10)) + list(range(5)))[i]
                                               for i in indices]
    assert columns == (rows, [10 * r for r in rows])
    for dataset, expected in ((a, expected_a), (b, expected_b)):
        if expected == 'not called':
            assert dataset.calls == []
        else:
            assert dataset.calls == [(expected, None)]


def test_negative_steps_read_the_right_rows(recording_table):
    dataset = recording_table(10).concat(recording_table(5))
    everything = list(range(10)) + list(range(5))
    for step in (-1, -2, -3, -4):
        for start in (None, 14, 11, 10, 9, 3):
            for stop in (None, 9, 2):
                indices = slice(start, stop, step)
                assert dataset.get_examples(indices, (0,)) == (everything[indices],)


testing.run_module(__name__, __file__)
