import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import function_hooks
from chainer import testing
from chainer.functions.loss import softmax_cross_entropy as sce_module
from chainer.utils import type_check
from chainer.testing._fast_backward import check_fast_backward


def _log_softmax64(x):
    x = x.astype(numpy.float64)
    m = x.max(axis=1, keepdims=True)
    return x - m - numpy.log(numpy.exp(x - m).sum(axis=1, keepdims=True))


def _ref_hard(x, t, class_weight, ignore_label, normalize, reduce):
    log_y = numpy.moveaxis(_log_softmax64(x), 1, -1).reshape(-1, x.shape[1])
    labels = t.ravel()
    losses = numpy.zeros(len(labels))
    for i, (row, label) in enumerate(zip(log_y, labels)):
        if label == ignore_label:
            continue
        w = 1.0 if class_weight is None else float(class_weight[label])
        losses[i] = -w * row[label]
    if reduce == 'no':
        return losses.reshape(t.shape).astype(x.dtype)
    count = (labels != ignore_label).sum() if normalize else x.shape[0]
    return numpy.asarray(losses.sum() / max(count, 1), x.dtype)


def _ref_soft(x, t, soft_target_loss, reduce):
    log_y = _log_softmax64(x)
    t = t.astype(numpy.float64)
    if soft_target_loss == 'kl-divergence':
        loss = (t * (numpy.log(t) - log_y)).sum(axis=1)
    else:
        loss = -(t * log_y).sum(axis=1)
    if reduce == 'no':
        return loss.astype(x.dtype)
    return numpy.asarray(loss.mean(), x.dtype)


_OPTIONS = [
    {'class_weight': False, 'ignore': True, 'normalize': True, 'cache_score': True},
    {'class_weight': True, 'ignore': True, 'normalize': False, 'cache_score': False},
    {'class_weight': False, 'ignore': False, 'normalize': False, 'cache_score': True},
    {'class_weight': True, 'ignore': False, 'normalize': True, 'cache_score': True},
]


def _tolerances(case):
    if case.dtype == numpy.float16:
        case.check_forward_options = {'atol': 5e-3, 'rtol': 5e-2}
        case.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
        case.check_double_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
    else:
        case.check_backward_options = {'atol': 1e-4, 'rtol': 1e-3}
        case.check_double_backward_options = {'atol': 1e-4, 'rtol': 1e-3}


@testing.parameterize(*testing.product_dict(
    [{'shape': (4, 3)}, {'shape': (3, 3, 2)}],
    [{'dtype': numpy.float16}, {'dtype': numpy.float32}, {'dtype': numpy.float64}],
    [{'reduce': 'mean'}, {'reduce': 'no'}],
    _OPTIONS,
))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestSoftmaxCrossEntropy(testing.FunctionTestCase):

    def setUp(self):
        _tolerances(self)
        n_class = self.shape[1]
        self.weight = (numpy.random.uniform(0.5, 2, n_class).astype(self.dtype)
                       if self.class_weight else None)

    def before_test(self, test_name):
        # the double backward test needs the differentiable gradient
        self.double = test_name == 'test_double_backward'

    def generate_inputs(self):
        x = numpy.random.uniform(-1, 1, self.shape).astype(self.dtype)
        t_shape = self.shape[:1] + self.shape[2:]
        t = numpy.random.randint(0, self.shape[1], t_shape).astype(numpy.int32)
        if self.ignore:
            t.ravel()[1] = -1
        return x, t

    def forward(self, inputs, device):
        x, t = inputs
        return F.softmax_cross_entropy(
            x, t, normalize=self.normalize, cache_score=self.cache_score,
            class_weight=None if self.weight is None else device.send(self.weight),
            reduce=self.reduce,
            enable_double_backprop=self.double),

    def forward_expected(self, inputs):
        x, t = inputs
        return _ref_hard(x, t, self.weight, -1, self.normalize, self.reduce),


