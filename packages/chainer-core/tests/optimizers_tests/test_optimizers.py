"""Every optimizer against a hand-written NumPy (float64) reference of its update rule,
convergence on a tiny quadratic, hyperparameters, and state serialization round trips."""

import io
import math
import warnings

import numpy
import pytest

import chainer
from chainer import optimizers
from chainer import serializers


# --- NumPy references (float64); `s` is the state dict, `t` the 1-based step -----------------

def _zeros(s, p, *names):
    for n in names:
        if n not in s:
            s[n] = numpy.zeros_like(p)
    return [s[n] for n in names]


def ref_sgd(p, g, s, t, hp):
    p -= hp['lr'] * g


def ref_momentum_sgd(p, g, s, t, hp):
    v, = _zeros(s, p, 'v')
    v[...] = hp['momentum'] * v - hp['lr'] * g
    p += v


def ref_corrected_momentum_sgd(p, g, s, t, hp):
    v, = _zeros(s, p, 'v')
    v[...] = hp['momentum'] * v - g
    p += hp['lr'] * v


def ref_nesterov_ag(p, g, s, t, hp):
    v, = _zeros(s, p, 'v')
    mu, lr = hp['momentum'], hp['lr']
    v[...] = mu * v - lr * g
    p += mu * mu * v - (1 + mu) * lr * g


def ref_ada_grad(p, g, s, t, hp):
    h, = _zeros(s, p, 'h')
    h += g * g
    p -= hp['lr'] * g / (numpy.sqrt(h) + hp['eps'])


def ref_ada_delta(p, g, s, t, hp):
    msg, msdx = _zeros(s, p, 'msg', 'msdx')
    rho, eps = hp['rho'], hp['eps']
    msg[...] = rho * msg + (1 - rho) * g * g
    dx = numpy.sqrt((msdx + eps) / (msg + eps)) * g
    msdx[...] = rho * msdx + (1 - rho) * dx * dx
    p -= dx


def ref_adam(p, g, s, t, hp):
    names = ('m', 'v', 'vhat') if hp.get('amsgrad') else ('m', 'v')
    st = _zeros(s, p, *names)
    m, v = st[0], st[1]
    b1, b2 = hp['beta1'], hp['beta2']
    m[...] = b1 * m + (1 - b1) * g
    v[...] = b2 * v + (1 - b2) * g * g
    if hp.get('amsgrad'):
        vhat = st[2]
        vhat[...] = numpy.maximum(vhat, v)
    else:
        vhat = v
    alpha_t = hp['alpha'] * math.sqrt(1 - b2 ** t) / (1 - b1 ** t)
    step = alpha_t / (numpy.sqrt(vhat) + hp['eps'])
    if hp.get('adabound'):
        final_lr = hp['final_lr']  # alpha is constant in these tests
        lower = final_lr * (1 - 1 / (hp['gamma'] * t + 1))
        upper = final_lr * (1 + 1 / (hp['gamma'] * t))
        step = numpy.clip(step, lower, upper)
    eta = hp.get('eta', 1.0)
    p -= eta * (step * m + hp.get('weight_decay_rate', 0) * p)


def ref_rmsprop(p, g, s, t, hp):
    ms, = _zeros(s, p, 'ms')
    a = hp['alpha']
    ms[...] = a * ms + (1 - a) * g * g
    if hp.get('eps_inside_sqrt'):
        denom = numpy.sqrt(ms + hp['eps'])
    else:
        denom = numpy.sqrt(ms) + hp['eps']
    p -= hp['lr'] * g / denom


def ref_rmsprop_graves(p, g, s, t, hp):
    n, gm, delta = _zeros(s, p, 'n', 'g', 'delta')
    a = hp['alpha']
    n[...] = a * n + (1 - a) * g * g
    gm[...] = a * gm + (1 - a) * g
    delta[...] = hp['momentum'] * delta - hp['lr'] * g / numpy.sqrt(n - gm * gm + hp['eps'])
    p += delta


def ref_smorms3(p, g, s, t, hp):
    if 'mem' not in s:
        s['mem'] = numpy.ones_like(p)
    gm, g2 = _zeros(s, p, 'g', 'g2')
    mem = s['mem']
    r = 1 / (mem + 1)
    gm[...] = (1 - r) * gm + r * g
    g2[...] = (1 - r) * g2 + r * g * g
    x = gm * gm / (g2 + hp['eps'])
    p -= g * numpy.minimum(x, hp['lr']) / (numpy.sqrt(g2) + hp['eps'])
    mem[...] = 1 + mem * (1 - x)


