import unittest

import pytest

from chainer import datasets
from chainer import testing


class TestTransformDataset(unittest.TestCase):

    def setUp(self):
        self.calls = []

        def transform(x):
            self.calls.append(x)
            return x * 2

        self.dataset = datasets.TransformDataset([1, 2, 3], transform)

    def test_len(self):
        assert len(self.dataset) == 3

    def test_getitem(self):
        assert self.dataset[1] == 4
        assert self.dataset[-1] == 6
        assert self.dataset[0:2] == [2, 4]
        assert self.dataset[[2, 0]] == [6, 2]

    def test_transform_runs_at_each_access(self):
        self.dataset[0]
        self.dataset[0]
        assert self.calls == [1, 1]

    def test_out_of_range(self):
        with pytest.raises(IndexError):
            self.dataset[3]


testing.run_module(__name__, __file__)