@testing.parameterize(*testing.product({
    'shape': [(4, 3), (2, 3, 2)],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'reduce': ['mean', 'no'],
    'soft_target_loss': ['cross-entropy', 'kl-divergence'],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestSoftmaxCrossEntropySoftTarget(testing.FunctionTestCase):

    def setUp(self):
        _tolerances(self)

    def before_test(self, test_name):
        self.double = test_name == 'test_double_backward'

    def generate_inputs(self):
        x = numpy.random.uniform(-1, 1, self.shape).astype(self.dtype)
        t = numpy.random.uniform(0.1, 1, self.shape)
        t /= t.sum(axis=1, keepdims=True)
        return x, t.astype(self.dtype)

    def forward(self, inputs, device):
        x, t = inputs
        return F.softmax_cross_entropy(
            x, t, reduce=self.reduce, soft_target_loss=self.soft_target_loss,
            enable_double_backprop=self.double),

    def forward_expected(self, inputs):
        x, t = inputs
        return _ref_soft(x, t, self.soft_target_loss, self.reduce),

    # t is a float input here but receives no gradient (as in v7); the double backward check
    # takes one no_grads entry per input and per output gradient
    def run_test_backward(self, backend_config):
        self.check_backward_options = dict(self.check_backward_options, no_grads=[False, True])
        super().run_test_backward(backend_config)

    def run_test_double_backward(self, backend_config):
        self.check_double_backward_options = dict(
            self.check_double_backward_options, no_grads=[False, True, False])
        super().run_test_double_backward(backend_config)


def _data(shape=(4, 3), dtype=numpy.float32):
    x = numpy.random.uniform(-2, 2, shape).astype(dtype)
    t = numpy.random.randint(0, shape[1], shape[:1] + shape[2:]).astype(numpy.int32)
    t.ravel()[0] = -1
    return x, t


@pytest.mark.parametrize('kwargs', [
    {}, {'reduce': 'no'}, {'normalize': False, 'cache_score': False},
    {'class_weight': numpy.array([0.5, 1.0, 2.0], numpy.float32)},
    {'class_weight': numpy.array([0.5, 1.0, 2.0], numpy.float32), 'reduce': 'no'},
])
@pytest.mark.parametrize('shape', [(4, 3), (3, 3, 2)])
@pytest.mark.parametrize('enable_double_backprop', [False, True])
def test_fast_backward(kwargs, shape, enable_double_backprop):
    # with enable_double_backprop, backward is v7's differentiable formula: the fast path
    # must agree with it too
    x, t = _data(shape)
    reduced = kwargs.get('reduce', 'mean') == 'mean'
    gy = numpy.asarray(0.7, x.dtype) if reduced else \
        numpy.linspace(-1, 1, t.size).reshape(t.shape).astype(x.dtype)
    check_fast_backward(
        sce_module.SoftmaxCrossEntropy,
        lambda a, b: F.softmax_cross_entropy(
            a, b, enable_double_backprop=enable_double_backprop, **kwargs),
        [x, t], [gy], atol=1e-7, rtol=1e-5)


@pytest.mark.parametrize('reduce', ['mean', 'no'])
@pytest.mark.parametrize('enable_double_backprop', [False, True])
def test_fast_backward_of_soft_targets(reduce, enable_double_backprop):
    x = numpy.random.uniform(-1, 1, (4, 3)).astype(numpy.float32)
    t = numpy.random.uniform(0.1, 1, (4, 3))
    t = (t / t.sum(axis=1, keepdims=True)).astype(numpy.float32)
    gy = numpy.asarray(0.7, numpy.float32) if reduce == 'mean' else \
        numpy.linspace(-1, 1, 4).astype(numpy.float32)
    check_fast_backward(
        sce_module.SoftmaxCrossEntropy,
        lambda a: F.softmax_cross_entropy(
            a, t, reduce=reduce, enable_double_backprop=enable_double_backprop),
        [x], [gy], atol=1e-7, rtol=1e-5)


class _CountingHook(chainer.FunctionHook):
    name = 'counting'

    def __init__(self):
        self.n = 0

    def backward_preprocess(self, function, in_data, out_grad):
        self.n += 1


def test_non_differentiable_variable_path_under_hook():
    # with enable_double_backprop=False and a hook, backward runs the Variable path
    x, t = _data()
    xv = chainer.Variable(x.copy())
    F.softmax_cross_entropy(xv, t).backward()
    expected = xv.grad.copy()
    xv.cleargrad()
    hook = _CountingHook()
    with hook:
        loss = F.softmax_cross_entropy(xv, t)
    with hook:
        loss.backward()
    assert hook.n == 1
    testing.assert_allclose(xv.grad, expected)
    # as v7, the gradient comes from a node of its own, which hooks see, and which refuses
    # double backprop
    with function_hooks.TimerHook() as timer:
        loss = F.softmax_cross_entropy(xv, t)
        loss.backward()
    assert [name for name, _ in timer.call_history] == [
        'SoftmaxCrossEntropy', '_SoftmaxCrossEntropyGrad_NoDoubleBackprop', 'Add',
        'SoftmaxCrossEntropy']  # (Add: the sum with the gradient xv already has)
    xv = chainer.Variable(x.copy())
    loss = F.softmax_cross_entropy(xv, t)
    gx, = chainer.grad([loss], [xv], enable_double_backprop=True)
    assert gx.creator.label == '_SoftmaxCrossEntropyGrad_NoDoubleBackprop'
    with pytest.raises(RuntimeError, match="'enable_double_backprop=True' explicitly"):
        F.sum(gx * gx).backward()


def test_gradient_formula_without_one_hot():
    x = numpy.array([[1.0, 2.0, 3.0], [0.0, 0.0, 0.0]], numpy.float64)
    t = numpy.array([2, 0], numpy.int32)
    xv = chainer.Variable(x)
    F.softmax_cross_entropy(xv, t).backward()
    y = numpy.exp(_log_softmax64(x))
    y[0, 2] -= 1
    y[1, 0] -= 1
    testing.assert_allclose(xv.grad, y / 2)


def test_backward_twice_with_cached_score():
    x, t = _data()
    xv = chainer.Variable(x)
    loss = F.softmax_cross_entropy(xv, t)
    loss.backward()
    g1 = xv.grad.copy()
    xv.cleargrad()
    loss.backward()
    testing.assert_allclose(xv.grad, g1)


def test_all_ignored():
    x = numpy.random.uniform(-1, 1, (3, 4)).astype(numpy.float32)
    t = numpy.full(3, -1, numpy.int32)
    xv = chainer.Variable(x)
    loss = F.softmax_cross_entropy(xv, t)
    assert float(loss.array) == 0
    loss.backward()
    assert (xv.grad == 0).all()
    assert (F.softmax_cross_entropy(x, t, reduce='no').array == 0).all()


def test_custom_ignore_label():
    x = numpy.random.uniform(-1, 1, (3, 4)).astype(numpy.float64)
    t = numpy.array([1, 3, 0], numpy.int32)
    y = F.softmax_cross_entropy(x, t, ignore_label=3, reduce='no').array
    expected = _ref_hard(x, t, None, 3, True, 'no')
    testing.assert_allclose(y, expected)
    assert y[1] == 0


@pytest.mark.parametrize('reduce', ['mean', 'no'])
def test_empty_batch(reduce):
    x = numpy.zeros((0, 3), numpy.float32)
    t = numpy.zeros((0,), numpy.int32)
    xv = chainer.Variable(x)
    loss = F.softmax_cross_entropy(xv, t, reduce=reduce)
    assert loss.shape == (() if reduce == 'mean' else (0,))
    assert loss.dtype == numpy.float32
    if reduce == 'mean':
        assert float(loss.array) == 0
        loss.backward()
        assert xv.grad.shape == (0, 3)


def test_large_logits_are_stable():
    x = numpy.array([[1000.0, 0.0, -1000.0]], numpy.float32)
    t = numpy.array([2], numpy.int32)
    with numpy.errstate(over='raise', invalid='raise', divide='raise'):
        loss = F.softmax_cross_entropy(x, t)
    testing.assert_allclose(loss.array, 2000.0)


@pytest.mark.parametrize('x_shape,t_shape,t_dtype,x_dtype', [
    ((3, 4), (3,), numpy.float32, numpy.float32),       # float t must have x's shape
    ((3, 4), (3, 1), numpy.int32, numpy.float32),       # wrong ndim
    ((3, 4), (2,), numpy.int32, numpy.float32),         # batch mismatch
    ((3, 4, 2), (3, 3), numpy.int32, numpy.float32),    # trailing shape mismatch
    ((3, 4), (3,), numpy.uint8, numpy.float32),         # unsigned labels
    ((3, 4), (3,), numpy.int32, numpy.int32),           # integer x
])
def test_invalid_type(x_shape, t_shape, t_dtype, x_dtype):
    x = numpy.zeros(x_shape, x_dtype)
    t = numpy.zeros(t_shape, t_dtype)
    with pytest.raises(type_check.InvalidType):
        F.softmax_cross_entropy(x, t)


def test_invalid_options():
    x, t = _data()
    with pytest.raises(ValueError):
        F.softmax_cross_entropy(x, t, reduce='sum')
    with pytest.raises(ValueError):
        F.softmax_cross_entropy(x, t, soft_target_loss='mse')
    with pytest.raises(ValueError):
        F.softmax_cross_entropy(x, t, class_weight=numpy.ones((3, 1), numpy.float32))
    with pytest.raises(ValueError):
        F.softmax_cross_entropy(x, t, class_weight=numpy.ones(3, numpy.int32))
    with pytest.raises(ValueError):
        F.softmax_cross_entropy(
            x, t, class_weight=chainer.Variable(numpy.ones(3, numpy.float32)))
    with pytest.raises(ValueError):
        F.softmax_cross_entropy(x, t, class_weight=numpy.ones(5, numpy.float32))


def test_invalid_label_in_debug_mode():
    x = numpy.zeros((2, 3), numpy.float32)
    t = numpy.array([0, 3], numpy.int32)
    with chainer.using_config('debug', True):
        with pytest.raises(ValueError):
            F.softmax_cross_entropy(x, t)


@pytest.mark.parametrize('cache_score', [True, False])
@pytest.mark.parametrize('soft', [False, True])
def test_cached_score_attribute(cache_score, soft):
    # v7 keeps the softmax of x as ``y`` when cache_score is on (code in the wild reads it).
    from chainer.functions.loss import softmax_cross_entropy as m
    x = numpy.random.uniform(-1, 1, (3, 4, 2)).astype(numpy.float32)
    if soft:
        t = numpy.random.uniform(0, 1, x.shape).astype(numpy.float32)
        t /= t.sum(axis=1, keepdims=True)
    else:
        t = numpy.random.randint(0, 4, (3, 2)).astype(numpy.int32)
    node = m.SoftmaxCrossEntropy(cache_score=cache_score)
    loss, = node.apply((chainer.Variable(x), t))
    if cache_score:
        softmax = numpy.exp(x) / numpy.exp(x).sum(axis=1, keepdims=True)
        testing.assert_allclose(node.y, softmax)
    else:
        assert node.y is None
    loss.backward()


@pytest.mark.filterwarnings('error::RuntimeWarning')
@pytest.mark.parametrize('soft', [False, True])
def test_float16_mean_of_many_samples_stays_finite(soft):
    # as v7: 80000 losses of log(3) sum past float16's range; their mean does not
    x = numpy.zeros((80000, 3), numpy.float16)
    t = numpy.full((80000, 3), 1 / 3, numpy.float16) if soft else numpy.zeros(80000, numpy.int32)
    y = F.softmax_cross_entropy(x, t)
    assert y.dtype == numpy.float16
    testing.assert_allclose(y.array, numpy.log(3), atol=2e-3, rtol=0)
