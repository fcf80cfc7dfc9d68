import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.functions.loss import discriminative_loss

_DELTA_V = 0.2
_DELTA_D = 0.8
_N_INST = 3
# labels (B, H, W): 0 is background, instances 1..3; image 1 lacks instance 3
_LABELS = numpy.array([
    [[1, 1, 2], [0, 2, 3], [3, 3, 0]],
    [[1, 2, 2], [1, 0, 2], [1, 1, 2]],
], numpy.int32)


def _norm(v, p):
    return numpy.abs(v).sum(-1) if p == 1 else numpy.sqrt((v * v).sum(-1))


def _ref(emb, labels, p, alpha, beta, gamma):
    # v7's definition: an instance's variance term averages over its pixels in the whole
    # batch; the regularization term takes the norm of an instance's means over the batch
    # and embedding axes together
    emb = emb.astype(numpy.float64)
    b_size = emb.shape[0]
    means = numpy.zeros((_N_INST, b_size, emb.shape[1]))
    l_var = 0.0
    for c in range(_N_INST):
        hinges = []
        for b in range(b_size):
            mask = labels[b] == c + 1
            if not mask.any():
                continue
            pix = emb[b][:, mask].T                       # (n_pixels, D)
            means[c, b] = pix.mean(axis=0)
            d = _norm(pix - means[c, b], p)
            hinges.append(numpy.maximum(d - _DELTA_V, 0) ** 2)
        if hinges:
            l_var += numpy.concatenate(hinges).mean()
    l_var /= _N_INST
    l_dist = 0.0
    pairs = 0
    for ca in range(_N_INST):
        for cb in range(ca + 1, _N_INST):
            d = _norm(means[ca] - means[cb], p)
            l_dist += (numpy.maximum(2 * _DELTA_D - d, 0) ** 2).sum()
            pairs += 1
    l_dist /= pairs * b_size
    l_reg = sum(_norm(means[c].reshape(-1), p) for c in range(_N_INST)) / (_N_INST * b_size)
    return alpha * l_var, beta * l_dist, gamma * l_reg


@testing.parameterize(*testing.product({
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'norm': [1, 2],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestDiscriminativeLoss(testing.FunctionTestCase):

    dodge_nondifferentiable = True
    weights = (1.0, 0.5, 0.1)

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 5e-3, 'rtol': 5e-2}
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
        else:
            self.check_backward_options = {'atol': 1e-4, 'rtol': 1e-3}
            self.check_double_backward_options = {'atol': 1e-4, 'rtol': 1e-3}

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, (2, 2, 3, 3)).astype(self.dtype),

    def forward(self, inputs, device):
        emb, = inputs
        return F.discriminative_margin_based_clustering_loss(
            emb, device.send(_LABELS), _DELTA_V, _DELTA_D, _N_INST, self.norm, *self.weights)

    def forward_expected(self, inputs):
        emb, = inputs
        return tuple(numpy.asarray(v, self.dtype)
                     for v in _ref(emb, _LABELS, self.norm, *self.weights))


def test_class_interface_and_default_weights():
    emb = numpy.random.uniform(-1, 1, (2, 2, 3, 3))
    loss = discriminative_loss.DiscriminativeMarginBasedClusteringLoss(
        _DELTA_V, _DELTA_D, _N_INST)
    out = loss(emb, _LABELS)
    expected = _ref(emb, _LABELS, 1, 1.0, 1.0, 0.001)
    for v, e in zip(out, expected):
        testing.assert_allclose(v.array, e)


def test_invalid_norm():
    with pytest.raises(ValueError):
        discriminative_loss.DiscriminativeMarginBasedClusteringLoss(0.1, 0.5, 2, norm=3)


def test_labels_above_max_embedding_dim_are_ignored():
    # as v7: such pixels count as background
    rng = numpy.random.RandomState(0)
    x = rng.randn(2, 2, 4, 4).astype(numpy.float32)
    labels = rng.randint(0, 5, (2, 4, 4)).astype(numpy.int32)
    out = F.discriminative_margin_based_clustering_loss(x, labels, 0.5, 1.5, 2)
    expected = F.discriminative_margin_based_clustering_loss(
        x, numpy.where(labels > 2, 0, labels), 0.5, 1.5, 2)
    for v, e in zip(out, expected):
        numpy.testing.assert_array_equal(v.array, e.array)
    # Chainer 7.8.1's output
    numpy.testing.assert_allclose([float(v.array) for v in out],
                                  [0.58107299, 1.8289728, 0.00098306709], rtol=1e-5)


def test_v7_argument_names():
    emb = numpy.random.uniform(-1, 1, (2, 2, 3, 3))
    by_keyword = F.discriminative_margin_based_clustering_loss(
        emb, _LABELS, delta_v=_DELTA_V, delta_d=_DELTA_D, max_embedding_dim=_N_INST)
    for v, e in zip(by_keyword, _ref(emb, _LABELS, 1, 1.0, 1.0, 0.001)):
        testing.assert_allclose(v.array, e)
    defaults = discriminative_loss.DiscriminativeMarginBasedClusteringLoss()
    assert (defaults.delta_v, defaults.delta_d, defaults.max_embedding_dim) == (0.5, 1.5, 10)


@pytest.mark.parametrize('norm, expected', [
    (1, (1.8240111, 6.3972297, 0.00059665710)),
    (2, (0.9717955, 7.0480156, 0.00035597268)),
])
def test_values_recorded_with_v7(norm, expected):
    # Chainer 7.8.1's output for this batch of two 2-d embeddings with 2 instances
    rng = numpy.random.RandomState(0)
    x = rng.randn(2, 2, 5, 6).astype(numpy.float32)
    labels = rng.randint(0, 3, (2, 5, 6)).astype(numpy.int32)
    out = F.discriminative_margin_based_clustering_loss(x, labels, 0.5, 1.5, 2, norm=norm)
    numpy.testing.assert_allclose([float(v.array) for v in out], expected, rtol=1e-5)