def ref_msvag(p, g, s, t, hp):
    m, v = _zeros(s, p, 'm', 'v')
    b = hp['beta']
    m[...] = b * m + (1 - b) * g
    v[...] = b * v + (1 - b) * g * g
    rho = (1 - b) ** 2 * (1 - b ** (2 * t)) / ((1 - b ** t) ** 2 * (1 - b ** 2))
    rho = min(rho, 0.9999)
    mt = m / (1 - b ** t)
    vt = v / (1 - b ** t)
    var = (vt - mt * mt) / (1 - rho)
    factor = numpy.clip(mt * mt / (mt * mt + rho * var), 0, 1)
    p -= hp['eta'] * (hp['lr'] * mt * factor + hp['weight_decay_rate'] * p)


# (name, optimizer factory, reference, hyperparameters seen by the reference)
CASES = [
    ('SGD', lambda: optimizers.SGD(lr=0.1), ref_sgd, {'lr': 0.1}),
    ('MomentumSGD', lambda: optimizers.MomentumSGD(lr=0.05, momentum=0.8),
     ref_momentum_sgd, {'lr': 0.05, 'momentum': 0.8}),
    ('CorrectedMomentumSGD', lambda: optimizers.CorrectedMomentumSGD(lr=0.05, momentum=0.8),
     ref_corrected_momentum_sgd, {'lr': 0.05, 'momentum': 0.8}),
    ('NesterovAG', lambda: optimizers.NesterovAG(lr=0.05, momentum=0.8),
     ref_nesterov_ag, {'lr': 0.05, 'momentum': 0.8}),
    ('AdaGrad', lambda: optimizers.AdaGrad(lr=0.1, eps=1e-6), ref_ada_grad,
     {'lr': 0.1, 'eps': 1e-6}),
    ('AdaDelta', lambda: optimizers.AdaDelta(rho=0.9, eps=1e-3), ref_ada_delta,
     {'rho': 0.9, 'eps': 1e-3}),
    ('Adam', lambda: optimizers.Adam(alpha=0.05, beta1=0.8, beta2=0.9, eps=1e-6), ref_adam,
     {'alpha': 0.05, 'beta1': 0.8, 'beta2': 0.9, 'eps': 1e-6}),
    ('AdamW', lambda: optimizers.AdamW(alpha=0.05, beta1=0.8, beta2=0.9, eps=1e-6, eta=0.5,
                                       weight_decay_rate=0.1),
     ref_adam, {'alpha': 0.05, 'beta1': 0.8, 'beta2': 0.9, 'eps': 1e-6, 'eta': 0.5,
                'weight_decay_rate': 0.1}),
    ('AMSGrad', lambda: optimizers.AMSGrad(alpha=0.05, beta1=0.8, beta2=0.9, eps=1e-6),
     ref_adam, {'alpha': 0.05, 'beta1': 0.8, 'beta2': 0.9, 'eps': 1e-6, 'amsgrad': True}),
    ('AdaBound', lambda: optimizers.AdaBound(alpha=0.05, beta1=0.8, beta2=0.9, final_lr=0.02,
                                             gamma=0.1, eps=1e-6),
     ref_adam, {'alpha': 0.05, 'beta1': 0.8, 'beta2': 0.9, 'eps': 1e-6, 'adabound': True,
                'final_lr': 0.02, 'gamma': 0.1}),
    ('AMSBound', lambda: optimizers.AMSBound(alpha=0.05, beta1=0.8, beta2=0.9, final_lr=0.02,
                                             gamma=0.1, eps=1e-6),
     ref_adam, {'alpha': 0.05, 'beta1': 0.8, 'beta2': 0.9, 'eps': 1e-6, 'adabound': True,
                'amsgrad': True, 'final_lr': 0.02, 'gamma': 0.1}),
    ('RMSprop', lambda: optimizers.RMSprop(lr=0.01, alpha=0.9, eps=1e-6), ref_rmsprop,
     {'lr': 0.01, 'alpha': 0.9, 'eps': 1e-6}),
    ('RMSprop_inside', lambda: optimizers.RMSprop(lr=0.01, alpha=0.9, eps=1e-2,
                                                  eps_inside_sqrt=True),
     ref_rmsprop, {'lr': 0.01, 'alpha': 0.9, 'eps': 1e-2, 'eps_inside_sqrt': True}),
    ('RMSpropGraves', lambda: optimizers.RMSpropGraves(lr=0.01, alpha=0.9, momentum=0.8,
                                                       eps=1e-2),
     ref_rmsprop_graves, {'lr': 0.01, 'alpha': 0.9, 'momentum': 0.8, 'eps': 1e-2}),
    ('SMORMS3', lambda: optimizers.SMORMS3(lr=0.05, eps=1e-8), ref_smorms3,
     {'lr': 0.05, 'eps': 1e-8}),
    ('MSVAG', lambda: optimizers.MSVAG(lr=0.1, beta=0.8, eta=0.5, weight_decay_rate=0.1),
     ref_msvag, {'lr': 0.1, 'beta': 0.8, 'eta': 0.5, 'weight_decay_rate': 0.1}),
]
CASE_IDS = [c[0] for c in CASES]

