"""Optimizer hooks (chainer.optimizer_hooks) against NumPy references.

Each hook runs on a model updated by SGD(lr=1), so the parameter change equals minus the
gradient the hook produced.
"""

import numpy
import pytest

import chainer
from chainer import optimizer_hooks
from chainer import optimizers


class Model(chainer.Link):
    def __init__(self, dtype=numpy.float32):
        super().__init__()
        rng = numpy.random.RandomState(0)
        with self.init_scope():
            self.w = chainer.Parameter(rng.uniform(-1, 1, (3, 4)).astype(dtype))
            self.b = chainer.Parameter(rng.uniform(-1, 1, (4,)).astype(dtype))


def _run(hook, dtype=numpy.float32, grad_scale=1.0, timing='auto'):
    """Returns (params before, grads before, params after, model) for one SGD(lr=1) step."""
    model = Model(dtype)
    opt = optimizers.SGD(lr=1.0).setup(model)
    opt.add_hook(hook, timing=timing)
    rng = numpy.random.RandomState(1)
    params, grads = {}, {}
    for name, p in model.namedparams():
        p.grad = (rng.uniform(-1, 1, p.shape) * grad_scale).astype(dtype)
        params[name] = p.array.astype(numpy.float64)
        grads[name] = p.grad.astype(numpy.float64)
    opt.update()
    after = {name: p.array.astype(numpy.float64) for name, p in model.namedparams()}
    return params, grads, after, model


TOL = {numpy.float16: dict(rtol=1e-2, atol=1e-2), numpy.float32: dict(rtol=1e-5, atol=1e-6),
       numpy.float64: dict(rtol=1e-12, atol=1e-12)}
DTYPES = [numpy.float16, numpy.float32, numpy.float64]


@pytest.mark.parametrize('dtype', DTYPES)
def test_weight_decay(dtype):
    params, grads, after, _ = _run(optimizer_hooks.WeightDecay(0.3), dtype)
    for k in params:
        numpy.testing.assert_allclose(
            after[k], params[k] - (grads[k] + 0.3 * params[k]), **TOL[dtype])


@pytest.mark.parametrize('dtype', DTYPES)
def test_lasso(dtype):
    params, grads, after, _ = _run(optimizer_hooks.Lasso(0.3), dtype)
    for k in params:
        numpy.testing.assert_allclose(
            after[k], params[k] - (grads[k] + 0.3 * numpy.sign(params[k])), **TOL[dtype])


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('threshold', [0.5, 100.0])
def test_gradient_clipping(dtype, threshold):
    params, grads, after, _ = _run(optimizer_hooks.GradientClipping(threshold), dtype)
    norm = numpy.sqrt(sum(float(numpy.sum(g * g)) for g in grads.values()))
    rate = min(1.0, threshold / norm)
    for k in params:
        numpy.testing.assert_allclose(after[k], params[k] - rate * grads[k], **TOL[dtype])
    if threshold == 0.5:
        assert rate < 1
        total = numpy.sqrt(sum(float(numpy.sum((params[k] - after[k]) ** 2)) for k in params))
        assert total == pytest.approx(threshold, rel=1e-2)


@pytest.mark.parametrize('dtype', DTYPES)
def test_gradient_hard_clipping(dtype):
    params, grads, after, _ = _run(
        optimizer_hooks.GradientHardClipping(-0.2, 0.3), dtype, grad_scale=1.0)
    for k in params:
        numpy.testing.assert_allclose(
            after[k], params[k] - numpy.clip(grads[k], -0.2, 0.3), **TOL[dtype])


def _run_with_loss_scale(hook, loss_scale):
    """Returns (params before, unscaled grads, params after) for one SGD(lr=1) step of
    ``loss = sum(coef * param)`` with a static loss scale."""
    model = Model()
    opt = optimizers.SGD(lr=1.0).setup(model)
    opt.add_hook(hook)
    opt.set_loss_scale(loss_scale)
    rng = numpy.random.RandomState(1)
    coefs = {k: rng.uniform(-1, 1, p.shape).astype(numpy.float32)
             for k, p in model.namedparams()}
    params = {k: p.array.astype(numpy.float64) for k, p in model.namedparams()}

    def lossfun():
        return sum(chainer.functions.sum(p * coefs[k]) for k, p in model.namedparams())

    opt.update(lossfun)
    after = {k: p.array.astype(numpy.float64) for k, p in model.namedparams()}
    return params, {k: c.astype(numpy.float64) for k, c in coefs.items()}, after


