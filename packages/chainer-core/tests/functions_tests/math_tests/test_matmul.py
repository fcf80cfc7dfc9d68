import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import gradient_check
from chainer import testing
from chainer.testing._tolerances import set_default_tolerances
from chainer.functions.math import matmul as matmul_module
from chainer.testing._fast_backward import check_fast_backward
from chainer.utils import type_check

_DTYPES = [numpy.float16, numpy.float32, numpy.float64]


@testing.parameterize(*testing.product({
    'shapes': [((3, 4), (4, 2)), ((2, 3, 4), (4, 5)), ((2, 1, 3, 4), (5, 4, 2)),
               ((4,), (4, 3)), ((3, 4), (4,)), ((4,), (4,))],
    'trans': [(False, False), (True, True)],
    'dtype': _DTYPES,
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestMatMul(testing.FunctionTestCase):

    def setUp(self):
        set_default_tolerances(self)
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 2e-2, 'rtol': 2e-2}

    def _swap(self, a, flag):
        return a.swapaxes(-1, -2) if flag and a.ndim >= 2 else a

    def generate_inputs(self):
        a_shape, b_shape = self.shapes
        a = numpy.random.uniform(-1, 1, a_shape).astype(self.dtype)
        b = numpy.random.uniform(-1, 1, b_shape).astype(self.dtype)
        return self._swap(a, self.trans[0]).copy(), self._swap(b, self.trans[1]).copy()

    def forward(self, inputs, device):
        a, b = inputs
        return F.matmul(a, b, transa=self.trans[0], transb=self.trans[1]),

    def forward_expected(self, inputs):
        a, b = (x.astype(numpy.float64) for x in inputs)
        y = numpy.matmul(self._swap(a, self.trans[0]), self._swap(b, self.trans[1]))
        return numpy.asarray(y).astype(self.dtype),


def test_matmul_invalid():
    with pytest.raises(type_check.InvalidType):
        F.matmul(numpy.zeros((2, 3), 'f'), numpy.zeros((4, 2), 'f'))
    with pytest.raises(type_check.InvalidType):
        F.matmul(numpy.zeros((2, 3), 'f'), numpy.zeros((3, 2), 'i'))
    # batch axes that do not broadcast (as v7)
    with pytest.raises(type_check.InvalidType, match='cannot broadcast'):
        F.matmul(numpy.zeros((2, 1, 4), 'f'), numpy.zeros((3, 4, 1), 'f'))
    assert F.matmul(numpy.zeros((2, 3, 1, 4), 'f'), numpy.zeros((3, 4, 1), 'f')).shape == (
        2, 3, 1, 1)


def _uniform(shape, dtype=numpy.float32, seed=0):
    return numpy.random.RandomState(seed).uniform(-1, 1, shape).astype(dtype)


def _op(x, trans):
    return x.swapaxes(-1, -2) if trans else x


_BATCH_CASES = [((2, 3, 4), (2, 4, 5), False, False), ((2, 4, 3), (2, 4, 5), True, False),
                ((2, 3, 4), (2, 5, 4), False, True), ((2, 4, 3), (2, 5, 4), True, True),
                ((2, 3, 4), (2, 4), False, False), ((2, 3), (2, 3), True, False),
                ((2, 3), (2, 4), False, True)]


@pytest.mark.parametrize('a_shape,b_shape,transa,transb', _BATCH_CASES)
def test_batch_matmul(a_shape, b_shape, transa, transb):
    a = _uniform(a_shape)
    b = _uniform(b_shape, seed=1)
    with pytest.warns(DeprecationWarning, match='batch_matmul is deprecated'):
        y = F.batch_matmul(chainer.Variable(a), b, transa=transa, transb=transb)
    assert isinstance(y.creator, matmul_module.BatchMatMul)
    a3 = a if a.ndim == 3 else a[:, :, None]
    b3 = b if b.ndim == 3 else b[:, :, None]
    numpy.testing.assert_allclose(y.array, numpy.matmul(_op(a3, transa), _op(b3, transb)),
                                  rtol=1e-6)


@pytest.mark.parametrize('a_shape,b_shape,transa,transb', _BATCH_CASES)
def test_batch_matmul_gradients(a_shape, b_shape, transa, transb):
    a = _uniform(a_shape)
    b = _uniform(b_shape, seed=1)

    def f(a, b):
        return matmul_module.BatchMatMul(transa, transb).apply((a, b))[0]

    y_shape = f(a, b).shape
    gy = _uniform(y_shape, seed=2)
    ggs = (_uniform(a_shape, seed=3), _uniform(b_shape, seed=4))
    gradient_check.check_backward(f, (a, b), gy, eps=1e-2, atol=1e-3, rtol=1e-3)
    gradient_check.check_double_backward(f, (a, b), gy, ggs, eps=1e-2, atol=1e-3, rtol=1e-3)
    check_fast_backward(matmul_module.BatchMatMul, f, [a, b], [gy])


def test_batch_matmul_grad_node():
    a, b, gy = _uniform((2, 4, 3)), _uniform((2, 5, 4), seed=1), _uniform((2, 3, 5), seed=2)
    node = matmul_module.BatchMatMulGrad(True, True)
    assert (node.transa, node.transb) == (True, True)
    ga, gb = node.apply((a, b, gy))
    A, B = a.swapaxes(1, 2), b.swapaxes(1, 2)
    numpy.testing.assert_allclose(ga.array, numpy.matmul(gy, B.swapaxes(1, 2)).swapaxes(1, 2),
                                  rtol=1e-6)
    numpy.testing.assert_allclose(gb.array, numpy.matmul(A.swapaxes(1, 2), gy).swapaxes(1, 2),
                                  rtol=1e-6)
    assert node.label == 'BatchMatMulGrad'


@pytest.mark.parametrize('a,b,kwargs,match', [
    (((2, 3), 'f'), ((2, 3), 'f'), {}, r'b\.shape\[1\] == 1'),
    (((2, 3, 4), 'f'), ((2, 5, 5), 'f'), {}, r'a\.shape\[2\] == b\.shape\[1\]'),
    (((2, 3, 4), 'f'), ((2, 4, 5), 'd'), {}, r'b\.dtype == '),
    (((2, 3, 4), 'e'), ((2, 4, 5), 'e'), {}, r'a\.dtype == '),
    (((2, 3, 4, 1), 'f'), ((2, 4, 5), 'f'), {}, r'a\.ndim <= 3'),
])
def test_batch_matmul_invalid(a, b, kwargs, match):
    a = numpy.ones(*a)
    b = numpy.ones(*b)
    with pytest.raises(type_check.InvalidType, match=match):
        matmul_module.BatchMatMul(**kwargs).apply((a, b))


@pytest.mark.parametrize('shapes', [((3, 4), (4, 2)), ((2, 3, 4), (4, 5)), ((4,), (4, 3)),
                                    ((3, 4), (4,)), ((4,), (4,)), ((2, 1, 3, 4), (5, 4, 2))])
@pytest.mark.parametrize('trans', [(False, False), (True, False), (False, True)])
@pytest.mark.parametrize('dtype', _DTYPES)
def test_fast_backward_of_matmul(shapes, trans, dtype):
    a = _uniform(shapes[0], dtype)
    b = _uniform(shapes[1], dtype, seed=1)
    a = _op(a, trans[0] and a.ndim >= 2).copy()
    b = _op(b, trans[1] and b.ndim >= 2).copy()

    def f(a, b):
        return F.matmul(a, b, transa=trans[0], transb=trans[1])

    gy = _uniform(f(a, b).shape, dtype, seed=2)
    check_fast_backward(matmul_module.MatMul, f, [a, b], [gy], rtol=1e-3)


# --- operands of different float dtypes, as v7 ---------------------------------------------


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
