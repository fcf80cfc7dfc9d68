"""Forward, backward and double backward of the one-input elementwise math functions."""
import numpy
import pytest
from scipy import special

import chainer
from chainer import functions as F
from chainer import testing
from chainer.utils import type_check
from chainer.functions.math import exponential
from chainer.functions.math import exponential_m1
from chainer.functions.math import hyperbolic
from chainer.functions.math import logarithm_1p
from chainer.functions.math import sqrt
from chainer.functions.math import square
from chainer.functions.math import trigonometric
from chainer.testing._fast_backward import check_fast_backward

# name: (function, float64 reference, input range, node label)
_FUNCS = {
    'exp': (F.exp, numpy.exp, (-1, 1), 'exp'),
    'log': (F.log, numpy.log, (0.5, 2), 'log'),
    'log2': (F.log2, numpy.log2, (0.5, 2), 'log2'),
    'log10': (F.log10, numpy.log10, (0.5, 2), 'log10'),
    'expm1': (F.expm1, numpy.expm1, (-1, 1), 'expm1'),
    'log1p': (F.log1p, numpy.log1p, (-0.5, 1), 'log1p'),
    'sin': (F.sin, numpy.sin, (-2, 2), 'sin'),
    'cos': (F.cos, numpy.cos, (-2, 2), 'cos'),
    'tan': (F.tan, numpy.tan, (-1, 1), 'tan'),
    'arcsin': (F.arcsin, numpy.arcsin, (-0.7, 0.7), 'arcsin'),
    'arccos': (F.arccos, numpy.arccos, (-0.7, 0.7), 'arccos'),
    'arctan': (F.arctan, numpy.arctan, (-2, 2), 'arctan'),
    'sinh': (F.sinh, numpy.sinh, (-1, 1), 'sinh'),
    'cosh': (F.cosh, numpy.cosh, (-1, 1), 'cosh'),
    'arctanh': (F.arctanh, numpy.arctanh, (-0.7, 0.7), 'Arctanh'),
    'sqrt': (F.sqrt, numpy.sqrt, (0.5, 2), 'sqrt'),
    'rsqrt': (F.rsqrt, lambda x: 1 / numpy.sqrt(x), (0.5, 2), None),
    'square': (F.square, numpy.square, (-1, 1), 'square'),
    'erf': (F.erf, special.erf, (-1, 1), 'erf'),
    'erfc': (F.erfc, special.erfc, (-1, 1), 'erfc'),
    'erfcx': (F.erfcx, special.erfcx, (-1, 1), 'erfcx'),
    'erfinv': (F.erfinv, special.erfinv, (-0.7, 0.7), 'erfinv'),
    'erfcinv': (F.erfcinv, special.erfcinv, (0.3, 1.7), 'erfcinv'),
    'ndtr': (F.ndtr, special.ndtr, (-2, 2), 'ndtr'),
    'ndtri': (F.ndtri, special.ndtri, (0.2, 0.8), 'ndtri'),
    'log_ndtr': (F.log_ndtr, special.log_ndtr, (-3, 3), 'log_ndtr'),
    'lgamma': (F.lgamma, special.gammaln, (1, 3), 'lgamma'),
    'digamma': (F.digamma, special.digamma, (1, 3), 'digamma'),
}


@testing.parameterize(*testing.product({
    'name': sorted(_FUNCS),
    'shape': [(3, 2), ()],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestUnaryElementwise(testing.FunctionTestCase):

    def setUp(self):
        self.func, self.ref, self.range, _ = _FUNCS[self.name]
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 5e-3, 'rtol': 5e-3}
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
        elif self.dtype == numpy.float32:
            self.check_forward_options = {'atol': 1e-5, 'rtol': 1e-5}
            self.check_backward_options = {'atol': 1e-3, 'rtol': 1e-3}
            self.check_double_backward_options = {'atol': 1e-3, 'rtol': 1e-3}

    def generate_inputs(self):
        low, high = self.range
        return numpy.random.uniform(low, high, self.shape).astype(self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        return self.func(x),

    def forward_expected(self, inputs):
        x, = inputs
        y = self.ref(x.astype(numpy.float64))
        return numpy.asarray(y).astype(self.dtype),


@pytest.mark.parametrize('name', sorted(n for n in _FUNCS if _FUNCS[n][3] is not None))
def test_label(name):
    func, _, (low, high), label = _FUNCS[name]
    y = func(chainer.Variable(numpy.full((2,), (low + high) / 2, numpy.float32)))
    assert y.creator.label == label


@pytest.mark.parametrize('name', sorted(_FUNCS))
def test_int_input_is_invalid(name):
    func = _FUNCS[name][0]
    with pytest.raises(type_check.InvalidType):
        func(numpy.ones((2, 3), numpy.int32))


@pytest.mark.parametrize('name', sorted(_FUNCS))
def test_output_dtype_and_0dim(name):
    func, _, (low, high), _ = _FUNCS[name]
    x = numpy.asarray((low + high) / 2, numpy.float32)
    y = func(x)
    assert isinstance(y, chainer.Variable)
    assert y.shape == ()
    assert isinstance(y.array, numpy.ndarray)
    assert y.dtype == numpy.float32


def test_sqrt_negative_is_nan():
    with numpy.errstate(invalid="ignore"):
        y = F.sqrt(numpy.array([-1.0, 4.0], numpy.float32))
    assert numpy.isnan(y.array[0]) and y.array[1] == 2.0


def test_log_ndtr_extreme_values():
    x = numpy.array([-40.0, -10.0, 0.0, 10.0], numpy.float64)
    testing.assert_allclose(F.log_ndtr(x).array, special.log_ndtr(x), rtol=1e-10)
    xv = chainer.Variable(x)
    F.sum(F.log_ndtr(xv)).backward()
    # d/dx log ndtr(x) = pdf(x) / ndtr(x), finite even far in the left tail
    expected = numpy.exp(-x * x / 2 - special.log_ndtr(x)) / numpy.sqrt(2 * numpy.pi)
    testing.assert_allclose(xv.grad, expected, rtol=1e-8)


def _uniform(shape, dtype, low=-1, high=1, seed=0):
    return numpy.random.RandomState(seed).uniform(low, high, shape).astype(dtype)


_FAST_DTYPES = [numpy.float16, numpy.float32, numpy.float64]


UNARY = [
    (exponential.Exp, F.exp, -1, 1),
    (exponential.Log, F.log, 0.5, 2),
    (exponential.Log2, F.log2, 0.5, 2),
    (exponential.Log10, F.log10, 0.5, 2),
    (exponential_m1.Expm1, F.expm1, -1, 1),
    (logarithm_1p.Log1p, F.log1p, -0.5, 1),
    (sqrt.Sqrt, F.sqrt, 0.5, 2),
    (square.Square, F.square, -1, 1),
    (trigonometric.Sin, F.sin, -2, 2),
    (trigonometric.Cos, F.cos, -2, 2),
    (hyperbolic.Sinh, F.sinh, -1, 1),
    (hyperbolic.Cosh, F.cosh, -1, 1),
]


@pytest.mark.parametrize('node_class,func,low,high', UNARY,
                         ids=[u[0].__name__ for u in UNARY])
@pytest.mark.parametrize('shape', [(3, 4), (), (0, 2)])
@pytest.mark.parametrize('dtype', _FAST_DTYPES)
def test_fast_backward(node_class, func, low, high, shape, dtype):
    x = _uniform(shape, dtype, low, high)
    gy = _uniform(shape, dtype, seed=1)
    check_fast_backward(node_class, func, [x], [gy])
