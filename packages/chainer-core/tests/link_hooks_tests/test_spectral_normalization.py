import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import gradient_check
from chainer import initializers
from chainer import link_hooks
from chainer.link_hooks import spectral_normalization as sn


class Dense(chainer.Link):
    """Linear-like link with a lazily initialized weight (in_size=None)."""

    def __init__(self, in_size, out_size):
        super().__init__()
        self.out_size = out_size
        with self.init_scope():
            self.W = chainer.Parameter(initializers.Normal(1.0))
            self.b = chainer.Parameter(initializers.Zero(), (out_size,))
        if in_size is not None:
            self._initialize_params(in_size)

    def _initialize_params(self, in_size):
        self.W.initialize((self.out_size, in_size))

    def forward(self, x):
        if self.W.array is None:
            self._initialize_params(x.shape[1])
        return F.matmul(x, self.W, transb=True) + F.broadcast_to(
            self.b, (x.shape[0], self.out_size))


class Conv(chainer.Link):
    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.W = chainer.Parameter(initializers.Normal(1.0), (4, 3, 2, 2))

    def forward(self, x):
        return x


def _sigma(w):
    return numpy.linalg.svd(w.reshape(w.shape[0], -1), compute_uv=False)[0]


def test_helpers():
    v = numpy.array([3., 4.])
    numpy.testing.assert_allclose(sn.l2normalize(numpy, v, 0), [0.6, 0.8])
    w = numpy.random.RandomState(0).normal(size=(4, 3))
    u0 = numpy.random.RandomState(1).normal(size=(4,))
    u, v = sn.update_approximate_vectors(chainer.Variable(w), u0, 50, 1e-12)
    U, S, Vt = numpy.linalg.svd(w)
    numpy.testing.assert_allclose(abs(u.dot(U[:, 0])), 1, rtol=1e-6)
    numpy.testing.assert_allclose(abs(v.dot(Vt[0])), 1, rtol=1e-6)
    sigma = sn.calculate_max_singular_value(chainer.Variable(w), u, v)
    assert sigma.shape == ()
    numpy.testing.assert_allclose(sigma.array, S[0], rtol=1e-6)


def test_added_registers_vector():
    link = Dense(3, 4)
    hook = link_hooks.SpectralNormalization()
    assert hook.name == 'SpectralNormalization'
    link.add_hook(hook)
    assert hook.vector_name == 'W_u'
    assert link.W_u.shape == (4,) and link.W_u.dtype == numpy.float32
    assert 'W_u' in link._persistent
    link.delete_hook('SpectralNormalization')
    assert not hasattr(link, 'W_u') and 'W_u' not in link._persistent


def test_missing_weight():
    with pytest.raises(ValueError):
        Dense(3, 4).add_hook(link_hooks.SpectralNormalization(weight_name='V'))


def test_not_a_context_manager():
    with pytest.raises(NotImplementedError):
        with link_hooks.SpectralNormalization():
            pass


def test_normalized_forward_and_restore():
    numpy.random.seed(0)
    link = Dense(5, 3)
    W = link.W
    hook = link_hooks.SpectralNormalization(n_power_iteration=50, eps=1e-12)
    link.add_hook(hook)
    x = numpy.random.uniform(-1, 1, (2, 5)).astype(numpy.float32)
    y = link(x)
    assert link.W is W and isinstance(link.W, chainer.Parameter)   # restored
    W_sn = W.array / _sigma(W.array)
    numpy.testing.assert_allclose(y.array, x.dot(W_sn.T), rtol=1e-4, atol=1e-5)
    # the singular vector was updated and is persistent
    U, S, Vt = numpy.linalg.svd(W.array)
    numpy.testing.assert_allclose(abs(link.W_u.dot(U[:, 0])), 1, rtol=1e-4)
    # gradient reaches the original weight
    link.cleargrads()
    F.sum(y).backward()
    assert W.grad is not None and W.grad.shape == (3, 5)
    assert numpy.isfinite(W.grad).all()


def test_u_not_updated_in_test_mode():
    link = Dense(4, 3)
    link.add_hook(link_hooks.SpectralNormalization())
    u = link.W_u.copy()
    with chainer.using_config('train', False):
        link(numpy.ones((1, 4), numpy.float32))
    numpy.testing.assert_array_equal(link.W_u, u)
    link(numpy.ones((1, 4), numpy.float32))
    assert not numpy.array_equal(link.W_u, u)


def test_lazy_initialization():
    link = Dense(None, 3)
    hook = link_hooks.SpectralNormalization()
    link.add_hook(hook)
    assert not hasattr(link, 'W_u')
    y = link(numpy.ones((2, 6), numpy.float32))
    assert link.W.shape == (3, 6)
    assert link.W_u.shape == (3,)
    assert y.shape == (2, 3)


def test_use_gamma_and_factor():
    numpy.random.seed(1)
    link = Dense(4, 4)
    s0 = _sigma(link.W.array)
    hook = link_hooks.SpectralNormalization(
        n_power_iteration=100, eps=1e-12, use_gamma=True, factor=2.0)
    link.add_hook(hook)
    assert isinstance(link.gamma, chainer.Parameter) and 'gamma' in link._params
    assert link.gamma.shape == ()
    numpy.testing.assert_allclose(link.gamma.array, s0, rtol=1e-5)
    x = numpy.eye(4, dtype=numpy.float32)
    y = link(x)
    # W_sn = gamma * W / (sigma / factor) = 2 * W
    numpy.testing.assert_allclose(y.array, 2 * link.W.array.T, rtol=1e-4, atol=1e-5)
    link.cleargrads()
    F.sum(y).backward()
    assert link.gamma.grad is not None
    link.delete_hook(hook.name)
    assert not hasattr(link, 'gamma')


def test_conv_weight_reshaped():
    link = Conv()
    hook = link_hooks.SpectralNormalization()
    link.add_hook(hook)
    assert hook.axis == 0 and link.W_u.shape == (4,)
    assert hook.reshape_W(link.W.array).shape == (4, 12)


def test_deconvolution_axis():
    # A link named like chainer.links' Deconvolution2D normalizes along axis 1.
    Deconv = type('Deconvolution2D', (Conv,), {'__module__': 'chainer.links.connection.x'})
    link = Deconv()
    hook = link_hooks.SpectralNormalization()
    link.add_hook(hook)
    assert hook.axis == 1 and link.W_u.shape == (3,)
    w = hook.reshape_W(link.W.array)
    assert w.shape == (3, 16)
    numpy.testing.assert_array_equal(w[1], link.W.array[:, 1].ravel())


def test_name_argument():
    link = Dense(2, 2)
    link.add_hook(link_hooks.SpectralNormalization(name='sn1'))
    assert 'sn1' in link.local_link_hooks


def test_gradient_matches_numerical():
    # With converged singular vectors, d(W / sigma(W)) computed with u, v held constant is
    # the true gradient, so it must agree with finite differences.
    numpy.random.seed(2)
    link = Dense(3, 2)
    link.W.array = link.W.array.astype(numpy.float64)
    link.b.array = link.b.array.astype(numpy.float64)
    link.add_hook(link_hooks.SpectralNormalization(n_power_iteration=200, eps=1e-14))
    link.W_u = link.W_u.astype(numpy.float64)
    x = numpy.random.uniform(-1, 1, (4, 3))
    gy = numpy.random.uniform(-1, 1, (4, 2))
    with chainer.using_config('train', False):
        gradient_check.check_backward(
            link, x, gy, params=(link.W,), eps=1e-6, atol=1e-5, rtol=1e-4)
