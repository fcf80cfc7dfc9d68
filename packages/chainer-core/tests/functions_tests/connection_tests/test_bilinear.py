import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check


@testing.parameterize(*(testing.product({
    'dtype': [numpy.float32],
    'linear_terms': [False, True],
    'e_shape': [(3, 2)],
}) + [{'dtype': numpy.float32, 'linear_terms': True, 'e_shape': (3, 2, 2)}]))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestBilinear(testing.FunctionTestCase):

    def setUp(self):
        self.check_forward_options = {'atol': 1e-5, 'rtol': 1e-4}
        self.check_backward_options = {
            'dtype': numpy.float64, 'atol': 1e-3, 'rtol': 1e-3}
        self.check_double_backward_options = self.check_backward_options

    def generate_inputs(self):
        j = int(numpy.prod(self.e_shape[1:]))
        k = 3

        def u(*shape):
            return numpy.random.uniform(-1, 1, shape).astype(self.dtype)
        e1 = u(*self.e_shape)
        e2 = u(self.e_shape[0], k)
        W = u(j, k, 2)
        if not self.linear_terms:
            return e1, e2, W
        return e1, e2, W, u(j, 2), u(k, 2), u(2)

    def forward(self, inputs, device):
        return F.bilinear(*inputs),

    def forward_expected(self, inputs):
        e1, e2, W = [a.astype(numpy.float64) for a in inputs[:3]]
        e1 = e1.reshape(len(e1), -1)
        y = numpy.einsum('ij,ik,jkl->il', e1, e2, W)
        if len(inputs) == 6:
            V1, V2, b = [a.astype(numpy.float64) for a in inputs[3:]]
            y += e1.dot(V1) + e2.dot(V2) + b
        return y.astype(self.dtype),


def test_bilinear_partial_linear_terms():
    e = numpy.zeros((2, 2), 'f')
    W = numpy.zeros((2, 2, 3), 'f')
    with pytest.raises(ValueError):
        F.bilinear(e, e, W, numpy.zeros((2, 3), 'f'))


@pytest.mark.parametrize('e1_shape,e2_shape,w_shape', [
    ((2, 2), (3, 2), (2, 2, 3)),    # batch mismatch
    ((2, 3), (2, 2), (2, 2, 3)),    # e1 size mismatch
    ((2, 2), (2, 2), (2, 2)),       # W not 3-D
])
def test_bilinear_invalid(e1_shape, e2_shape, w_shape):
    with pytest.raises(type_check.InvalidType):
        F.bilinear(numpy.zeros(e1_shape, 'f'), numpy.zeros(e2_shape, 'f'),
                   numpy.zeros(w_shape, 'f'))


@pytest.mark.parametrize('dtypes', [
    ('f', 'f', 'd'), ('e', 'e', 'e'), ('d', 'd', 'd'), ('f', 'f', 'f', 'f', 'f', 'd')])
def test_bilinear_float32_only(dtypes):
    # as v7: every input must be float32
    shapes = [(2, 2), (2, 3), (2, 3, 4), (2, 4), (3, 4), (4,)]
    inputs = [numpy.zeros(s, d) for s, d in zip(shapes, dtypes)]
    with pytest.raises(type_check.InvalidType):
        F.bilinear(*inputs)
