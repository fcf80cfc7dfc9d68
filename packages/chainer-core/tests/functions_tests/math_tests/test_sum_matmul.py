import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.utils import type_check

_DTYPES = [numpy.float16, numpy.float32, numpy.float64]


def _tol(test):
    if test.dtype == numpy.float16:
        test.check_forward_options = {'atol': 5e-3, 'rtol': 5e-3}
        test.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
        test.check_double_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
    else:
        test.check_backward_options = {'atol': 1e-4, 'rtol': 1e-3}
        test.check_double_backward_options = {'atol': 1e-3, 'rtol': 1e-2}


@testing.parameterize(*testing.product({
    'axis': [None, 0, -1, (0, 2), (-1, 0)],
    'keepdims': [True, False],
    'dtype': _DTYPES,
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestSum(testing.FunctionTestCase):

    def setUp(self):
        _tol(self)

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, (3, 2, 4)).astype(self.dtype),

    def forward(self, inputs, device):
        return F.sum(inputs[0], axis=self.axis, keepdims=self.keepdims),

    def forward_expected(self, inputs):
        y = inputs[0].astype(numpy.float64).sum(axis=self.axis, keepdims=self.keepdims)
        return numpy.asarray(y).astype(self.dtype),


def test_sum_invalid_axis():
    with pytest.raises(type_check.InvalidType):
        F.sum(numpy.zeros((2, 3), 'f'), axis=2)
    with pytest.raises(ValueError):
        F.sum(numpy.zeros((2, 3), 'f'), axis=(0, 0))
    with pytest.raises(TypeError):
        F.sum(numpy.zeros((2, 3), 'f'), axis=1.5)
    with pytest.raises(type_check.InvalidType):
        F.sum(numpy.zeros((2, 3), 'i'))


@testing.parameterize(*testing.product({
    'shapes': [((2, 3, 4), (3, 1)), ((2, 3), (2, 3)), ((4, 3), (3,)), ((3,), ())],
    'dtype': _DTYPES,
}))
@testing.inject_backend_tests(None, [{}])
class TestSumTo(testing.FunctionTestCase):

    def setUp(self):
        _tol(self)

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, self.shapes[0]).astype(self.dtype),

    def forward(self, inputs, device):
        return F.sum_to(inputs[0], self.shapes[1]),

    def forward_expected(self, inputs):
        x = inputs[0].astype(numpy.float64)
        target = self.shapes[1]
        lead = x.ndim - len(target)
        y = x.sum(axis=tuple(range(lead))) if lead else x
        for i, s in enumerate(target):
            if s == 1 and y.shape[i] != 1:
                y = y.sum(axis=i, keepdims=True)
        return numpy.asarray(y, self.dtype).reshape(target),


@testing.parameterize(*testing.product({
    'shapes': [((2, 3), (2, 3)), ((3, 1), (2, 3, 4)), ((), (2,))],
    'dtype': _DTYPES,
}))
@testing.inject_backend_tests(None, [{}])
class TestBroadcastTo(testing.FunctionTestCase):

    def setUp(self):
        _tol(self)

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, self.shapes[0]).astype(self.dtype),

    def forward(self, inputs, device):
        return F.broadcast_to(inputs[0], self.shapes[1]),

    def forward_expected(self, inputs):
        return numpy.broadcast_to(inputs[0], self.shapes[1]).copy(),


def test_broadcast_to_invalid():
    with pytest.raises(type_check.InvalidType):
        F.broadcast_to(numpy.zeros((2, 3), 'f'), (3, 3))
    with pytest.raises(type_check.InvalidType):
        F.broadcast_to(numpy.zeros((2, 3), 'f'), (3,))


@testing.parameterize(*testing.product({'dtype': _DTYPES}))
@testing.inject_backend_tests(None, [{}])
class TestBroadcast(testing.FunctionTestCase):

    def setUp(self):
        _tol(self)

    def generate_inputs(self):
        return (numpy.random.uniform(-1, 1, (3, 1)).astype(self.dtype),
                numpy.random.uniform(-1, 1, (1, 4)).astype(self.dtype))

    def forward(self, inputs, device):
        return F.broadcast(*inputs)

    def forward_expected(self, inputs):
        return tuple(a.copy() for a in numpy.broadcast_arrays(*inputs))


@testing.parameterize(*testing.product({
    'shapes': [((3, 4), (2, 6)), ((3, 4), (-1,)), ((2, 3, 4), (6, -1)), ((1,), ())],
    'dtype': _DTYPES,
}))
@testing.inject_backend_tests(None, [{}])
class TestReshape(testing.FunctionTestCase):

    def setUp(self):
        _tol(self)

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, self.shapes[0]).astype(self.dtype),

    def forward(self, inputs, device):
        return F.reshape(inputs[0], self.shapes[1]),

    def forward_expected(self, inputs):
        return inputs[0].reshape(self.shapes[1]),


def test_reshape_invalid():
    with pytest.raises(type_check.InvalidType):
        F.reshape(numpy.zeros((2, 3), 'f'), (4, 2))
    with pytest.raises(ValueError):
        F.reshape(numpy.zeros((2, 3), 'f'), (-1, -1))
    v = chainer.Variable(numpy.zeros((2, 3), 'f'))
    assert v.reshape(3, 2).shape == (3, 2)
    assert v.reshape((6,)).shape == (6,)


@testing.parameterize(*testing.product({
    'axes': [None, (1, 0, 2), (-1, 0, 1)],
    'dtype': _DTYPES,
}))
@testing.inject_backend_tests(None, [{}])
class TestTranspose(testing.FunctionTestCase):

    def setUp(self):
        _tol(self)

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, (2, 3, 4)).astype(self.dtype),

    def forward(self, inputs, device):
        return F.transpose(inputs[0], self.axes),

    def forward_expected(self, inputs):
        return inputs[0].transpose(self.axes),


def test_variable_transpose_forms():
    v = chainer.Variable(numpy.zeros((2, 3, 4), 'f'))
    assert v.transpose().shape == (4, 3, 2)
    assert v.transpose(1, 0, 2).shape == (3, 2, 4)
    assert v.transpose((2, 0, 1)).shape == (4, 2, 3)
    with pytest.raises(type_check.InvalidType):
        F.transpose(v, (0, 1))


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
        _tol(self)
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


def test_batch_matmul_deprecated():
    a = numpy.random.rand(2, 3, 4).astype('f')
    b = numpy.random.rand(2, 4).astype('f')
    with pytest.warns(DeprecationWarning):
        y = F.batch_matmul(a, b)
    numpy.testing.assert_allclose(y.array, numpy.matmul(a, b[:, :, None]), rtol=1e-5)
