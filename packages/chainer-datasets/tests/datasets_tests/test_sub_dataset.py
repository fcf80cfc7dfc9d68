import unittest
import warnings

import numpy
import pytest

from chainer import datasets
from chainer import testing


def _values(dataset):
    return [dataset[i] for i in range(len(dataset))]


class TestSubDataset(unittest.TestCase):

    def setUp(self):
        self.base = list(range(10, 20))

    def test_interval(self):
        sub = datasets.SubDataset(self.base, 2, 5)
        assert len(sub) == 3
        assert _values(sub) == [12, 13, 14]
        assert sub[-1] == 14 and sub[-3] == 12
        assert sub[0:2] == [12, 13]

    def test_order(self):
        order = numpy.arange(10)[::-1]
        sub = datasets.SubDataset(self.base, 0, 3, order=order)
        assert _values(sub) == [19, 18, 17]
        assert sub[-1] == 17

    def test_empty(self):
        sub = datasets.SubDataset(self.base, 4, 4)
        assert len(sub) == 0
        with pytest.raises(IndexError):
            sub[0]

    def test_out_of_range(self):
        sub = datasets.SubDataset(self.base, 2, 5)
        for index in (3, -4):
            with pytest.raises(IndexError, match='out of range'):
                sub[index]

    def test_overrun(self):
        for start, finish in ((-1, 5), (2, 11)):
            with pytest.raises(ValueError, match='overruns'):
                datasets.SubDataset(self.base, start, finish)

    def test_start_after_finish(self):
        with pytest.raises(ValueError, match='exceeds finish'):
            datasets.SubDataset(self.base, 5, 2)

    def test_order_length_mismatch(self):
        with pytest.raises(ValueError, match='len\\(order\\) = 3'):
            datasets.SubDataset(self.base, 0, 3, order=[2, 1, 0])


class TestSplitDataset(unittest.TestCase):

    def setUp(self):
        self.base = list(range(10))

    def test_split(self):
        a, b = datasets.split_dataset(self.base, 3)
        assert isinstance(a, datasets.SubDataset)
        assert _values(a) == [0, 1, 2]
        assert _values(b) == list(range(3, 10))

    def test_split_at_the_ends(self):
        a, b = datasets.split_dataset(self.base, 0)
        assert len(a) == 0 and len(b) == 10
        a, b = datasets.split_dataset(self.base, numpy.int32(10))
        assert len(a) == 10 and len(b) == 0

    def test_split_with_order(self):
        a, b = datasets.split_dataset(self.base, 2, order=list(range(10))[::-1])
        assert _values(a) == [9, 8]
        assert _values(b)[0] == 7

    def test_bad_split_at(self):
        with pytest.raises(TypeError, match='split_at must be int'):
            datasets.split_dataset(self.base, 3.0)
        with pytest.raises(ValueError, match='non-negative'):
            datasets.split_dataset(self.base, -1)
        with pytest.raises(ValueError, match='exceeds'):
            datasets.split_dataset(self.base, 11)

    def test_split_random(self):
        a, b = datasets.split_dataset_random(self.base, 3, seed=0)
        order = numpy.random.RandomState(0).permutation(10)
        assert _values(a) == list(order[:3])
        assert _values(b) == list(order[3:])
        assert sorted(_values(a) + _values(b)) == self.base

    def test_split_random_same_seed_same_split(self):
        a1, _ = datasets.split_dataset_random(self.base, 5, seed=7)
        a2, _ = datasets.split_dataset_random(self.base, 5, seed=7)
        assert _values(a1) == _values(a2)


