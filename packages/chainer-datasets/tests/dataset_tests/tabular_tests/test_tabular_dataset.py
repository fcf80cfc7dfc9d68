import unittest

import numpy
import pytest

from chainer import dataset
from chainer import testing


class Table(dataset.TabularDataset):
    """4 rows, columns a, b, c: the values 0..11 row by row."""

    def __init__(self, mode=tuple):
        self._mode = mode
        self.calls = []

    def __len__(self):
        return 4

    @property
    def keys(self):
        return ('a', 'b', 'c')

    @property
    def mode(self):
        return self._mode

    def get_examples(self, indices, key_indices):
        self.calls.append((indices, key_indices))
        data = numpy.arange(12).reshape(4, 3)
        if indices is not None:
            data = data[indices]
        if key_indices is not None:
            data = data[:, list(key_indices)]
        return tuple(data.T)


@testing.parameterize(
    {'mode': tuple, 'example': (3, 4, 5)},
    {'mode': dict, 'example': {'a': 3, 'b': 4, 'c': 5}},
)
class TestTabularDataset(unittest.TestCase):

    def setUp(self):
        self.dataset = Table(self.mode)

    def test_get_example(self):
        assert self.dataset.get_example(1) == self.example
        assert self.dataset[1] == self.example
        assert self.dataset.calls[0] == ([1], None)

    def test_getitem_many(self):
        assert self.dataset[1:3][0] == self.example
        assert len(self.dataset[[0, 3, 1]]) == 3

    def test_iter(self):
        examples = list(self.dataset)
        assert len(examples) == 4 and examples[1] == self.example

    def test_fetch(self):
        data = self.dataset.fetch()
        columns = data if self.mode is tuple else tuple(data[k] for k in 'abc')
        for i, column in enumerate(columns):
            numpy.testing.assert_array_equal(column, [i, i + 3, i + 6, i + 9])
        if self.mode is dict:
            assert set(data) == {'a', 'b', 'c'}

    def test_convert(self):
        converted = self.dataset.convert(self.dataset.fetch())
        values = converted if self.mode is tuple else tuple(converted.values())
        assert all(isinstance(v, numpy.ndarray) for v in values)

    def test_modes(self):
        assert self.dataset.astuple()[1] == (3, 4, 5)
        assert self.dataset.asdict()[1] == {'a': 3, 'b': 4, 'c': 5}
        assert self.dataset.astuple().mode is tuple
        assert self.dataset.asdict().mode is dict
        assert self.dataset.asdict().keys == ('a', 'b', 'c')


class TestConvertDefault(unittest.TestCase):

    def test_lists_become_arrays(self):
        converted = Table().convert(([1, 2], [[1, 2], [3, 4]], numpy.arange(2)))
        assert all(isinstance(c, numpy.ndarray) for c in converted)
        assert converted[1].shape == (2, 2)

    def test_arrays_are_kept(self):
        column = numpy.arange(3)
        assert Table().convert((column,))[0] is column

    def test_single_and_dict(self):
        numpy.testing.assert_array_equal(Table().convert([1, 2]), [1, 2])
        assert set(Table().convert({'a': [1]})) == {'a'}

    def test_empty_column(self):
        assert Table().convert(([],))[0].shape == (0,)


class TestAbstract(unittest.TestCase):

    def test_abstract_members(self):
        base = dataset.TabularDataset()
        with pytest.raises(NotImplementedError):
            len(base)
        with pytest.raises(NotImplementedError):
            base.keys
        with pytest.raises(NotImplementedError):
            base.mode
        with pytest.raises(NotImplementedError):
            base.get_examples(None, None)

    def test_is_a_dataset_mixin(self):
        assert isinstance(Table(), dataset.DatasetMixin)


testing.run_module(__name__, __file__)
