import numpy
import pytest

import chainer
from chainer import functions as F
from chainer import testing
from chainer import utils
from chainer.utils import type_check


def _sparse_dense(shape, dtype, density=0.5):
    x = numpy.random.uniform(0.5, 1.5, shape) * numpy.random.choice([-1, 1], shape)
    x[numpy.random.uniform(0, 1, shape) > density] = 0
    return x.astype(dtype)


def _t(x):
    return x.swapaxes(-1, -2)


@testing.parameterize(*testing.product({
    'sparse_side': ['a', 'b'],
    'batched': [False, True],
    'transa': [False, True],
    'transb': [False, True],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestSparseMatMul(testing.FunctionTestCase):

    def setUp(self):
        m, k, n = 2, 3, 4
        a_shape = (k, m) if self.transa else (m, k)
        b_shape = (n, k) if self.transb else (k, n)
        if self.batched:
            a_shape = (2,) + a_shape
            b_shape = (2,) + b_shape
        self.a_shape, self.b_shape = a_shape, b_shape
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 1e-2, 'rtol': 1e-2}
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
        else:
            self.check_forward_options = {'atol': 1e-5, 'rtol': 1e-5}
            self.check_backward_options = {'atol': 1e-3, 'rtol': 1e-3}
            self.check_double_backward_options = {'atol': 1e-3, 'rtol': 1e-3}

    def generate_inputs(self):
        a = _sparse_dense(self.a_shape, self.dtype)
        b = _sparse_dense(self.b_shape, self.dtype)
        sp = a if self.sparse_side == 'a' else b
        # fixed sparsity pattern; the entries of the COO matrix are the differentiated input
        self.coo = utils.to_coo(sp, ldnz=8)
        dn = b if self.sparse_side == 'a' else a
        return self.coo.data.array.copy(), dn

    def forward(self, inputs, device):
        sp_data, dn = inputs
        coo = utils.CooMatrix(numpy.zeros_like(self.coo.data.array), self.coo.row,
                              self.coo.col, self.coo.shape, order=self.coo.order)
        coo.data = sp_data
        if self.sparse_side == 'a':
            return F.sparse_matmul(coo, dn, transa=self.transa, transb=self.transb),
        return F.sparse_matmul(dn, coo, transa=self.transa, transb=self.transb),

    def forward_expected(self, inputs):
        sp_data, dn = inputs
        coo = utils.CooMatrix(sp_data, self.coo.row, self.coo.col, self.coo.shape)
        sp = coo.to_dense().astype(numpy.float64)
        dn = dn.astype(numpy.float64)
        a, b = (sp, dn) if self.sparse_side == 'a' else (dn, sp)
        if self.transa:
            a = _t(a)
        if self.transb:
            b = _t(b)
        return numpy.matmul(a, b).astype(self.dtype),


def test_sparse_matmul_matches_dense_and_grads():
    a = numpy.array([[0.0, 2.0, 0.0], [1.0, 0.0, 3.0]])
    b = chainer.Variable(numpy.arange(6.0).reshape(3, 2))
    coo = utils.to_coo(a, requires_grad=True)
    y = F.sparse_matmul(coo, b)
    testing.assert_allclose(y.array, a @ b.array)
    F.sum(y).backward()
    testing.assert_allclose(b.grad, a.T @ numpy.ones((2, 2)))
    # gradient of each stored entry (i, j): sum_n b[j, n]
    row, col = coo.row, coo.col
    testing.assert_allclose(coo.data.grad, b.array[col].sum(axis=1))
    assert row.tolist() == [0, 1, 1]


def test_sparse_matmul_type_errors():
    coo = utils.to_coo(numpy.eye(2, dtype=numpy.float32))
    with pytest.raises(ValueError):
        F.sparse_matmul(coo, coo)
    with pytest.raises(ValueError):
        F.sparse_matmul(numpy.ones((2, 2), numpy.float32), numpy.ones((2, 2), numpy.float32))
    with pytest.raises(type_check.InvalidType):
        F.sparse_matmul(coo, numpy.ones((3, 2), numpy.float32))
    with pytest.raises(type_check.InvalidType):
        F.sparse_matmul(coo, numpy.ones((2, 2, 2), numpy.float32))
    with pytest.raises(type_check.InvalidType):
        F.sparse_matmul(coo, numpy.ones((2, 2), numpy.int32))


def test_scipy_flag_as_v7():
    import importlib.util

    from chainer.functions.math import sparse_matmul
    assert sparse_matmul._scipy_available is (importlib.util.find_spec('scipy') is not None)
