import numpy
import pytest

import chainer
from chainer import functions
from chainer import testing
from chainer.utils import type_check
import chainer.functions as F
from chainer.functions.array import split_axis
from chainer.testing._fast_backward import check_fast_backward


@testing.parameterize(*testing.product_dict(
    [
        {'shape': (2, 7, 3), 'axis': 1, 'ys_section': [2, 5]},
        {'shape': (7, 3), 'axis': 0, 'ys_section': [2, 5]},
        {'shape': (2, 9, 3), 'axis': 1, 'ys_section': 3},
        {'shape': (2, 6, 3), 'axis': -2, 'ys_section': 2},
        {'shape': (2, 7, 3), 'axis': -2, 'ys_section': [2, 5]},
        {'shape': (2, 7, 3), 'axis': 1, 'ys_section': numpy.array([2, 5])},
        {'shape': (2, 7, 3), 'axis': 2, 'ys_section': [1]},
        {'shape': (2, 7, 3), 'axis': 1, 'ys_section': [0]},
        {'shape': (2, 7, 3), 'axis': 1, 'ys_section': [7]},
        {'shape': (2, 7, 3), 'axis': 1, 'ys_section': [0, 4, 4, 7]},
        {'shape': (2, 7, 3), 'axis': 1, 'ys_section': []},
        {'shape': (2, 7, 3), 'axis': 1, 'ys_section': 1},
        {'shape': (2, 0, 3), 'axis': 1, 'ys_section': 1},
        {'shape': (8,), 'axis': 0, 'ys_section': 4},
    ],
    testing.product({
        'dtype': [numpy.float16, numpy.float32, numpy.float64]}),
))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestSplitAxis(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_backward_options = {'dtype': numpy.float64}
            self.check_double_backward_options = {'dtype': numpy.float64}

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, self.shape).astype(self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        ys = functions.split_axis(x, self.ys_section, self.axis)
        assert isinstance(ys, tuple)
        return ys

    def forward_expected(self, inputs):
        x, = inputs
        return tuple(numpy.split(x, self.ys_section, self.axis))


def test_split_axis_force_tuple_false_single_output():
    x = numpy.arange(6, dtype=numpy.float32).reshape(2, 3)
    y = functions.split_axis(x, 1, 1, force_tuple=False)
    assert isinstance(y, chainer.Variable)
    numpy.testing.assert_array_equal(y.array, x)
    ys = functions.split_axis(x, 3, 1, force_tuple=False)
    assert isinstance(ys, tuple) and len(ys) == 3


def test_split_axis_force_tuple_default_true():
    x = numpy.arange(6, dtype=numpy.float32).reshape(2, 3)
    ys = functions.split_axis(x, 1, 1)
    assert isinstance(ys, tuple) and len(ys) == 1


def test_split_axis_backward_with_unused_outputs():
    x = chainer.Variable(numpy.arange(6, dtype=numpy.float32).reshape(2, 3))
    ys = functions.split_axis(x, [1], 1)
    ys[1].grad = numpy.full((2, 2), 2, numpy.float32)
    ys[1].backward()
    numpy.testing.assert_array_equal(x.grad, [[0, 2, 2], [0, 2, 2]])


@pytest.mark.parametrize('shape,sections,axis', [
    ((2, 7), 3, 1),
    ((2, 7), [8], 1),
    ((2, 7), 2, 2),
    ((2, 7), 2, -3),
    ((2, 7), 0, 1),
])
def test_split_axis_invalid_type(shape, sections, axis):
    with pytest.raises(type_check.InvalidType):
        functions.split_axis(numpy.zeros(shape, numpy.float32), sections,
                             axis)


def test_split_axis_invalid_sections_type():
    with pytest.raises(TypeError):
        functions.split_axis(numpy.zeros((2, 4), numpy.float32), 1.5, 1)


def test_split_axis_unsorted_indices_in_debug_mode():
    with chainer.using_config('debug', True):
        with pytest.raises(ValueError):
            functions.split_axis(
                numpy.zeros((2, 4), numpy.float32), [3, 1], 1)


def _uniform(shape, dtype, seed=0):
    return numpy.random.RandomState(seed).uniform(-1, 1, shape).astype(dtype)


_FAST_DTYPES = [numpy.float16, numpy.float32, numpy.float64]


@pytest.mark.parametrize('dtype', _FAST_DTYPES)
@pytest.mark.parametrize('spec,axis,missing', [
    (3, 1, ()),
    (3, 1, (1,)),
    ([1, 2], 1, (0, 2)),
    ([1], -2, ()),
    ([], 0, ()),
])
def test_fast_backward_of_split_axis(dtype, spec, axis, missing):
    x = _uniform((4, 6), dtype)
    pieces = numpy.split(x, spec, axis)
    gys = [None if i in missing else _uniform(p.shape, dtype, i + 1)
           for i, p in enumerate(pieces)]
    check_fast_backward(split_axis.SplitAxis, lambda v: F.split_axis(v, spec, axis), [x], gys)


def test_numpy_flag_as_v7():
    from chainer.functions.array import split_axis
    assert split_axis._numpy_split_ok is True
