import numpy
import pytest

import chainer
from chainer import functions as F
from chainer import testing
from chainer.utils import type_check


def _well_conditioned(shape, dtype):
    n = shape[-1]
    a = numpy.random.uniform(-1, 1, shape) * 0.3 + numpy.eye(n)
    return a.astype(dtype)


@testing.parameterize(*testing.product({
    'batched': [False, True],
    'n': [1, 3],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestInv(testing.FunctionTestCase):

    def setUp(self):
        self.shape = ((2, self.n, self.n) if self.batched else (self.n, self.n))
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 1e-2, 'rtol': 1e-2}
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
        else:
            self.check_forward_options = {'atol': 1e-5, 'rtol': 1e-5}
            self.check_backward_options = {'atol': 1e-3, 'rtol': 1e-3}
            self.check_double_backward_options = {'atol': 1e-3, 'rtol': 1e-3}

    def generate_inputs(self):
        return _well_conditioned(self.shape, self.dtype),

    def forward(self, inputs, device):
        a, = inputs
        return (F.batch_inv(a) if self.batched else F.inv(a)),

    def forward_expected(self, inputs):
        a, = inputs
        return numpy.linalg.inv(a.astype(numpy.float64)).astype(self.dtype),


def test_inv_labels():
    a = chainer.Variable(numpy.eye(2, dtype=numpy.float32))
    assert F.inv(a).creator.label == 'Inv'
    assert F.batch_inv(a[None]).creator.label == 'BatchInv'


@pytest.mark.parametrize('func,shape', [(F.inv, (2, 2)), (F.batch_inv, (3, 2, 2))])
@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
def test_inv_singular(func, shape, dtype):
    # as v7: a ValueError saying so (ours is numpy.linalg.LinAlgError, a ValueError)
    a = numpy.ones(shape, dtype)
    with pytest.raises(ValueError, match='Input has singular matrices'):
        func(a)


@pytest.mark.gpu
@pytest.mark.parametrize('func,shape', [(F.inv, (2, 2)), (F.batch_inv, (3, 2, 2))])
def test_inv_singular_gpu(func, shape):
    # CuPy does not check singularity by itself: the same error as on CPU
    import cupy
    with pytest.raises(ValueError, match='Input has singular matrices'):
        func(cupy.ones(shape, cupy.float32))


def test_det_backward_of_a_singular_matrix():
    # the gradient of det needs the inverse: as v7, a ValueError
    a = chainer.Variable(numpy.zeros((2, 2), numpy.float32))
    with pytest.raises(ValueError, match='Input has singular matrices'):
        F.det(a).backward()


@pytest.mark.parametrize('shape,dtype', [
    ((2, 3), numpy.float32), ((2, 2, 2), numpy.float32), ((2, 2), numpy.int32),
])
def test_inv_invalid(shape, dtype):
    with pytest.raises(type_check.InvalidType):
        F.inv(numpy.ones(shape, dtype))


@pytest.mark.parametrize('shape,dtype', [
    ((2, 3, 2), numpy.float32), ((2, 2), numpy.float32), ((1, 2, 2), numpy.int32),
])
def test_batch_inv_invalid(shape, dtype):
    with pytest.raises(type_check.InvalidType):
        F.batch_inv(numpy.ones(shape, dtype))
