import numpy
import pytest

import chainer.functions as F
from chainer.utils import type_check

DTYPES = [numpy.float16, numpy.float32, numpy.float64]


def _ref_r2(pred, true):
    pred = pred.astype(numpy.float64)
    true = true.astype(numpy.float64)
    ss_res = ((pred - true) ** 2).sum(axis=0)
    ss_tot = ((true - true.mean(axis=0)) ** 2).sum(axis=0)
    ss_tot = numpy.asarray(ss_tot)
    out = numpy.zeros_like(ss_tot)
    nz = ss_tot != 0
    out[nz] = 1 - numpy.asarray(ss_res)[nz] / ss_tot[nz]
    return out


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('shape', [(10,), (10, 3), (6, 2, 2)])
@pytest.mark.parametrize('multioutput', ['uniform_average', 'raw_values'])
def test_r2_score(dtype, shape, multioutput):
    true = numpy.random.uniform(-1, 1, shape).astype(dtype)
    pred = (true + numpy.random.uniform(-0.3, 0.3, shape)).astype(dtype)
    y = F.r2_score(pred, true, multioutput=multioutput)
    expected = _ref_r2(pred, true)
    if multioutput == 'uniform_average':
        expected = expected.mean()
    assert y.dtype == dtype
    assert y.shape == numpy.shape(expected)
    tol = 5e-2 if dtype == numpy.float16 else 1e-5
    numpy.testing.assert_allclose(y.array, expected, atol=tol, rtol=tol)


def test_r2_score_constant_true_gives_zero():
    true = numpy.ones((5, 2), numpy.float32)
    true[:, 1] = numpy.arange(5)
    pred = true + 0.1
    y = F.r2_score(pred, true, multioutput='raw_values')
    assert float(y.array[0]) == 0.0
    assert 0.9 < float(y.array[1]) < 1.0


def test_r2_score_sample_weight_not_supported():
    x = numpy.zeros(3, numpy.float32)
    with pytest.raises(NotImplementedError):
        F.r2_score(x, x, sample_weight=numpy.ones(3, numpy.float32))


def test_r2_score_invalid_multioutput():
    x = numpy.zeros(3, numpy.float32)
    with pytest.raises(ValueError):
        F.r2_score(x, x, multioutput='variance_weighted')


@pytest.mark.parametrize('pred,true', [
    (numpy.zeros(3, numpy.int32), numpy.zeros(3, numpy.int32)),
    (numpy.zeros(3, numpy.float32), numpy.zeros(3, numpy.int32)),
    (numpy.zeros(3, numpy.float32), numpy.zeros(4, numpy.float32)),
])
def test_r2_score_invalid_types(pred, true):
    with pytest.raises(type_check.InvalidType):
        F.r2_score(pred, true)


@pytest.mark.parametrize('pred_dtype,true_dtype', [
    (numpy.float16, numpy.float32), (numpy.float32, numpy.float16),
    (numpy.float64, numpy.float32)])
def test_r2_score_mixed_float_dtypes(pred_dtype, true_dtype):
    # as v7: any float dtypes, the score in the predictions' dtype
    true = numpy.array([1, 2, 3, 4], true_dtype)
    pred = numpy.array([1, 2, 3, 2], pred_dtype)
    y = F.r2_score(pred, true)
    assert y.dtype == pred_dtype
    numpy.testing.assert_allclose(y.array, 0.2, rtol=1e-2)