class TestSplitDatasetN(unittest.TestCase):

    def setUp(self):
        self.base = list(range(10))

    def test_equal_parts_drop_the_rest(self):
        parts = datasets.split_dataset_n(self.base, 3)
        assert isinstance(parts, list)
        assert [_values(p) for p in parts] == [[0, 1, 2], [3, 4, 5], [6, 7, 8]]

    def test_more_parts_than_examples(self):
        parts = datasets.split_dataset_n(self.base, 11)
        assert len(parts) == 11 and all(len(p) == 0 for p in parts)

    def test_order(self):
        parts = datasets.split_dataset_n(self.base, 2, order=list(range(10))[::-1])
        assert _values(parts[0]) == [9, 8, 7, 6, 5]

    def test_random(self):
        parts = datasets.split_dataset_n_random(self.base, 3, seed=0)
        order = numpy.random.RandomState(0).permutation(10)
        assert [_values(p) for p in parts] == [list(order[i:i + 3]) for i in (0, 3, 6)]

    def test_bad_n(self):
        with pytest.raises(ValueError, match='positive'):
            datasets.split_dataset_n(self.base, 0)
        with pytest.raises(ZeroDivisionError):  # as v7
            datasets.split_dataset_n(self.base, 0)
        with pytest.raises(ZeroDivisionError):
            datasets.get_cross_validation_datasets(self.base, 0)
        for n in (2.0, '2', None):  # TypeError as v7
            with pytest.raises(TypeError, match='integer'):
                datasets.split_dataset_n_random(self.base, n)
            with pytest.raises(TypeError, match='n_folds'):
                datasets.get_cross_validation_datasets_random(self.base, n)


@testing.parameterize(*testing.product({
    'n_examples': [10, 11, 3],
    'n_folds': [1, 3, 4],
}))
class TestCrossValidation(unittest.TestCase):

    def check(self, splits, order):
        assert isinstance(splits, list) and len(splits) == self.n_folds
        tests = []
        for train, test in splits:
            train_values, test_values = _values(train), _values(test)
            assert sorted(train_values + test_values) == sorted(order)
            tests.append(test_values)
        assert sorted(sum(tests, [])) == sorted(order)
        sizes = [len(t) for t in tests]
        assert max(sizes) - min(sizes) <= 1

    def test_cross_validation(self):
        base = list(range(self.n_examples))
        self.check(datasets.get_cross_validation_datasets(base, self.n_folds), base)

    def test_cross_validation_random(self):
        base = list(range(self.n_examples))
        splits = datasets.get_cross_validation_datasets_random(base, self.n_folds, seed=1)
        self.check(splits, base)


class TestCrossValidationLayout(unittest.TestCase):

    def test_v7_fold_layout(self):
        splits = datasets.get_cross_validation_datasets(list(range(10)), 3)
        assert [_values(test) for _, test in splits] == [[6, 7, 8, 9], [3, 4, 5], [0, 1, 2]]
        assert _values(splits[1][0]) == [6, 7, 8, 9, 0, 1, 2]

    def test_order(self):
        order = list(range(10))[::-1]
        splits = datasets.get_cross_validation_datasets(list(range(10)), 2, order=order)
        assert _values(splits[0][1]) == [4, 3, 2, 1, 0]

    def test_user_order_is_not_modified(self):
        order = numpy.arange(10)
        datasets.get_cross_validation_datasets(list(range(10)), 3, order=order)
        numpy.testing.assert_array_equal(order, numpy.arange(10))

    def test_deprecated_n_fold(self):
        with pytest.warns(DeprecationWarning, match='n_folds'):
            splits = datasets.get_cross_validation_datasets(list(range(10)), n_fold=4)
        assert len(splits) == 4
        with pytest.warns(DeprecationWarning):
            splits = datasets.get_cross_validation_datasets_random(list(range(10)), 3, n_fold=2)
        assert len(splits) == 2

    def test_unknown_keyword(self):
        with warnings.catch_warnings():
            warnings.simplefilter('error')
            with pytest.raises(TypeError, match="'folds'"):
                datasets.get_cross_validation_datasets(list(range(10)), 3, folds=2)

    def test_bad_n_folds(self):
        with pytest.raises(ValueError, match='n_folds'):
            datasets.get_cross_validation_datasets(list(range(10)), 0)
        with pytest.raises(TypeError, match='n_folds'):  # as v7
            datasets.get_cross_validation_datasets(list(range(10)))

    def test_order_length_mismatch(self):
        with pytest.raises(ValueError, match='len\\(order\\) = 2'):
            datasets.get_cross_validation_datasets(list(range(10)), 3, order=[0, 1])


testing.run_module(__name__, __file__)
