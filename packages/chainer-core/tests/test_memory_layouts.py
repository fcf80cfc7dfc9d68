"""chainer.memory_layouts: raw and semantic shapes, AsLayout."""
import numpy
import pytest

import chainer
from chainer import gradient_check
from chainer import memory_layouts
from chainer import testing


def test_shapes():
    x = numpy.zeros((2, 5, 7, 3), numpy.float32)  # NHWC
    assert memory_layouts.get_raw_shape(x) == (2, 5, 7, 3)
    assert memory_layouts.get_raw_shape(chainer.Variable(x)) == (2, 5, 7, 3)
    assert memory_layouts.get_semantic_shape(x) == (2, 5, 7, 3)
    assert memory_layouts.get_semantic_shape(
        x, memory_layouts.CUDNN_CHANNEL_LAST_X) == (2, 3, 5, 7)
    with pytest.raises(ValueError):
        memory_layouts.get_semantic_shape(x, 'HWCN')


@pytest.mark.parametrize('shape', [(2, 3, 4, 5), (2, 3, 4), (2, 3, 4, 5, 6)])
def test_as_layout(shape):
    x = numpy.random.uniform(-1, 1, shape)
    y, = memory_layouts.AsLayout(memory_layouts.CUDNN_CHANNEL_LAST_X).apply((x,))
    expected = numpy.moveaxis(x, 1, -1)
    testing.assert_allclose(y.array, expected)
    assert y.array.flags.c_contiguous
    back, = memory_layouts.AsLayout(None, memory_layouts.CUDNN_CHANNEL_LAST_X).apply((y,))
    testing.assert_allclose(back.array, x)

    def f(x):
        return memory_layouts.AsLayout(memory_layouts.CUDNN_CHANNEL_LAST_X).apply((x,))[0]

    gy = numpy.random.uniform(-1, 1, expected.shape)
    gradient_check.check_backward(f, x, gy)
    gradient_check.check_double_backward(f, x, gy, numpy.random.uniform(-1, 1, shape))


def test_as_layout_identity_and_errors():
    x = numpy.ones((2, 3))
    y, = memory_layouts.AsLayout(None).apply((x,))
    testing.assert_allclose(y.array, x)
    with pytest.raises(ValueError):
        memory_layouts.AsLayout('NCWH')
