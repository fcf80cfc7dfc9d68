"""Special functions with two arguments, and the CPU paths without SciPy."""
import sys

import numpy
import pytest
from scipy import special

import chainer
from chainer import functions as F
from chainer import testing
from chainer.functions.math import _special
from chainer.utils import type_check


@testing.parameterize(*testing.product({
    'shape': [(3, 2), ()],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'order': [0, 1, 2],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestPolyGamma(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 1e-2, 'rtol': 5e-3}
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
        else:
            self.check_backward_options = {'atol': 1e-3, 'rtol': 1e-3}
            self.check_double_backward_options = {'atol': 1e-3, 'rtol': 1e-3}

    def generate_inputs(self):
        return numpy.random.uniform(1, 3, self.shape).astype(self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        n = device.send(numpy.full(self.shape, self.order, numpy.int32))
        return F.polygamma(n, x),

    def forward_expected(self, inputs):
        x, = inputs
        y = special.polygamma(self.order, x.astype(numpy.float64))
        return numpy.asarray(y).astype(self.dtype),


def test_polygamma_broadcast_order():
    x = chainer.Variable(numpy.array([[1.5, 2.0], [2.5, 3.0]]))
    n = numpy.array([0, 1], numpy.int32)
    y = F.polygamma(n, x)
    testing.assert_allclose(y.array, special.polygamma(n, x.array))
    F.sum(y).backward()
    testing.assert_allclose(x.grad, special.polygamma(n + 1, x.array))


def test_polygamma_shapes_not_broadcastable():
    # as v7: a ValueError (NumPy's broadcasting), not InvalidType
    with pytest.raises(ValueError, match='polygamma'):
        F.polygamma(numpy.ones((2, 3), numpy.int32), numpy.ones((3, 2), numpy.float32))


def test_polygamma_invalid_type():
    with pytest.raises(type_check.InvalidType):
        F.polygamma(numpy.ones(3, numpy.float32), numpy.ones(3, numpy.float32))
    with pytest.raises(type_check.InvalidType):
        F.polygamma(numpy.ones(3, numpy.int32), numpy.ones(3, numpy.int32))


@testing.parameterize(*testing.product({
    'shape': [(3, 2), ()],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestZeta(testing.FunctionTestCase):

    def setUp(self):
        self.x = 3.5
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 1e-2, 'rtol': 5e-3}
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
        else:
            self.check_backward_options = {'atol': 1e-3, 'rtol': 1e-3}
            self.check_double_backward_options = {'atol': 1e-3, 'rtol': 1e-3}

    def generate_inputs(self):
        return numpy.random.uniform(1, 3, self.shape).astype(self.dtype),

    def forward(self, inputs, device):
        q, = inputs
        return F.zeta(self.x, q),

    def forward_expected(self, inputs):
        q, = inputs
        return numpy.asarray(special.zeta(self.x, q.astype(numpy.float64))).astype(self.dtype),


def test_zeta_invalid_type():
    with pytest.raises(type_check.InvalidType):
        F.zeta(2.0, numpy.ones(3, numpy.int32))


@pytest.fixture
def no_scipy(monkeypatch):
    monkeypatch.setitem(sys.modules, 'scipy', None)
    monkeypatch.setitem(sys.modules, 'scipy.special', None)
    monkeypatch.setattr(_special, '_cpu_funcs', {})


@pytest.mark.parametrize('name,ref', [
    ('erf', special.erf), ('erfc', special.erfc), ('ndtr', special.ndtr),
    ('log_ndtr', special.log_ndtr),
])
def test_slow_fallback_without_scipy(no_scipy, name, ref):
    x = numpy.array([-45.0, -25.0, -3.0, -0.5, 0.0, 0.7, 4.0, 30.0])
    expected = ref(x)
    with pytest.warns(Warning, match='SciPy is not available'):
        y = getattr(F, name)(x)
    testing.assert_allclose(y.array, expected, rtol=1e-9, atol=0)
    y32 = getattr(F, name)(x.astype(numpy.float32))
    assert y32.dtype == numpy.float32


@pytest.mark.parametrize('call', [
    lambda x: F.erfcx(x), lambda x: F.erfinv(x), lambda x: F.erfcinv(x + 1),
    lambda x: F.ndtri(x + 0.5), lambda x: F.lgamma(x + 1), lambda x: F.digamma(x + 1),
    lambda x: F.polygamma(numpy.zeros(3, numpy.int32), x + 1), lambda x: F.zeta(2.0, x + 1),
])
def test_import_error_without_scipy(no_scipy, call):
    x = numpy.array([0.1, 0.2, 0.3], numpy.float32)
    with pytest.raises(ImportError, match='SciPy is not available'):
        call(x)


def test_available_cpu_flags_as_v7():
    # v7's tests skip on these module flags; SciPy is installed here (imported above).
    from chainer.functions.math import erfcinv, erfcx, erfinv, ndtri
    assert _special.scipy_available is True
    assert erfinv.available_cpu and erfcinv.available_cpu
    assert erfcx.available_cpu and ndtri.available_cpu
