import unittest

import numpy

from chainer.dataset import tabular
from chainer import testing


def _table():
    return tabular.from_data((('a', numpy.arange(3)), ('b', ['x', 'y', 'z'])))


class TestWithConverter(unittest.TestCase):

    def test_tuple_mode(self):
        dataset = _table().with_converter(lambda a, b: ('converted', list(a), b))
        assert dataset.convert(dataset.fetch()) == ('converted', [0, 1, 2], ['x', 'y', 'z'])
        assert dataset[1] == (1, 'y')

    def test_dict_mode_passes_keywords(self):
        dataset = _table().asdict().with_converter(lambda **columns: sorted(columns))
        assert dataset.convert(dataset.fetch()) == ['a', 'b']

    def test_single_column(self):
        dataset = tabular.from_data(('a', [1, 2])).with_converter(lambda a: sum(a))
        assert dataset.convert(dataset.fetch()) == 3

    def test_views_use_the_converter(self):
        dataset = _table().with_converter(lambda *columns: len(columns[0]))
        view = dataset.slice[:2]
        assert view.convert(view.fetch()) == 2
        both = dataset.concat(_table())
        assert both.convert(both.fetch()) == 6
        transformed = dataset.transform(('c', 'd'), lambda a, b: (b, a))
        assert transformed.convert(transformed.fetch()) == 3


class TestAsMode(unittest.TestCase):

    def test_views_keep_the_data(self):
        dataset = tabular.from_data({'a': [1, 2]})
        assert dataset.astuple()[0] == (1,)
        assert dataset.astuple().asdict()[1] == {'a': 2}
        single = tabular.from_data(('a', [1, 2]))
        assert single.asdict()[0] == {'a': 1} and single.astuple()[1] == (2,)

    def test_convert_passes_through(self):
        dataset = _table().asdict()
        converted = dataset.convert(dataset.fetch())
        assert set(converted) == {'a', 'b'}
        assert isinstance(converted['b'], numpy.ndarray)


class TestDelegateDataset(unittest.TestCase):

    def test_subclass(self):
        class MyDataset(tabular.DelegateDataset):
            def __init__(self):
                super().__init__(tabular.from_data((
                    ('a', numpy.arange(4)), ('b', self.get_b),
                    (('d', 'e'), self.get_de)), size=4))

            def get_b(self, i):
                return 'b[{}]'.format(i)

            def get_de(self, i):
                return {'d': i, 'e': -i}

        dataset = MyDataset()
        assert len(dataset) == 4 and dataset.keys == ('a', 'b', 'd', 'e')
        assert dataset.mode is tuple
        assert dataset[1] == (1, 'b[1]', 1, -1)
        assert dataset.slice[2:, 'e'].fetch() == [-2, -3]


testing.run_module(__name__, __file__)