SHAPES = ((3, 4), (4,), ())
TOL = {
    numpy.float64: {'rtol': 1e-9, 'atol': 1e-12},
    numpy.float32: {'rtol': 1e-4, 'atol': 1e-5},
    numpy.float16: {'rtol': 5e-2, 'atol': 2e-2},
}


class Model(chainer.Link):
    """Link holding one parameter per shape in SHAPES."""

    def __init__(self, dtype, seed=0):
        super().__init__()
        rng = numpy.random.RandomState(seed)
        with self.init_scope():
            for i, shape in enumerate(SHAPES):
                setattr(self, 'p{}'.format(i), chainer.Parameter(
                    rng.uniform(-1, 1, shape).astype(dtype)))

    def plist(self):
        return [getattr(self, 'p{}'.format(i)) for i in range(len(SHAPES))]


def _grads(n_steps, dtype, seed=1):
    rng = numpy.random.RandomState(seed)
    return [[rng.uniform(-1, 1, shape).astype(dtype) for shape in SHAPES]
            for _ in range(n_steps)]


# M-SVAG divides the variance estimate by 1 - rho (rho -> 1 at the first steps), which
# amplifies the rounding of float32 states ~1e4 times and makes float16 states meaningless
# against a float64 reference: float16 parameters are tested with use_fp32_update
# (test_fp32_update_for_float16) and against v7 (test_float16_update_as_v7).
REFERENCE_PARAMS = [(case, dtype) for case in CASES
                    for dtype in (numpy.float16, numpy.float32, numpy.float64)
                    if not (case[0] == 'MSVAG' and dtype == numpy.float16)]
REFERENCE_TOL = {('MSVAG', numpy.float32): {'rtol': 5e-3, 'atol': 1e-4}}


@pytest.mark.parametrize('case,dtype', REFERENCE_PARAMS,
                         ids=['{}-{}'.format(c[0], numpy.dtype(d).name)
                              for c, d in REFERENCE_PARAMS])
def test_update_matches_reference(case, dtype):
    name, make, ref, hp = case
    tol = REFERENCE_TOL.get((name, dtype), TOL[dtype])
    model = Model(dtype)
    ref_params = [p.array.astype(numpy.float64) for p in model.plist()]
    ref_states = [{} for _ in ref_params]
    opt = make()
    opt.setup(model)
    n_steps = 6
    for t, grads in enumerate(_grads(n_steps, dtype), 1):
        for p, g in zip(model.plist(), grads):
            p.grad = g.copy()
        opt.update()
        for rp, g, st in zip(ref_params, grads, ref_states):
            ref(rp, g.astype(numpy.float64), st, t, hp)
        for p, rp in zip(model.plist(), ref_params):
            assert p.array.dtype == dtype
            numpy.testing.assert_allclose(p.array, rp, **tol)
    assert opt.t == n_steps
    for p, st in zip(model.plist(), ref_states):
        rule = p.update_rule
        assert rule.t == n_steps
        assert sorted(rule.state) == sorted(st)
        for key in st:
            assert rule.state[key].dtype == dtype
            numpy.testing.assert_allclose(rule.state[key], st[key], **tol)


CONVERGENCE = {
    'SGD': (lambda: optimizers.SGD(lr=0.2), 100),
    'MomentumSGD': (lambda: optimizers.MomentumSGD(lr=0.05), 200),
    'CorrectedMomentumSGD': (lambda: optimizers.CorrectedMomentumSGD(lr=0.05), 200),
    'NesterovAG': (lambda: optimizers.NesterovAG(lr=0.05), 200),
    'AdaGrad': (lambda: optimizers.AdaGrad(lr=0.5), 300),
    'AdaDelta': (lambda: optimizers.AdaDelta(eps=1e-2), 300),
    'Adam': (lambda: optimizers.Adam(alpha=0.05), 400),
    'AdamW': (lambda: optimizers.AdamW(alpha=0.05), 400),
    'AMSGrad': (lambda: optimizers.AMSGrad(alpha=0.05), 400),
    'AdaBound': (lambda: optimizers.AdaBound(alpha=0.05, final_lr=0.1), 400),
    'AMSBound': (lambda: optimizers.AMSBound(alpha=0.05, final_lr=0.1), 400),
    'RMSprop': (lambda: optimizers.RMSprop(lr=0.01), 400),
    'RMSpropGraves': (lambda: optimizers.RMSpropGraves(lr=0.01), 400),
    'SMORMS3': (lambda: optimizers.SMORMS3(lr=0.05), 400),
    'MSVAG': (lambda: optimizers.MSVAG(lr=0.1, beta=0.9), 300),
}


