import numpy
import pytest

from chainer import functions
from chainer import testing
from chainer.utils import type_check
import chainer.functions as F
from chainer.functions.array import concat
from chainer.testing._fast_backward import check_fast_backward


@testing.parameterize(*testing.product_dict(
    [
        {'shapes': [(2, 3, 4), (2, 1, 4), (2, 2, 4)], 'axis': 1},
        {'shapes': [(2, 3, 4), (2, 3, 1)], 'axis': 2},
        {'shapes': [(2, 3, 4), (2, 3, 1)], 'axis': -1},
        {'shapes': [(1, 3), (2, 3), (3, 3)], 'axis': 0},
        {'shapes': [(1, 3), (2, 3)], 'axis': -2},
        {'shapes': [(3,)], 'axis': 0},
        {'shapes': [(2, 3), (0, 3), (1, 3)], 'axis': 0},
        {'shapes': [(4,), (2,)], 'axis': 0},
    ],
    [
        {'dtype': numpy.float16},
        {'dtype': numpy.float32},
        {'dtype': numpy.float64},
    ],
))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestConcat(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_backward_options = {'dtype': numpy.float64}
            self.check_double_backward_options = {'dtype': numpy.float64}

    def generate_inputs(self):
        return tuple(
            numpy.random.uniform(-1, 1, s).astype(self.dtype)
            for s in self.shapes)

    def forward(self, inputs, device):
        return functions.concat(inputs, self.axis),

    def forward_expected(self, inputs):
        return numpy.concatenate(inputs, self.axis),


def test_concat_default_axis_is_one():
    a = numpy.zeros((2, 1), numpy.float32)
    b = numpy.ones((2, 2), numpy.float32)
    y = functions.concat((a, b))
    assert y.shape == (2, 3)


@pytest.mark.parametrize('xs,axis', [
    ([numpy.zeros((2, 3), 'f'), numpy.zeros((2, 3), 'd')], 1),
    ([numpy.zeros((2, 3), 'f'), numpy.zeros((3, 3), 'f')], 1),
    ([numpy.zeros((2, 3), 'f'), numpy.zeros((2, 3, 1), 'f')], 1),
    ([numpy.zeros((2, 3), 'f')], 2),
    ([numpy.zeros((2, 3), 'f')], -3),
])
def test_concat_invalid_type(xs, axis):
    with pytest.raises(type_check.InvalidType):
        functions.concat(xs, axis)


def test_concat_axis_must_be_int():
    with pytest.raises(TypeError):
        functions.concat([numpy.zeros((2, 3), 'f')], 1.0)


def _uniform(shape, dtype, seed=0):
    return numpy.random.RandomState(seed).uniform(-1, 1, shape).astype(dtype)


def _check_like_numpy(node_class, func, reference, xs, dtype):
    """Checks ``node_class`` with an output gradient shaped like ``reference(*xs)``."""
    gy = _uniform(reference(*xs).shape, dtype, 9)
    check_fast_backward(node_class, func, xs, [gy])


_FAST_DTYPES = [numpy.float16, numpy.float32, numpy.float64]


@pytest.mark.parametrize('dtype', _FAST_DTYPES)
@pytest.mark.parametrize('shapes,axis', [
    ([(2, 3), (2, 1), (2, 2)], 1),
    ([(2, 3), (1, 3)], 0),
    ([(2, 3), (2, 2)], -1),
    ([(2, 3)], 1),
    ([(2, 0), (2, 2)], 1),
])
def test_fast_backward_of_concat(dtype, shapes, axis):
    xs = [_uniform(s, dtype, i) for i, s in enumerate(shapes)]
    _check_like_numpy(concat.Concat, lambda *v: F.concat(v, axis),
                      lambda *a: numpy.concatenate(a, axis), xs, dtype)


@pytest.mark.parametrize('dtype', _FAST_DTYPES)
def test_fast_backward_of_concat_some_inputs(dtype):
    # only the second input needs a gradient: one entry for index 1 only
    xs = [_uniform((2, 3), dtype, 0), _uniform((2, 2), dtype, 1)]
    c = numpy.array(xs[0])
    check_fast_backward(concat.Concat, lambda x1: F.concat((c, x1), 1), [xs[1]],
                        [_uniform((2, 5), dtype, 2)])
