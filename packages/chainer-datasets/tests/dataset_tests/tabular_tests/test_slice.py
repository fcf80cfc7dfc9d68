import unittest

import numpy
import pytest

from chainer.dataset import tabular
from chainer import testing


def _table():
    return tabular.from_data((('a', numpy.arange(10)), ('b', [str(i) for i in range(10)]),
                              ('c', lambda i: i * i)))


def _column(dataset, key=0):
    return list(dataset.get_examples(None, (key,))[0])


@testing.parameterize(
    {'indices': slice(2, 8, 2), 'rows': [2, 4, 6]},
    {'indices': slice(None, None, -3), 'rows': [9, 6, 3, 0]},
    {'indices': slice(-3, None), 'rows': [7, 8, 9]},
    {'indices': slice(5, 2), 'rows': []},
    {'indices': [4, -1, 0, 0], 'rows': [4, 9, 0, 0]},
    {'indices': numpy.array([3, 1]), 'rows': [3, 1]},
    {'indices': numpy.arange(10) % 3 == 0, 'rows': [0, 3, 6, 9]},
    {'indices': [True, False] * 5, 'rows': [0, 2, 4, 6, 8]},
    {'indices': [], 'rows': []},
)
class TestSliceRows(unittest.TestCase):

    def test_rows(self):
        view = _table().slice[self.indices]
        assert len(view) == len(self.rows)
        assert view.keys == ('a', 'b', 'c') and view.mode is tuple
        assert _column(view) == self.rows
        assert [view[i] for i in range(len(view))] == [
            (r, str(r), r * r) for r in self.rows]

    def test_nested(self):
        view = _table().slice[self.indices]
        if len(self.rows) < 2:
            return
        nested = view.slice[::-1]
        assert _column(nested) == self.rows[::-1]
        nested = view.slice[[1, 0]]
        assert _column(nested) == [self.rows[1], self.rows[0]]
        nested = view.slice[1:]
        assert _column(nested) == self.rows[1:]


class TestSliceKeys(unittest.TestCase):

    def test_tuple_of_keys(self):
        view = _table().slice[[4, 2], ('c', 0)]
        assert view.keys == ('c', 'a') and view.mode is tuple
        assert view[0] == (16, 4)
        assert view.get_examples([1], (1,))[0].tolist() == [2]

    def test_single_key_gives_a_single_column(self):
        for key in ('b', 1, -2):
            view = _table().slice[:, key]
            assert view.keys == ('b',) and view.mode is None
            assert view[3] == '3'

    def test_one_key_tuple(self):
        view = _table().slice[:, ('b',)]
        assert view.mode is tuple and view[3] == ('3',)

    def test_no_keys(self):
        view = _table().slice[:, ()]
        assert view.keys == () and view.fetch() == ()

    def test_dict_mode_is_kept(self):
        view = _table().asdict().slice[1:3, ('c', 'a')]
        assert view.mode is dict and view[0] == {'c': 1, 'a': 1}

    def test_nested_keys(self):
        view = _table().slice[::2, ('c', 'a')].slice[1:, 1]
        assert view.keys == ('a',)
        assert list(view.fetch()) == [2, 4, 6, 8]


class TestSliceErrors(unittest.TestCase):

    def test_out_of_range(self):
        for index in (10, -11):
            with pytest.raises(IndexError, match='out of bounds for dataset with size 10'):
                _table().slice[[index]]

    def test_boolean_length(self):
        with pytest.raises(ValueError, match='number of booleans'):
            _table().slice[[True, False]]

    def test_zero_step(self):
        with pytest.raises(ValueError):
            _table().slice[::0]

    def test_integer_rows(self):
        with pytest.raises(TypeError, match='rows of a slice'):
            _table().slice[3]

    def test_float_rows(self):
        with pytest.raises(TypeError, match='not an integer'):
            _table().slice[[1.0]]

    def test_unknown_key(self):
        with pytest.raises(KeyError, match='z does not exists'):
            _table().slice[:, 'z']
        with pytest.raises(IndexError, match='out of bounds for keys with size 3'):
            _table().slice[:, 5]

    def test_too_many_arguments(self):
        with pytest.raises(ValueError, match='rows and keys'):
            _table().slice[1, 2, 3]


def test_array_columns_are_sliced_not_gathered():
    data = numpy.arange(10)
    view = tabular.from_data(('a', data)).slice[2:8]
    column = view.fetch()
    assert numpy.shares_memory(column, data)


def test_base_gets_the_slice_as_given(recording_table):
    # as v7: a view asks for all its rows with the user's slice, nested views compose
    base = recording_table(6)
    base.slice[1:5].fetch()
    base.slice[::-1, 'a'].fetch()
    base.slice[1:5].slice[::2].fetch()
    assert base.calls == [(slice(1, 5), None), (slice(None, None, -1), (0,)),
                          (slice(1, 5, 2), None)]


@pytest.mark.parametrize('keys', [['a'], ['a', 'b'], [True, False], 1.0, ('a', None)])
def test_keys_other_than_a_tuple_are_one_key(recording_table, keys):
    with pytest.raises(KeyError):  # as v7: only a tuple selects several keys
        recording_table(3).slice[:, keys]


def test_boolean_keys_are_integers(recording_table):
    assert recording_table(3).slice[:, (True, False)].keys == ('b', 'a')


testing.run_module(__name__, __file__)