@pytest.mark.parametrize('name', sorted(CONVERGENCE))
def test_convergence_on_quadratic(name):
    # loss = 0.5 * sum(a * (w - c) ** 2); grad = a * (w - c)
    make, n_steps = CONVERGENCE[name]
    a = numpy.array([1.0, 2.0, 0.5, 1.5])
    c = numpy.array([1.0, -2.0, 0.5, 3.0])
    model = chainer.Link()
    with model.init_scope():
        model.w = chainer.Parameter(numpy.zeros(4))
    opt = make().setup(model)

    def loss():
        return 0.5 * float(numpy.sum(a * (model.w.array - c) ** 2))

    initial = loss()
    for _ in range(n_steps):
        model.w.grad = a * (model.w.array - c)
        opt.update()
    assert loss() < 1e-3 * initial, (name, loss(), model.w.array)


def test_convergence_with_lossfun():
    # update(lossfun) runs forward, cleargrads and backward itself.
    c = numpy.array([1.0, -2.0, 0.5], dtype=numpy.float32)
    model = chainer.Link()
    with model.init_scope():
        model.w = chainer.Parameter(numpy.zeros(3, dtype=numpy.float32))
    opt = optimizers.Adam(alpha=0.05).setup(model)

    def lossfun(target):
        d = model.w - target
        return chainer.functions.sum(d * d)

    for _ in range(300):
        opt.update(lossfun, c)
    numpy.testing.assert_allclose(model.w.array, c, atol=1e-2)
    assert opt.t == 300


@pytest.mark.parametrize('case', CASES, ids=CASE_IDS)
def test_serialize_resume(case):
    # Train 3 steps, save model + optimizer, load into fresh ones, train 3 more on both.
    _, make, _, _ = case
    grads = _grads(6, numpy.float32)
    model = Model(numpy.float32)
    opt = make().setup(model)

    def step(m, o, gs):
        for p, g in zip(m.plist(), gs):
            p.grad = g.copy()
        o.update()

    for gs in grads[:3]:
        step(model, opt, gs)
    buf_model, buf_opt = io.BytesIO(), io.BytesIO()
    serializers.save_npz(buf_model, model)
    serializers.save_npz(buf_opt, opt)

    model2 = Model(numpy.float32, seed=5)
    opt2 = make().setup(model2)
    buf_model.seek(0)
    buf_opt.seek(0)
    serializers.load_npz(buf_model, model2)
    serializers.load_npz(buf_opt, opt2)
    assert opt2.t == 3
    for p in model2.plist():
        assert p.update_rule.t == 3
    for gs in grads[3:]:
        step(model, opt, gs)
        step(model2, opt2, gs)
    for p, p2 in zip(model.plist(), model2.plist()):
        numpy.testing.assert_array_equal(p.array, p2.array)
        for key in p.update_rule.state:
            numpy.testing.assert_array_equal(
                p.update_rule.state[key], p2.update_rule.state[key])


def test_state_keys_layout():
    model = Model(numpy.float32)
    opt = optimizers.Adam(amsgrad=True).setup(model)
    for p in model.plist():
        p.grad = numpy.ones_like(p.array)
    opt.update()
    opt.new_epoch()
    target = serializers.npz.serialize(opt)
    expected = {'t', 'epoch'}
    for i in range(len(SHAPES)):
        expected |= {'p{}/{}'.format(i, k) for k in ('t', 'm', 'v', 'vhat')}
    assert set(target) == expected
    assert int(target['t']) == 1 and int(target['epoch']) == 1


# the state arrays each optimizer saves per parameter (besides ``t``), as v7.8.1 saves them
V7_STATE_NAMES = [
    ('AMSBound', ('m', 'v', 'vhat')), ('AMSGrad', ('m', 'v', 'vhat')),
    ('AdaBound', ('m', 'v')), ('AdaDelta', ('msdx', 'msg')), ('AdaGrad', ('h',)),
    ('Adam', ('m', 'v')), ('AdamW', ('m', 'v')), ('CorrectedMomentumSGD', ('v',)),
    ('MSVAG', ('m', 'v')), ('MomentumSGD', ('v',)), ('NesterovAG', ('v',)),
    ('RMSprop', ('ms',)), ('RMSpropGraves', ('delta', 'g', 'n')), ('SGD', ()),
    ('SMORMS3', ('g', 'g2', 'mem')),
]


