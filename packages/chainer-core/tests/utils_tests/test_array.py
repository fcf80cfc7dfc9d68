"""chainer.utils.array."""
import numpy

from chainer import utils
from chainer.utils import array as array_utils


def test_array_helpers():
    assert array_utils.size_of_shape((2, 3, 4)) == 24
    assert array_utils.size_of_shape(()) == 1
    assert utils.size_of_shape is array_utils.size_of_shape
    x = numpy.ones((2, 3), numpy.float16)
    y = array_utils.empty_like(x)
    assert type(y) is numpy.ndarray and y.shape == x.shape and y.dtype == x.dtype
    assert not numpy.shares_memory(x, y)
