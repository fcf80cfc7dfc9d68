"""F.matmul with operands of different float dtypes, as v7."""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.utils import type_check


@pytest.mark.parametrize('dtype_a,dtype_b', [
    (numpy.float16, numpy.float32), (numpy.float32, numpy.float16),
    (numpy.float32, numpy.float64), (numpy.float64, numpy.float16)])
@pytest.mark.parametrize('double', [False, True])
def test_mixed_float_dtypes(dtype_a, dtype_b, double):
    a = chainer.Variable(numpy.random.uniform(-1, 1, (2, 3)).astype(dtype_a))
    b = chainer.Variable(numpy.random.uniform(-1, 1, (3, 4)).astype(dtype_b))
    y = F.matmul(a, b)
    assert y.dtype == numpy.result_type(dtype_a, dtype_b)
    a64, b64 = a.array.astype('d'), b.array.astype('d')
    testing.assert_allclose(y.array, a64.dot(b64), atol=1e-2, rtol=1e-2)
    gy = numpy.random.uniform(-1, 1, y.shape).astype(y.dtype)
    ga, gb = chainer.grad([y], [a, b], [chainer.Variable(gy)],
                          enable_double_backprop=double)
    assert ga.dtype == dtype_a and gb.dtype == dtype_b
    testing.assert_allclose(ga.array, gy.astype('d').dot(b64.T), atol=1e-2, rtol=1e-2)
    testing.assert_allclose(gb.array, a64.T.dot(gy.astype('d')), atol=1e-2, rtol=1e-2)


def test_integer_operands_are_refused():
    with pytest.raises(type_check.InvalidType):
        F.matmul(numpy.ones((2, 3), numpy.float32), numpy.ones((3, 2), numpy.int32))
