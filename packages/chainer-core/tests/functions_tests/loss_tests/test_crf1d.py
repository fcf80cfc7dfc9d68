import itertools

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing

_LENGTHS = [3, 2, 2, 1]          # sorted by decreasing length
_BATCHES = [4, 3, 1]             # xs[i].shape[0]
_K = 3


def _sequences(xs):
    """Per-sequence score matrices (L_b, K) from the transposed xs."""
    return [numpy.stack([xs[i][b] for i in range(n)]) for b, n in enumerate(_LENGTHS)]


def _path_score(cost, x, path):
    s = sum(x[i, p] for i, p in enumerate(path))
    return s + sum(cost[a, b] for a, b in zip(path[:-1], path[1:]))


def _all_paths(n):
    return itertools.product(range(_K), repeat=n)


def _ref_loss(cost, xs, ys, reduce):
    cost = cost.astype(numpy.float64)
    seqs = _sequences([x.astype(numpy.float64) for x in xs])
    labels = _sequences(ys)
    losses = []
    for x, y in zip(seqs, labels):
        scores = [_path_score(cost, x, p) for p in _all_paths(len(x))]
        logz = numpy.log(numpy.exp(scores).sum())
        losses.append(logz - _path_score(cost, x, list(y)))
    losses = numpy.array(losses)
    return numpy.asarray(losses.mean()) if reduce == 'mean' else losses


@testing.parameterize(*testing.product({
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'reduce': ['mean', 'no'],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestCRF1d(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 5e-2, 'rtol': 5e-2}
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
        else:
            self.check_backward_options = {'atol': 1e-4, 'rtol': 1e-3}
            self.check_double_backward_options = {'atol': 1e-4, 'rtol': 1e-3}
        self.ys = [numpy.random.randint(0, _K, b).astype(numpy.int32) for b in _BATCHES]

    def generate_inputs(self):
        cost = numpy.random.uniform(-1, 1, (_K, _K)).astype(self.dtype)
        xs = [numpy.random.uniform(-1, 1, (b, _K)).astype(self.dtype) for b in _BATCHES]
        return (cost,) + tuple(xs)

    def forward(self, inputs, device):
        cost = inputs[0]
        return F.crf1d(cost, list(inputs[1:]), device.send(self.ys), reduce=self.reduce),

    def forward_expected(self, inputs):
        return _ref_loss(inputs[0], inputs[1:], self.ys, self.reduce).astype(self.dtype),


def test_single_step_and_variable_labels():
    cost = numpy.random.uniform(-1, 1, (_K, _K))
    x = numpy.random.uniform(-1, 1, (2, _K))
    y = chainer.Variable(numpy.array([0, 2], numpy.int32))
    loss = F.crf1d(cost, [x], [y], reduce='no')
    expected = numpy.log(numpy.exp(x).sum(axis=1)) - x[[0, 1], [0, 2]]
    testing.assert_allclose(loss.array, expected)


def test_invalid_reduce():
    with pytest.raises(ValueError):
        F.crf1d(numpy.zeros((2, 2), 'f'), [numpy.zeros((1, 2), 'f')],
                [numpy.zeros(1, 'i')], reduce='sum')


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
def test_argmax_crf1d(dtype):
    cost = numpy.random.uniform(-1, 1, (_K, _K)).astype(dtype)
    xs = [numpy.random.uniform(-1, 1, (b, _K)).astype(dtype) for b in _BATCHES]
    score, path = F.argmax_crf1d(cost, xs)
    assert isinstance(score, chainer.Variable)
    assert score.shape == (len(_LENGTHS),)
    assert [p.shape for p in path] == [(b,) for b in _BATCHES]
    assert all(p.dtype == numpy.int32 for p in path)
    best_paths = _sequences(path)
    for b, x in enumerate(_sequences(xs)):
        scores = {p: _path_score(cost, x, p) for p in _all_paths(len(x))}
        best = max(scores, key=scores.get)
        assert tuple(best_paths[b]) == best
        testing.assert_allclose(score.array[b], scores[best], rtol=1e-5)


def test_argmax_crf1d_single_step():
    x = numpy.array([[0.0, 2.0, 1.0]], numpy.float32)
    score, path = F.argmax_crf1d(numpy.zeros((3, 3), numpy.float32), [x])
    assert path[0].tolist() == [1]
    testing.assert_allclose(score.array, [2.0])
