import numpy
import pytest

import chainer
from chainer import functions
from chainer import testing


def _strided_ref(storage, shape, strides, offset):
    out = numpy.empty(shape, dtype=storage.dtype)
    for idx in numpy.ndindex(*shape):
        out[idx] = storage[offset + sum(i * s for i, s in zip(idx, strides))]
    return out


@testing.parameterize(*testing.product_dict(
    [
        # (input size, output shape, output strides, storage offset)
        {'size': 12, 'shape': (3, 4), 'strides': (4, 1), 'offset': None},
        {'size': 12, 'shape': (4, 3), 'strides': (1, 4), 'offset': None},
        {'size': 8, 'shape': (3, 4), 'strides': (2, 1), 'offset': None},
        {'size': 8, 'shape': (2, 3), 'strides': (0, 2), 'offset': 1},
        {'size': 8, 'shape': (3,), 'strides': (-2,), 'offset': 6},
        {'size': 6, 'shape': (2, 1, 2), 'strides': (3, 5, 1), 'offset': 1},
        {'size': 6, 'shape': (0, 2), 'strides': (1, 1), 'offset': None},
    ],
    testing.product({
        'dtype': [numpy.float16, numpy.float32, numpy.float64]}),
))
@testing.inject_backend_tests(None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestAsStrided(testing.FunctionTestCase):

    # The strides index the storage of a contiguous input.
    contiguous = 'C'
    skip_double_backward_test = True

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_backward_options = {
                'dtype': numpy.float64, 'atol': 5e-3, 'rtol': 5e-3}

    def generate_inputs(self):
        x = numpy.random.uniform(-1, 1, (self.size,)).astype(self.dtype)
        return x,

    def forward(self, inputs, device):
        x, = inputs
        return functions.as_strided(x, self.shape, self.strides,
                                    self.offset),

    def forward_expected(self, inputs):
        x, = inputs
        offset = 0 if self.offset is None else self.offset
        return _strided_ref(x, self.shape, self.strides, offset),


def test_as_strided_sliding_window_gradient():
    x = chainer.Variable(numpy.arange(5, dtype=numpy.float32))
    y = functions.as_strided(x, (3, 3), (1, 1))
    numpy.testing.assert_array_equal(
        y.array, [[0, 1, 2], [1, 2, 3], [2, 3, 4]])
    y.grad = numpy.ones((3, 3), numpy.float32)
    y.backward()
    # each element is read by as many windows as cover it
    numpy.testing.assert_array_equal(x.grad, [1, 2, 3, 2, 1])


def test_as_strided_ignores_the_view_of_the_input():
    base = numpy.arange(6, dtype=numpy.float32)
    view = base[2:]
    y = functions.as_strided(view, (2,), (1,), 0)
    numpy.testing.assert_array_equal(y.array, [0, 1])
    y = functions.as_strided(view, (2,), (2,))
    numpy.testing.assert_array_equal(y.array, [2, 4])


def test_as_strided_broadcast_input_gradient_is_shared():
    # The input itself reads one element twice (stride 0): the gradient
    # accumulated on that element is shared equally (torch semantics).
    base = numpy.arange(2, dtype=numpy.float32)
    x = chainer.Variable(numpy.lib.stride_tricks.as_strided(
        base, shape=(2, 2), strides=(0, 4)))
    y = functions.as_strided(x, (2,), (1,), 0)
    y.grad = numpy.array([2, 4], numpy.float32)
    y.backward()
    numpy.testing.assert_array_equal(x.grad, [[1, 2], [1, 2]])


def test_as_strided_out_of_storage():
    with pytest.raises(ValueError):
        functions.as_strided(numpy.zeros(4, numpy.float32), (3,), (2,))


def test_as_strided_has_no_double_backward():
    x = chainer.Variable(numpy.arange(4, dtype=numpy.float32))
    y = functions.as_strided(x, (2,), (2,))
    gy = chainer.Variable(numpy.ones(2, numpy.float32))
    gx, = chainer.grad([y], [x], grad_outputs=[gy],
                       enable_double_backprop=True)
    numpy.testing.assert_array_equal(gx.array, [1, 0, 1, 0])
    with pytest.raises(NotImplementedError):
        functions.sum(gx).backward()


def test_private_helpers_of_v7():
    from chainer.functions.array import as_strided as m
    x = numpy.arange(12, dtype=numpy.float32).reshape(3, 4)
    assert m._byte2step(x.strides, x.itemsize) == (4, 1)
    assert m._step2byte((4, 1), 4) == (16, 4)
    assert (m._min_index((3, 4), (4, 1), 2), m._max_index((3, 4), (4, 1), 2)) == (2, 13)
    assert (m._min_index((3,), (-2,), 6), m._max_index((3,), (-2,), 6)) == (2, 6)
    assert (m._min_index((0, 2), (1, 1), 0), m._max_index((0, 2), (1, 1), 0)) == (0, 0)
    assert not m._maybe_overlapping_memory((3, 4), (4, 1))
    assert m._maybe_overlapping_memory((3, 4), (1, 1))
    assert m._maybe_overlapping_memory((1,), (0,))
    assert not m._maybe_overlapping_memory((2, 3), (-3, 1))
    assert m._get_base_array(x[1:, ::2]) is x.base and m._get_base_array(x.base) is x.base
    numpy.testing.assert_array_equal(
        m._stride_array(numpy.arange(6, dtype=numpy.float32), (2, 2), (1, 2), 1),
        [[1, 3], [2, 4]])
    a = numpy.zeros(6, numpy.float32)
    m._index_add(a, numpy.array([0, 1, 1, 5]), numpy.ones(4, numpy.float32))
    numpy.testing.assert_array_equal(a, [1, 2, 0, 0, 0, 1])
    geometry = m.TensorGeometry(x[1:, ::2])
    assert (geometry.shape, geometry.strides, geometry.storage_offset) == ((2, 2), (4, 2), 4)
    assert geometry.ndim == 2 and geometry.itemsize == 4
    assert m.index_dtype[4] is numpy.int32
