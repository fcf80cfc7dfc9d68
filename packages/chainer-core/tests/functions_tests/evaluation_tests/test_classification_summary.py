import warnings

import numpy
import pytest

import chainer.functions as F
from chainer.functions.evaluation import classification_summary as cs_module
from chainer.utils import type_check

DTYPES = [numpy.float16, numpy.float32, numpy.float64]


def _ref(x, t, label_num, beta, ignore_label):
    pred = x.argmax(axis=1).reshape(t.shape).ravel()
    true = t.ravel()
    keep = true != ignore_label
    pred, true = pred[keep], true[keep]
    if label_num is None:
        label_num = t.max() + 1
    p, r, f, s = [], [], [], []
    for c in range(label_num):
        tp = float(((pred == c) & (true == c)).sum())
        relevant = float((pred == c).sum())
        support = float((true == c).sum())
        prec = tp / relevant if relevant else numpy.nan
        rec = tp / support if support else numpy.nan
        b2 = beta * beta
        fb = (1 + b2) * prec * rec / (b2 * prec + rec) if (b2 * prec + rec) else numpy.nan
        p.append(prec)
        r.append(rec)
        f.append(fb)
        s.append(support)
    return numpy.array(p), numpy.array(r), numpy.array(f), numpy.array(s)


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('x_shape,t_shape', [((30, 3), (30,)), ((10, 3, 4), (10, 4))])
@pytest.mark.parametrize('label_num', [None, 3])
@pytest.mark.parametrize('beta', [1.0, 2.0])
def test_classification_summary(dtype, x_shape, t_shape, label_num, beta):
    numpy.random.seed(0)
    x = numpy.random.uniform(-1, 1, x_shape).astype(dtype)
    t = numpy.random.randint(-1, 3, t_shape).astype(numpy.int32)
    t.ravel()[:3] = [0, 1, 2]  # every class present
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', RuntimeWarning)
        p, r, f, s = F.classification_summary(x, t, label_num=label_num, beta=beta)
    ep, er, ef, es = _ref(x, t, label_num, beta, -1)
    for actual, expected in ((p, ep), (r, er), (f, ef), (s, es)):
        assert actual.shape == (3,)
        numpy.testing.assert_allclose(actual.array, expected, rtol=1e-6)


def test_precision_recall_f1_return_support():
    x = numpy.array([[0.9, 0.1], [0.2, 0.8], [0.6, 0.4], [0.3, 0.7], [0.5, 0.4]],
                    numpy.float32)
    t = numpy.array([0, 1, 1, 1, -1], numpy.int32)
    # predictions: 0, 1, 0, 1 (last ignored)
    p, s = F.precision(x, t)
    numpy.testing.assert_allclose(p.array, [0.5, 1.0])
    numpy.testing.assert_array_equal(s.array, [1, 3])
    r, s2 = F.recall(x, t)
    numpy.testing.assert_allclose(r.array, [1.0, 2 / 3])
    numpy.testing.assert_array_equal(s2.array, [1, 3])
    f1, _ = F.f1_score(x, t)
    numpy.testing.assert_allclose(f1.array, [2 / 3, 0.8])
    fb, _ = cs_module.fbeta_score(x, t, beta=2.0)
    numpy.testing.assert_allclose(fb.array, [5 * 0.5 / (4 * 0.5 + 1), 5 * (2 / 3) / (4 + 2 / 3)])


def test_classification_summary_custom_ignore_label():
    x = numpy.array([[0.9, 0.1], [0.2, 0.8], [0.7, 0.3]], numpy.float32)
    t = numpy.array([0, 1, 5], numpy.int32)
    p, r, f, s = F.classification_summary(x, t, label_num=2, ignore_label=5)
    numpy.testing.assert_allclose(p.array, [1.0, 1.0])
    numpy.testing.assert_array_equal(s.array, [1, 1])


def test_classification_summary_absent_class_gives_nan():
    x = numpy.array([[0.9, 0.1, 0.0], [0.8, 0.2, 0.0]], numpy.float32)
    t = numpy.array([0, 0], numpy.int32)
    with pytest.warns(RuntimeWarning):
        p, r, f, s = F.classification_summary(x, t, label_num=3)
    assert numpy.isnan(p.array[1]) and numpy.isnan(r.array[2])
    numpy.testing.assert_array_equal(s.array, [2, 0, 0])


@pytest.mark.parametrize('x,t', [
    (numpy.zeros((4, 3), numpy.int32), numpy.zeros(4, numpy.int32)),
    (numpy.zeros((4, 3), numpy.float32), numpy.zeros(4, numpy.float32)),
    (numpy.zeros((4, 3), numpy.float32), numpy.zeros(3, numpy.int32)),
])
def test_classification_summary_invalid_types(x, t):
    with pytest.raises(type_check.InvalidType):
        F.classification_summary(x, t)