@pytest.mark.parametrize('name,state_names', V7_STATE_NAMES, ids=[n for n, _ in V7_STATE_NAMES])
@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float16])
def test_npz_layout_of_every_optimizer_as_v7(name, state_names, dtype):
    # keys, dtypes and shapes after two updates and one epoch; float16 parameters updated in
    # float32 keep float32 states (as v7). (v7's SMORMS3 turns the states of a 0-dim
    # parameter into NumPy 1 float64 scalars; ours keep them float32 arrays.)
    model = Model(dtype)
    opt = getattr(optimizers, name)().setup(model)
    if dtype == numpy.float16:
        opt.use_fp32_update()
    for gs in _grads(2, dtype):
        for p, g in zip(model.plist(), gs):
            p.grad = g
        opt.update()
    opt.new_epoch()
    buf = io.BytesIO()
    serializers.save_npz(buf, opt)
    buf.seek(0)
    with numpy.load(buf) as npz:
        layout = {key: (str(npz[key].dtype), npz[key].shape) for key in npz.files}
        assert int(npz['t']) == 2 and int(npz['p0/t']) == 2 and int(npz['epoch']) == 1
    expected = {'t': ('int64', ()), 'epoch': ('int64', ())}
    for i, shape in enumerate(SHAPES):
        expected['p{}/t'.format(i)] = ('int64', ())
        for state in state_names:
            expected['p{}/{}'.format(i, state)] = ('float32', shape)
    assert layout == expected


@pytest.mark.parametrize('name', ['MomentumSGD', 'Adam', 'AdaDelta', 'SMORMS3', 'MSVAG'])
def test_fp32_update_for_float16(name):
    # With use_fp32_update the float16 parameter follows a float32 master copy.
    make = dict((c[0], c[1]) for c in CASES)[name]
    ref = dict((c[0], c[2]) for c in CASES)[name]
    hp = dict((c[0], c[3]) for c in CASES)[name]
    model = Model(numpy.float16)
    master = [p.array.astype(numpy.float64) for p in model.plist()]
    states = [{} for _ in master]
    opt = make().setup(model)
    opt.use_fp32_update()
    for t, grads in enumerate(_grads(5, numpy.float16), 1):
        for p, g in zip(model.plist(), grads):
            p.grad = g.copy()
        opt.update()
        for rp, g, st in zip(master, grads, states):
            ref(rp, g.astype(numpy.float64), st, t, hp)
    tol = REFERENCE_TOL.get((name, numpy.float32), TOL[numpy.float32])
    for p, rp in zip(model.plist(), master):
        assert p.array.dtype == numpy.float16
        assert p.update_rule._fp32_param.array.dtype == numpy.float32
        numpy.testing.assert_allclose(p.update_rule._fp32_param.array, rp, **tol)
        numpy.testing.assert_allclose(p.array, rp.astype(numpy.float16), rtol=1e-3, atol=1e-3)


def test_optimizer_defaults():
    assert optimizers.SGD().lr == 0.01
    m = optimizers.MomentumSGD()
    assert (m.lr, m.momentum) == (0.01, 0.9)
    assert (optimizers.NesterovAG().lr, optimizers.NesterovAG().momentum) == (0.01, 0.9)
    assert optimizers.CorrectedMomentumSGD().momentum == 0.9
    assert (optimizers.AdaGrad().lr, optimizers.AdaGrad().eps) == (0.001, 1e-8)
    assert (optimizers.AdaDelta().rho, optimizers.AdaDelta().eps) == (0.95, 1e-6)
    a = optimizers.Adam()
    assert (a.alpha, a.beta1, a.beta2, a.eps, a.eta, a.weight_decay_rate) == (
        0.001, 0.9, 0.999, 1e-8, 1.0, 0)
    assert (a.amsgrad, a.adabound, a.final_lr, a.gamma) == (False, False, 0.1, 1e-3)
    assert optimizers.AMSGrad().amsgrad and not optimizers.AMSGrad().adabound
    assert optimizers.AdaBound().adabound and not optimizers.AdaBound().amsgrad
    assert optimizers.AMSBound().adabound and optimizers.AMSBound().amsgrad
    assert optimizers.AdamW(weight_decay_rate=0.5).weight_decay_rate == 0.5
    r = optimizers.RMSprop()
    assert (r.lr, r.alpha, r.eps, r.eps_inside_sqrt) == (0.01, 0.99, 1e-8, False)
    g = optimizers.RMSpropGraves()
    assert (g.lr, g.alpha, g.momentum, g.eps) == (1e-4, 0.95, 0.9, 1e-4)
    assert (optimizers.SMORMS3().lr, optimizers.SMORMS3().eps) == (0.001, 1e-16)
    v = optimizers.MSVAG()
    assert (v.lr, v.beta, v.eta, v.weight_decay_rate) == (0.1, 0.9, 1.0, 0)  # v7: beta 0.9
    for cls in (optimizers.AdamW, optimizers.AMSGrad, optimizers.AdaBound,
                optimizers.AMSBound):
        assert issubclass(cls, optimizers.Adam)


