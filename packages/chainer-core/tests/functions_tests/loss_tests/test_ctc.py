import itertools

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.utils import type_check

_BLANK = 0


def _collapse(path):
    out = []
    prev = None
    for p in path:
        if p != prev and p != _BLANK:
            out.append(p)
        prev = p
    return out


def _ref_losses(x, t, input_length, label_length):
    x = x.astype(numpy.float64)
    losses = []
    for b in range(x.shape[1]):
        logits = x[:input_length[b], b]
        prob = numpy.exp(logits - logits.max(axis=1, keepdims=True))
        prob /= prob.sum(axis=1, keepdims=True)
        label = list(t[b, :label_length[b]])
        total = 0.0
        for path in itertools.product(range(x.shape[2]), repeat=len(logits)):
            if _collapse(path) == label:
                total += numpy.prod(prob[numpy.arange(len(path)), list(path)])
        losses.append(-numpy.log(total))
    return numpy.array(losses)


_CASES = [
    # labels with a repeat (needs a blank between), full lengths
    {'t': [[1, 1], [2, 1]], 'input_length': None, 'label_length': None},
    # variable input and label lengths (padding is ignored)
    {'t': [[1, 2], [2, 0]], 'input_length': [4, 3], 'label_length': [2, 1]},
    # an empty label sequence
    {'t': [[2, 2], [1, 2]], 'input_length': [4, 4], 'label_length': [0, 2]},
]


@testing.parameterize(*testing.product_dict(
    _CASES,
    [{'dtype': numpy.float16}, {'dtype': numpy.float32}, {'dtype': numpy.float64}],
    [{'reduce': 'mean'}, {'reduce': 'no'}],
))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestCTC(testing.FunctionTestCase):

    skip_double_backward_test = True
    n_time = 4
    n_vocab = 3

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 5e-3, 'rtol': 5e-2}
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
        else:
            self.check_backward_options = {'atol': 1e-4, 'rtol': 1e-3}
        self.labels = numpy.array(self.t, numpy.int32)

    def _lengths(self):
        il = self.input_length or [self.n_time] * 2
        ll = self.label_length or [self.labels.shape[1]] * 2
        return numpy.array(il, numpy.int32), numpy.array(ll, numpy.int32)

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, (self.n_time, 2, self.n_vocab)).astype(self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        xs = [x[i] for i in range(self.n_time)]
        kwargs = {}
        if self.input_length is not None:
            kwargs['input_length'], kwargs['label_length'] = device.send(self._lengths())
        return F.connectionist_temporal_classification(
            xs, device.send(self.labels), _BLANK, reduce=self.reduce, **kwargs),

    def forward_expected(self, inputs):
        x, = inputs
        loss = _ref_losses(x, self.labels, *self._lengths())
        if self.reduce == 'mean':
            loss = numpy.asarray(loss.mean())
        return loss.astype(self.dtype),


def test_gradient_is_zero_after_input_end():
    xs = [chainer.Variable(numpy.random.uniform(-1, 1, (2, 3)).astype(numpy.float32))
          for _ in range(4)]
    t = numpy.array([[1, 2], [2, 1]], numpy.int32)
    loss = F.connectionist_temporal_classification(
        xs, t, 0, input_length=numpy.array([4, 2], numpy.int32),
        label_length=numpy.array([2, 2], numpy.int32))
    loss.backward()
    assert (xs[2].grad[1] == 0).all() and (xs[3].grad[1] == 0).all()
    assert (xs[3].grad[0] != 0).any()
    # each time step's gradient sums to zero over the vocabulary (softmax minus posteriors)
    for x in xs[:2]:
        testing.assert_allclose(x.grad.sum(axis=1), 0, atol=1e-6)


def test_other_blank_symbol():
    x = numpy.random.uniform(-1, 1, (3, 1, 3))
    t = numpy.array([[0]], numpy.int32)
    loss = F.connectionist_temporal_classification(list(x), t, 2, reduce='no').array
    # map blank 2 -> 0 and label 0 -> 2 for the reference that uses blank 0
    expected = _ref_losses(x[:, :, [2, 1, 0]], numpy.array([[2]]), [3], [1])
    testing.assert_allclose(loss, expected)


def test_invalid():
    xs = [numpy.zeros((2, 3), numpy.float32)] * 3
    t = numpy.zeros((2, 1), numpy.int32)
    with pytest.raises(TypeError):
        F.connectionist_temporal_classification(numpy.zeros((3, 2, 3), 'f'), t, 0)
    with pytest.raises(TypeError):
        F.connectionist_temporal_classification(xs, t, 0.0)
    with pytest.raises(ValueError):
        F.connectionist_temporal_classification(xs, t, 0, reduce='sum')
    with pytest.raises(type_check.InvalidType):
        F.connectionist_temporal_classification(xs, t.astype(numpy.int64), 0)
    with pytest.raises(type_check.InvalidType):
        F.connectionist_temporal_classification(xs, numpy.zeros((3, 1), numpy.int32), 0)
    with pytest.raises(type_check.InvalidType):  # as v7
        F.connectionist_temporal_classification(xs, numpy.zeros((2, 1, 1), numpy.int32), 0)


@pytest.mark.parametrize('dtype,loss', [
    (numpy.float16, 1e4), (numpy.float32, 1e10), (numpy.float64, 1e10)])
def test_label_sequence_longer_than_input(dtype, loss):
    # v7's finite loss (its log of zero) for a sequence no alignment emits; no gradient
    rng = numpy.random.RandomState(0)
    xs = [chainer.Variable(rng.uniform(-1, 1, (2, 4)).astype(dtype)) for _ in range(2)]
    t = numpy.array([[1, 1], [1, 2]], numpy.int32)
    y = F.connectionist_temporal_classification(xs, t, 0, reduce='no')
    assert y.array[0] == dtype(loss)
    possible = F.connectionist_temporal_classification(
        [x[1:] for x in xs], t[1:], 0, reduce='no')
    testing.assert_allclose(y.array[1:], possible.array)
    F.sum(y).backward()
    for x in xs:
        numpy.testing.assert_array_equal(x.grad[0], numpy.zeros(4, dtype))
        assert numpy.isfinite(x.grad).all()