def _clip_by_norm(grads, threshold):
    norm = numpy.sqrt(sum(float(numpy.sum(g * g)) for g in grads.values()))
    return {k: g * min(1.0, threshold / norm) for k, g in grads.items()}


# As v7, only WeightDecay compensates for the loss scale: the other hooks act on the gradient
# as it is before the update (still multiplied by the loss scale).
@pytest.mark.parametrize('hook, expected', [
    (optimizer_hooks.WeightDecay(0.3), lambda p, g, ls: {
        k: g[k] + 0.3 * p[k] for k in g}),
    (optimizer_hooks.Lasso(0.3), lambda p, g, ls: {
        k: g[k] + 0.3 * numpy.sign(p[k]) / ls for k in g}),
    (optimizer_hooks.GradientClipping(0.5), lambda p, g, ls: _clip_by_norm(g, 0.5 / ls)),
    (optimizer_hooks.GradientHardClipping(-0.2, 0.3), lambda p, g, ls: {
        k: numpy.clip(g[k] * ls, -0.2, 0.3) / ls for k in g}),
])
def test_hooks_under_loss_scaling(hook, expected):
    params, grads, after = _run_with_loss_scale(hook, 8.0)
    steps = expected(params, grads, 8.0)
    for k in params:
        numpy.testing.assert_allclose(params[k] - after[k], steps[k], rtol=1e-5, atol=1e-6)


def test_gradient_noise_with_custom_noise_func():
    calls = []

    def noise(xp, shape, dtype, hook, opt):
        calls.append((xp, shape, dtype, hook, opt.t))
        return xp.full(shape, 0.25, dtype=dtype)

    hook = optimizer_hooks.GradientNoise(0.7, noise_func=noise)
    params, grads, after, model = _run(hook)
    for k in params:
        numpy.testing.assert_allclose(after[k], params[k] - (grads[k] + 0.25), rtol=1e-6)
    assert sorted(c[1] for c in calls) == [(3, 4), (4,)]
    for xp, shape, dtype, h, t in calls:
        assert xp is numpy and dtype == numpy.float32 and h is hook
        assert t == 0  # the hook runs before the rule's own step count is incremented


def test_exponential_decay_noise():
    from chainer.optimizer_hooks.gradient_noise import exponential_decay_noise

    class Rule:
        t = 9

    hook = optimizer_hooks.GradientNoise(1.0)
    assert hook.noise_func is exponential_decay_noise
    numpy.random.seed(0)
    noise = exponential_decay_noise(numpy, (200, 200), numpy.float32, hook, Rule())
    assert noise.dtype == numpy.float32 and noise.shape == (200, 200)
    expected_std = numpy.sqrt(1.0 / (1 + 9) ** 0.55)
    assert noise.std() == pytest.approx(expected_std, rel=0.02)
    assert abs(noise.mean()) < 0.02


def test_gradient_noise_default_is_random():
    numpy.random.seed(3)
    params, grads, after, _ = _run(optimizer_hooks.GradientNoise(0.5))
    diff = after['/w'] - (params['/w'] - grads['/w'])
    assert numpy.abs(diff).max() > 1e-3


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
@pytest.mark.parametrize('threshold', [1e-2, 1e3])
def test_gradient_lars(dtype, threshold):
    wd, eps = 0.1, 1e-9
    params, grads, after, _ = _run(
        optimizer_hooks.GradientLARS(threshold=threshold, weight_decay=wd, eps=eps), dtype)
    for k in params:
        p, g = params[k], grads[k]
        p_norm, g_norm = numpy.linalg.norm(p), numpy.linalg.norm(g)
        rate = p_norm / (eps + g_norm + wd * p_norm) if p_norm > threshold else 1.0
        numpy.testing.assert_allclose(after[k], p - rate * (g + wd * p), **TOL[dtype])


def test_gradient_lars_defaults():
    h = optimizer_hooks.GradientLARS()
    assert (h.threshold, h.weight_decay, h.eps) == (1e-2, 0.0, 1e-9)


def test_post_timing_hook_runs_after_update():
    # A post-update WeightDecay changes the gradient only after the parameters moved.
    params, grads, after, model = _run(optimizer_hooks.WeightDecay(0.5), timing='post')
    for k, p in model.namedparams():
        numpy.testing.assert_allclose(after[k], params[k] - grads[k], rtol=1e-6)
        numpy.testing.assert_allclose(p.grad, grads[k] + 0.5 * after[k], rtol=1e-5)