def test_module_paths():
    from chainer.optimizers import adam, ada_delta, ada_grad, corrected_momentum_sgd
    from chainer.optimizers import momentum_sgd, msvag, nesterov_ag, rmsprop
    from chainer.optimizers import rmsprop_graves, sgd, smorms3
    assert optimizers.Adam is adam.Adam and adam.AdamRule
    assert ada_delta.AdaDeltaRule and ada_grad.AdaGradRule and msvag.MSVAGRule
    assert corrected_momentum_sgd.CorrectedMomentumSGDRule and momentum_sgd.MomentumSGDRule
    assert nesterov_ag.NesterovAGRule and rmsprop.RMSpropRule
    assert rmsprop_graves.RMSpropGravesRule and sgd.SGDRule and smorms3.SMORMS3Rule


def test_hyperparameter_proxy_and_rule_override():
    model = Model(numpy.float64)
    opt = optimizers.SGD(lr=0.1).setup(model)
    p0, p1, _ = model.plist()
    p1.update_rule.hyperparam.lr = 0.0  # this rule overrides the optimizer's lr
    opt.lr = 0.5
    assert opt.hyperparam.lr == 0.5 and p0.update_rule.hyperparam.lr == 0.5
    before0, before1 = p0.array.copy(), p1.array.copy()
    for p in model.plist():
        p.grad = numpy.ones_like(p.array)
    opt.update()
    numpy.testing.assert_allclose(p0.array, before0 - 0.5)
    numpy.testing.assert_array_equal(p1.array, before1)


def test_rule_standalone_defaults():
    from chainer.optimizers import adam, sgd
    rule = sgd.SGDRule()
    assert rule.hyperparam.lr == 0.01
    rule = sgd.SGDRule(lr=0.3)
    assert rule.hyperparam.lr == 0.3
    rule = adam.AdamRule(alpha=0.2, amsgrad=True)
    assert rule.hyperparam.alpha == 0.2 and rule.hyperparam.amsgrad is True
    assert rule.hyperparam.beta1 == 0.9
    p = chainer.Parameter(numpy.zeros(3, dtype=numpy.float32))
    p.grad = numpy.ones(3, dtype=numpy.float32)
    rule.update(p)
    assert sorted(rule.state) == ['m', 'v', 'vhat']
    numpy.testing.assert_allclose(p.array, -0.2 * numpy.ones(3), rtol=1e-5)


def test_adam_alpha_t_and_deprecated_lr():
    model = Model(numpy.float32)
    opt = optimizers.Adam(alpha=0.1, beta1=0.5, beta2=0.75).setup(model)
    with pytest.raises(RuntimeError):
        opt.alpha_t
    for p in model.plist():
        p.grad = numpy.ones_like(p.array)
    opt.update()
    expected = 0.1 * math.sqrt(1 - 0.75) / (1 - 0.5)
    assert opt.alpha_t == pytest.approx(expected)
    rule = model.p0.update_rule
    assert rule.alpha_t == pytest.approx(expected)
    with pytest.warns(DeprecationWarning):
        assert opt.lr == pytest.approx(expected)
    with pytest.warns(DeprecationWarning):
        assert rule.lr == pytest.approx(expected)


def test_adabound_bounds():
    model = Model(numpy.float32)
    opt = optimizers.AdaBound(alpha=0.01, final_lr=0.5, gamma=0.1).setup(model)
    rule = model.p0.update_rule
    assert rule.initial_alpha == 0.01  # as v7: set when an AdaBound rule is created
    with pytest.raises(RuntimeError):
        rule.bounds
    for _ in range(2):
        for p in model.plist():
            p.grad = numpy.ones_like(p.array)
        opt.update()
    assert rule.bounds == pytest.approx((0.5 * (1 - 1 / 1.2), 0.5 * (1 + 1 / 0.2)))
    opt.alpha = 0.02  # the final learning rate follows alpha
    assert rule.bounds == pytest.approx((1.0 * (1 - 1 / 1.2), 1.0 * (1 + 1 / 0.2)))
    assert 'initial_alpha' not in vars(optimizers.Adam().create_update_rule())


def test_adam_eps_underflow_for_float16():
    model = Model(numpy.float16)
    opt = optimizers.Adam(eps=1e-50).setup(model)
    for p in model.plist():
        p.grad = numpy.ones_like(p.array)
    with pytest.raises(ValueError, match='eps'):
        opt.update()


def test_grad_none_is_skipped_by_rule():
    from chainer.optimizers import momentum_sgd
    rule = momentum_sgd.MomentumSGDRule(lr=0.1)
    p = chainer.Parameter(numpy.ones(3, dtype=numpy.float32))
    p.grad = None
    rule.update(p)
    numpy.testing.assert_array_equal(p.array, numpy.ones(3))
    assert rule.t == 1


