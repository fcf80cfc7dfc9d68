import unittest

import numpy
import pytest

from chainer.dataset import tabular
from chainer import testing


class TestFromData(unittest.TestCase):

    def test_array(self):
        data = numpy.arange(5)
        dataset = tabular.from_data(data)
        assert len(dataset) == 5 and dataset.mode is None
        assert dataset.keys == ('_{}'.format(id(data)),)
        assert dataset[2] == 2
        assert dataset.fetch() is data
        assert isinstance(dataset.get_examples([3, 1], None)[0], numpy.ndarray)

    def test_list(self):
        dataset = tabular.from_data([1, 2, 3])
        assert dataset.get_examples([2, 0], None) == ([3, 1],)
        assert dataset.get_examples(slice(0, 2), None) == ([1, 2],)
        assert dataset.fetch() == [1, 2, 3]

    def test_named(self):
        dataset = tabular.from_data(('a', [1, 2]))
        assert dataset.keys == ('a',) and dataset.mode is None
        assert dataset[1] == 2

    def test_callable(self):
        dataset = tabular.from_data(('a', lambda i: i * i), size=4)
        assert dataset[3] == 9 and dataset[-1] == 9
        assert dataset.fetch() == [0, 1, 4, 9]

    def test_callable_needs_size(self):
        with pytest.raises(ValueError, match='size must be specified'):
            tabular.from_data(('a', lambda i: i))

    def test_callable_needs_a_key(self):
        # as v7, also inside a tuple or before the size is checked
        for data in (lambda i: i, (numpy.arange(3), lambda i: i)):
            with pytest.raises(ValueError, match='key'):
                tabular.from_data(data, size=3)
        with pytest.raises(ValueError, match='key'):
            tabular.from_data(lambda i: i)

    def test_callable_with_several_keys(self):
        dataset = tabular.from_data((('a', 'b'), lambda i: (i, -i)), size=3)
        assert dataset.keys == ('a', 'b') and dataset.mode is tuple
        assert dataset[2] == (2, -2)
        dataset = tabular.from_data((('a', 'b'), lambda i: {'a': i, 'b': -i}), size=3)
        assert dataset.mode is dict and dataset[2] == {'a': 2, 'b': -2}

    def test_tuple(self):
        dataset = tabular.from_data((('a', numpy.arange(3)), ('b', ['x', 'y', 'z']),
                                     ('c', lambda i: 2 * i)))
        assert dataset.keys == ('a', 'b', 'c') and dataset.mode is tuple
        assert dataset[1] == (1, 'y', 2)

    def test_tuple_of_unnamed(self):
        dataset = tabular.from_data(([1, 2], [3, 4]))
        assert dataset.mode is tuple and len(dataset.keys) == 2
        assert dataset[0] == (1, 3)

    def test_dict(self):
        dataset = tabular.from_data({'z': [1, 2], 'a': lambda i: -i, ('p', 'q'): lambda i: (i, i)})
        assert dataset.keys == ('z', 'a', 'p', 'q') and dataset.mode is dict
        assert dataset[1] == {'z': 2, 'a': -1, 'p': 1, 'q': 1}

    def test_length_mismatch(self):
        with pytest.raises(ValueError, match='same length'):
            tabular.from_data(([1, 2], [3, 4, 5]))
        with pytest.raises(ValueError, match='same length'):
            tabular.from_data([1, 2], size=3)

    def test_bad_data(self):
        for data in ('abc', 3, None):
            with pytest.raises(TypeError, match='from_data'):
                tabular.from_data(data)
        with pytest.raises(ValueError, match='no data'):
            tabular.from_data(())
        with pytest.raises(TypeError, match='need a callable'):
            tabular.from_data((('a', 'b'), [1, 2]))


testing.run_module(__name__, __file__)