def test_hook_order_is_registration_order():
    # Clipping after weight decay differs from weight decay after clipping.
    def run(order):
        model = Model(numpy.float64)
        opt = optimizers.SGD(lr=1.0).setup(model)
        for h in order:
            opt.add_hook(h)
        for p in model.params():
            p.grad = numpy.full(p.shape, 2.0)
        before = {k: p.array.copy() for k, p in model.namedparams()}
        opt.update()
        return {k: before[k] - p.array for k, p in model.namedparams()}

    d1 = run([optimizer_hooks.WeightDecay(1.0), optimizer_hooks.GradientHardClipping(-1, 1)])
    d2 = run([optimizer_hooks.GradientHardClipping(-1, 1), optimizer_hooks.WeightDecay(1.0)])
    model = Model(numpy.float64)
    for k, p in model.namedparams():
        numpy.testing.assert_allclose(d1[k], numpy.clip(2.0 + p.array, -1, 1))
        numpy.testing.assert_allclose(d2[k], 1.0 + p.array)


def test_hook_attributes():
    for cls, args in [(optimizer_hooks.WeightDecay, (0.1,)), (optimizer_hooks.Lasso, (0.1,)),
                      (optimizer_hooks.GradientHardClipping, (-1, 1)),
                      (optimizer_hooks.GradientNoise, (0.1,)),
                      (optimizer_hooks.GradientLARS, ())]:
        h = cls(*args)
        assert h.name == cls.__name__
        assert h.timing == 'pre'
        assert h.call_for_each_param is True
    h = optimizer_hooks.GradientClipping(1.0)
    assert h.name == 'GradientClipping' and h.timing == 'pre' and h.threshold == 1.0
    assert not getattr(h, 'call_for_each_param', False)
    assert optimizer_hooks.WeightDecay(0.2).rate == 0.2
    assert optimizer_hooks.Lasso(0.3).rate == 0.3
    hc = optimizer_hooks.GradientHardClipping(-2, 3)
    assert (hc.lower_bound, hc.upper_bound) == (-2, 3)


def test_hooks_skip_missing_grad():
    p = chainer.Parameter(numpy.ones(3, dtype=numpy.float32))
    p.grad = None
    for h in (optimizer_hooks.WeightDecay(0.1), optimizer_hooks.Lasso(0.1),
              optimizer_hooks.GradientHardClipping(-1, 1), optimizer_hooks.GradientNoise(0.1),
              optimizer_hooks.GradientLARS()):
        h(None, p)
        assert p.grad is None


def test_module_paths():
    from chainer.optimizer_hooks import gradient_clipping, gradient_hard_clipping
    from chainer.optimizer_hooks import gradient_lars, gradient_noise, lasso, weight_decay
    assert gradient_clipping.GradientClipping is optimizer_hooks.GradientClipping
    assert gradient_hard_clipping.GradientHardClipping is optimizer_hooks.GradientHardClipping
    assert gradient_lars.GradientLARS is optimizer_hooks.GradientLARS
    assert gradient_noise.GradientNoise is optimizer_hooks.GradientNoise
    assert lasso.Lasso is optimizer_hooks.Lasso
    assert weight_decay.WeightDecay is optimizer_hooks.WeightDecay


@pytest.mark.parametrize('make_hook', [
    lambda: optimizer_hooks.WeightDecay(0.1), lambda: optimizer_hooks.Lasso(0.1),
    lambda: optimizer_hooks.GradientClipping(0.5),
    lambda: optimizer_hooks.GradientHardClipping(-0.2, 0.3),
    lambda: optimizer_hooks.GradientLARS(threshold=0.1, weight_decay=0.01),
    lambda: optimizer_hooks.GradientNoise(0.1, noise_func=lambda xp, shape, dtype, hook, rule:
                                          xp.ones(shape, dtype=dtype)),
])
def test_hooks_on_chainerx_parameters(make_hook):
    import chainerx
    _, _, expected, _ = _run(make_hook())
    model = Model()
    model.to_device('native:0')
    opt = optimizers.SGD(lr=1.0).setup(model)
    opt.add_hook(make_hook())
    rng = numpy.random.RandomState(1)
    for _, p in model.namedparams():
        p.grad = chainerx.array(rng.uniform(-1, 1, p.shape).astype(numpy.float32))
    opt.update()
    for name, p in model.namedparams():
        assert isinstance(p.array, chainerx.ndarray)
        numpy.testing.assert_allclose(chainerx.to_numpy(p.array), expected[name], rtol=1e-5,
                                      atol=1e-6)
