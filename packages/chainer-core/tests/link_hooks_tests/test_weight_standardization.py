import numpy
import pytest

import chainer
from chainer import initializers
from chainer import link_hooks
from chainer import gradient_check


class Conv(chainer.Link):
    """Stands in for a convolution: returns W * x so that the used weight is visible."""

    def __init__(self, shape=(3, 2, 2, 2), lazy=False):
        super().__init__()
        self.shape = shape
        with self.init_scope():
            self.W = chainer.Parameter(initializers.Normal(1.0))
        if not lazy:
            self._initialize_params(shape[1])

    def _initialize_params(self, in_channels):
        self.W.initialize((self.shape[0], in_channels) + self.shape[2:])

    def forward(self, x):
        return self.W * x


def _reference(w, eps):
    m = w.reshape(w.shape[0], -1).astype(numpy.float64)
    m = (m - m.mean(axis=1, keepdims=True)) / numpy.sqrt(m.var(axis=1, keepdims=True) + eps)
    return m.reshape(w.shape)


def test_standardized_forward_and_restore():
    link = Conv()
    W = link.W
    hook = link_hooks.WeightStandardization()
    assert hook.name == 'WeightStandardization' and hook.eps == 1e-5
    link.add_hook(hook)
    y = link(numpy.ones(W.shape, numpy.float32))
    assert link.W is W
    numpy.testing.assert_allclose(y.array, _reference(W.array, 1e-5), rtol=1e-4, atol=1e-5)
    m = y.array.reshape(3, -1)
    numpy.testing.assert_allclose(m.mean(axis=1), 0, atol=1e-6)
    numpy.testing.assert_allclose(m.std(axis=1), 1, rtol=1e-3)


def test_float32_rounding_as_v7():
    # v7 multiplies by the reciprocal standard deviation: its float32 results are these bits
    numpy.random.seed(0)
    link = Conv(shape=(4, 3, 3, 3))
    link.add_hook(link_hooks.WeightStandardization())
    y = link(numpy.ones(link.W.shape, numpy.float32))
    rows = link.W.array.reshape(4, -1)
    centered = rows - rows.mean(axis=1, keepdims=True)
    inv_std = 1 / numpy.sqrt((centered * centered).mean(axis=1, keepdims=True) + 1e-5)
    numpy.testing.assert_array_equal(y.array, (centered * inv_std).reshape(link.W.shape))


def test_gradient():
    link = Conv(shape=(2, 3, 1, 1))
    link.add_hook(link_hooks.WeightStandardization(eps=1e-2))
    x = numpy.random.uniform(-1, 1, link.W.shape).astype(numpy.float64)
    link.W.array = link.W.array.astype(numpy.float64)

    def f(x):
        return link(x)

    gy = numpy.random.uniform(-1, 1, link.W.shape)
    gradient_check.check_backward(f, x, gy, params=(link.W,), atol=1e-4, rtol=1e-3)


def test_lazy_initialization():
    link = Conv(shape=(3, 5, 2, 2), lazy=True)
    link.add_hook(link_hooks.WeightStandardization())
    y = link(numpy.ones((3, 5, 2, 2), numpy.float32))
    assert link.W.shape == (3, 5, 2, 2)
    assert y.shape == (3, 5, 2, 2)


def test_errors():
    with pytest.raises(ValueError):
        Conv().add_hook(link_hooks.WeightStandardization(weight_name='V'))
    with pytest.raises(NotImplementedError):
        with link_hooks.WeightStandardization():
            pass
    with pytest.raises(TypeError):
        link_hooks.WeightStandardization(1e-5)   # keyword-only


def test_custom_name_and_weight():
    class Two(Conv):
        def __init__(self):
            super().__init__()
            with self.init_scope():
                self.V = chainer.Parameter(initializers.Normal(1.0), (2, 4))

        def forward(self, x):
            return self.V * x

    link = Two()
    link.add_hook(link_hooks.WeightStandardization(weight_name='V', name='ws_v'))
    assert 'ws_v' in link.local_link_hooks
    y = link(numpy.ones((2, 4), numpy.float32))
    numpy.testing.assert_allclose(y.array, _reference(link.V.array, 1e-5), rtol=1e-4,
                                  atol=1e-5)
