import unittest

import numpy
import pytest

import chainer
from chainer.dataset import tabular
from chainer import testing


def _table():
    return tabular.from_data((('a', numpy.arange(5)), ('b', list('vwxyz'))))


class TestTransform(unittest.TestCase):

    def test_tuple_output(self):
        dataset = _table().transform(('x', 'y'), lambda a, b: (a + 1, b * 2))
        assert dataset.keys == ('x', 'y') and dataset.mode is tuple
        assert dataset[1] == (2, 'ww')
        x, y = dataset.fetch()
        assert list(x) == [1, 2, 3, 4, 5] and y[0] == 'vv'

    def test_dict_output(self):
        dataset = _table().transform(('x', 'y'), lambda a, b: {'y': b, 'x': a})
        assert dataset.mode is dict and dataset[4] == {'x': 4, 'y': 'z'}

    def test_single_output(self):
        for keys in ('x', ('x',)):
            dataset = _table().transform(keys, lambda a, b: a * 10)
            assert dataset.keys == ('x',) and dataset.mode is None
            assert dataset[2] == 20

    def test_dict_input_as_keywords(self):
        dataset = _table().asdict().transform('x', lambda **example: example['b'])
        assert dataset[0] == 'v'

    def test_single_input(self):
        dataset = tabular.from_data(('a', [1, 2])).transform(('x', 'y'), lambda a: (a, -a))
        assert dataset[1] == (2, -2)

    def test_runs_on_access(self):
        calls = []

        def transform(a, b):
            calls.append(int(a))
            return a

        dataset = _table().transform('x', transform)
        assert calls == []
        assert dataset.mode is None  # found from the first example, once
        assert calls == [0]
        dataset.slice[[3]].fetch()
        assert dataset.mode is None
        assert calls == [0, 3]

    def test_mode_of_an_empty_dataset(self):
        empty = _table().slice[:0]
        assert empty.transform(('x', 'y'), lambda a, b: (a, b)).mode is tuple
        assert empty.transform('x', lambda a, b: a).mode is None

    def test_mode_none_passes_every_column(self):
        # A dataset of mode None gives its columns positionally, as v7 (even with several keys).
        class Unnamed(chainer.dataset.TabularDataset):
            keys = ('a', 'b')
            mode = None

            def __len__(self):
                return 2

            def get_examples(self, indices, key_indices):
                rows = numpy.arange(2)[indices if indices is not None else slice(None)]
                return list(rows + 1), list((rows + 1) * 10)

        assert Unnamed().transform('x', lambda a, b: a + b)[1] == 22
        assert list(Unnamed().transform_batch('x', lambda a, b: b).fetch()) == [10, 20]

    def test_wrong_outputs(self):
        # as v7: IndexError for too few values, KeyError for a missing key
        with pytest.raises(IndexError, match='1 value\\(s\\) for the 2 keys'):
            _table().transform(('x', 'y'), lambda a, b: (a,))[0]
        with pytest.raises(KeyError, match="'y'"):
            _table().transform(('x', 'y'), lambda a, b: {'x': a})[0]
        with pytest.raises(IndexError):
            _table().transform(('x', 'y'), lambda a, b: a).fetch()

    def test_extra_outputs_are_ignored(self):
        # as v7
        dataset = _table().transform(('x',), lambda a, b: (a, b))
        assert dataset.mode is tuple and dataset[1] == (1,)
        dataset = _table().transform(('x',), lambda a, b: {'x': a, 'z': b})
        assert dataset.mode is dict and dataset[2] == {'x': 2}


class TestTransformBatch(unittest.TestCase):

    def test_tuple_output(self):
        dataset = _table().transform_batch(('x',), lambda a, b: (numpy.asarray(a) * 3,))
        assert dataset.mode is tuple and dataset[2] == (6,)
        numpy.testing.assert_array_equal(dataset.fetch()[0], numpy.arange(5) * 3)

    def test_single_and_dict(self):
        dataset = _table().transform_batch('x', lambda a, b: a + 1)
        assert dataset.mode is None and list(dataset.fetch()) == [1, 2, 3, 4, 5]
        dataset = _table().asdict().transform_batch(('x', 'y'), lambda a, b: {'x': b, 'y': a})
        assert dataset.mode is dict and dataset[1] == {'x': 'w', 'y': 1}

    def test_called_once_per_fetch(self):
        calls = []

        def transform_batch(a, b):
            calls.append(len(a))
            return a

        dataset = _table().transform_batch('x', transform_batch)
        assert dataset.mode is None and calls == [1]
        dataset.slice[1:4].fetch()
        assert calls == [1, 3]

    def test_length_must_not_change(self):
        dataset = _table().transform_batch('x', lambda a, b: a[:2])
        with pytest.raises(ValueError, match='must not change the length'):
            dataset.fetch()


def test_batch_mode_from_the_first_output():
    # as v7: the mode is that of the outputs already computed; asking for it first
    # transforms the first row alone
    def transform_batch(a, b):
        return {'s': [1, 2], 't': [3, 4]}

    dataset = _table().transform_batch(('s', 't'), transform_batch)
    assert dataset.slice[:2].fetch() == {'s': [1, 2], 't': [3, 4]}
    assert dataset.mode is dict
    with pytest.raises(ValueError, match='length'):
        _table().transform_batch(('s', 't'), transform_batch).mode


testing.run_module(__name__, __file__)