@pytest.mark.parametrize('lasso, expected', [
    (False, [-0.13000001, 0.03642857, 0.20285715, -0.08714284, -0.4778571, -0.86857134]),
    (True, [-0.12, 0.04642856, 0.21285714, -0.09714283, -0.48735505, -0.87857133]),
])
def test_msvag_float32_rounding_as_v7(lasso, expected):
    # At the first step rho / (1 - rho) = 9999 multiplies the rounding error of vt - mt ** 2:
    # v7 clips the factor mt ** 2 / (mt ** 2 + rho * s) to [0, 1] and divides by the bias
    # correction, which gives these float32 weights (recorded with Chainer 7.8.1; without the
    # clipping the second weight of the first case is 0.03667521, without the division the
    # last weight of the second case is -0.87739235).
    link = chainer.Link()
    with link.init_scope():
        link.W = chainer.Parameter(numpy.arange(6, dtype=numpy.float32).reshape(2, 3) / 7 - 0.3)
        link.b = chainer.Parameter(numpy.array([0.1, -0.2], numpy.float32))
    x = numpy.array([[1, 2, 3], [-1, 0.5, 2]], numpy.float32)
    opt = optimizers.MSVAG().setup(link)
    if lasso:
        opt.add_hook(chainer.optimizer_hooks.Lasso(0.1))
    opt.update(lambda: chainer.functions.sum(chainer.functions.linear(x, link.W, link.b) ** 2))
    numpy.testing.assert_allclose(link.W.array.ravel(), expected, rtol=1e-6)


# Float16 parameters after three steps of gradients with a zero, tiny and huge (|g| = 300,
# whose square overflows float16) entries, recorded with Chainer 7.8.1: Adam computes in
# float32, the other rules in float16 in v7's order of operations (e.g. RMSprop's
# ``(1 - alpha) * grad * grad`` does not overflow, AdaGrad's eps of 1e-8 underflows).
FLOAT16_GRADS = [[0.5, -300., 0., 1e-3, 2.], [0.25, 1., 0., -1e-3, -300.],
                 [-0.5, 2., 0., 1e-3, 1.]]
FLOAT16_AS_V7 = [
    ('AdaDelta', {}, [0.497314453125, -0.25, 1.0, 0.1240234375, -1.0048828125]),
    ('AdaGrad', {}, [0.499267578125, -0.25, math.nan, 0.1241455078125, -1.0009765625]),
    ('Adam', {}, [0.498046875, -0.2479248046875, 1.0, -4.640625, -0.99951171875]),
    ('AMSBound', {}, [0.498046875, -0.234375, 1.0, 0.1124267578125, -0.9873046875]),
    ('MomentumSGD', {}, [0.48681640625, 7.8359375, 1.0, 0.125, 4.63671875]),
    ('NesterovAG', {}, [0.484619140625, 11.9453125, 1.0, 0.125, 9.2109375]),
    ('RMSprop', {'eps': 1e-3}, [0.423828125, -0.151123046875, 1.0, 0.114990234375, -1.0]),
    ('RMSprop', {'eps': 1e-3, 'eps_inside_sqrt': True},
     [0.438232421875, -0.151123046875, 1.0, 0.12469482421875, -0.9990234375]),
    ('RMSpropGraves', {}, [0.49853515625, -0.248779296875, 1.0, 0.125, -1.0]),
    ('SMORMS3', {}, [0.4990234375, -0.24853515625, math.nan, 0.1224365234375,
                     -0.99951171875]),
    ('MSVAG', {}, [0.4169921875, -0.25, 1.0, 0.125, -1.2001953125]),
    ('MSVAG', {'weight_decay_rate': 0.1, 'eta': 0.5},
     [0.390625, -0.2144775390625, 0.85791015625, 0.107177734375, -0.947265625]),
]


@pytest.mark.parametrize('name,kwargs,expected', FLOAT16_AS_V7,
                         ids=['{}-{}'.format(n, i) for i, (n, _, _) in enumerate(FLOAT16_AS_V7)])
def test_float16_update_as_v7(name, kwargs, expected):
    link = chainer.Link()
    with link.init_scope():
        link.w = chainer.Parameter(numpy.array([0.5, -0.25, 1., 0.125, -1.], numpy.float16))
    opt = getattr(optimizers, name)(**kwargs).setup(link)
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', RuntimeWarning)  # the NaN of a 0 / 0
        for grad in FLOAT16_GRADS:
            link.w.grad = numpy.array(grad, numpy.float16)
            opt.update()
    assert link.w.dtype == numpy.float16
    numpy.testing.assert_array_equal(link.w.array, numpy.array(expected, numpy.float16))
    for value in link.w.update_rule.state.values():
        assert value.dtype == numpy.float16


def test_msvag_zero_gradient_does_not_produce_nan():
    model = Model(numpy.float32)
    opt = optimizers.MSVAG().setup(model)
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        for _ in range(3):
            for p in model.plist():
                p.grad = numpy.zeros_like(p.array)
            opt.update()
    for p in model.plist():
        assert numpy.isfinite(p.array).all()


@pytest.mark.parametrize('case', CASES, ids=CASE_IDS)
def test_blocked_update_is_identical(case, monkeypatch):
    # Large contiguous arrays are updated block by block; shrink the blocks so that tiny
    # arrays take that path (with a partial last block) and compare with the one-go update.
    from chainer import optimizer as optimizer_module
    _, make, _, _ = case

    def run():
        link = chainer.Link()
        rng = numpy.random.RandomState(0)
        with link.init_scope():
            link.w = chainer.Parameter(rng.uniform(-1, 1, (7, 9)).astype(numpy.float32))
            # a non-contiguous parameter always takes the one-go path
            link.f = chainer.Parameter(numpy.asfortranarray(
                rng.uniform(-1, 1, (5, 6)).astype(numpy.float32)))
        opt = make().setup(link)
        for _ in range(4):
            for p in link.params():
                p.grad = rng.uniform(-1, 1, p.shape).astype(numpy.float32)
            opt.update()
        return link

    expected = run()
    monkeypatch.setattr(optimizer_module, '_CHUNK', 5)
    monkeypatch.setattr(optimizer_module, '_BLOCKED_MIN', 10)
    calls = []
    blocks = []
    original = optimizer_module._cpu_update

    def spy(fn, arrays, *rest):
        calls.append(arrays[0].flags.c_contiguous)

        def counted(*a):
            blocks.append(a[0].size)
            return fn(*a)
        return original(counted, arrays, *rest)

    monkeypatch.setattr(optimizer_module, '_cpu_update', spy)
    import importlib
    from chainer.optimizers import _rule_base
    # the rule calls the ``_cpu_update`` of its own module or of its base's module
    for module in (importlib.import_module(type(make()).__module__), _rule_base):
        if hasattr(module, '_cpu_update'):
            monkeypatch.setattr(module, '_cpu_update', spy)
    actual = run()
    assert True in calls and False in calls
    assert 3 in blocks and 5 in blocks  # blocks of 5 and the partial last one (63 = 12*5+3)
    for name in ('w', 'f'):
        numpy.testing.assert_array_equal(getattr(actual, name).array,
                                         getattr(expected, name).array)


CHAINERX_PARAMS = [(case, dtype) for case, dtype in REFERENCE_PARAMS
                   if dtype != numpy.float64]


@pytest.mark.parametrize('case,dtype', CHAINERX_PARAMS,
                         ids=['{}-{}'.format(c[0], numpy.dtype(d).name)
                              for c, d in CHAINERX_PARAMS])
def test_update_on_chainerx_matches_numpy(case, dtype):
    import chainerx
    name, make, _, _ = case
    runs = []
    for device in ('@numpy', 'native:0'):
        model = Model(dtype)
        model.to_device(device)
        opt = make()
        opt.setup(model)
        for grads in _grads(4, dtype):
            for p, g in zip(model.plist(), grads):
                p.grad = model.device.send(g.copy())
            opt.update()
        runs.append(model)
    numpy_model, chx_model = runs
    for p, q in zip(chx_model.plist(), numpy_model.plist()):
        assert isinstance(p.array, chainerx.ndarray)
        assert p.array.dtype == dtype
        numpy.testing.assert_array_equal(chainerx.to_numpy(p.array), q.array)
        for key, state in p.update_rule.state.items():
            assert isinstance(state, chainerx.ndarray)
            numpy.testing.assert_array_equal(chainerx.to_numpy(state),
                                             q.update_rule.state[key])


def test_fp32_update_on_chainerx():
    import chainerx
    model = Model(numpy.float16)
    model.to_device('native:0')
    opt = optimizers.Adam(alpha=0.05)
    opt.setup(model)
    for p in model.plist():
        p.update_rule.use_fp32_update()
    for grads in _grads(2, numpy.float16):
        for p, g in zip(model.plist(), grads):
            p.grad = chainerx.array(g)
        opt.update()
    for p in model.plist():
        assert p.array.dtype == numpy.float16
        assert isinstance(p.array, chainerx.ndarray)


@pytest.mark.parametrize('dtype,eps,fails', [
    (numpy.float16, 1e-8, True),    # rounds to zero in float16 (v7 raises)
    (numpy.float16, 1e-7, False),   # a float16 subnormal
    (numpy.float32, 1e-8, False),
])
def test_rmsprop_eps_too_small_for_param_dtype(dtype, eps, fails):
    param = chainer.Parameter(numpy.ones(3, dtype))
    param.grad = numpy.full(3, 0.5, dtype)
    opt = optimizers.RMSprop(eps=eps)
    opt.setup(chainer.Link())
    rule = opt.create_update_rule()
    if fails:
        with pytest.raises(ValueError, match='eps of RMSprop optimizer is too small for '
                                             'float16'):
            rule.update(param)
    else:
        rule.update(param)
        assert param.array.dtype == dtype and (param.array < 1).all()
