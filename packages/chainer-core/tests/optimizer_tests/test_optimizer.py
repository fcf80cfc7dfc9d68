"""Optimizer, GradientMethod, UpdateRule and Hyperparameter (chainer.optimizer)."""

import copy
import pickle
import warnings

import numpy
import pytest

import chainer
from chainer import optimizer
from chainer import optimizer_hooks
from chainer import optimizers
from chainer import serializers


class Model(chainer.Chain):
    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.a = chainer.Link()
            with self.a.init_scope():
                self.a.w = chainer.Parameter(numpy.array([1.0, 2.0], dtype=numpy.float32))
            self.b = chainer.Parameter(numpy.array([[3.0]], dtype=numpy.float32))


def _set_grads(model, value=1.0):
    for p in model.params():
        p.grad = numpy.full_like(p.array, value)


# --- Hyperparameter ----------------------------------------------------------------------

def test_hyperparameter_parent_chaining():
    root = optimizer.Hyperparameter()
    root.x = 1
    root.y = 2
    child = optimizer.Hyperparameter(root)
    child.y = 3
    grandchild = optimizer.Hyperparameter(child)
    assert child.parent is root and root.parent is None
    assert (child.x, child.y) == (1, 3)
    assert (grandchild.x, grandchild.y) == (1, 3)
    root.x = 10
    assert grandchild.x == 10
    assert grandchild.get_dict() == {'x': 10, 'y': 3}
    assert child.get_dict() == {'x': 10, 'y': 3}
    assert root.get_dict() == {'x': 10, 'y': 2}
    assert repr(child) == 'Hyperparameter(x=10, y=3)'
    with pytest.raises(AttributeError):
        grandchild.z
    assert not hasattr(root, 'z')


def test_hyperparameter_copy_and_pickle():
    root = optimizer.Hyperparameter()
    root.lr = 0.5
    child = optimizer.Hyperparameter(root)
    child.momentum = 0.9
    for c in (copy.copy(child), copy.deepcopy(child), pickle.loads(pickle.dumps(child))):
        assert c.lr == 0.5 and c.momentum == 0.9


def test_hyperparameter_proxy():
    class Opt:
        lr = optimizer.HyperparameterProxy('lr')

        def __init__(self):
            self.hyperparam = optimizer.Hyperparameter()
            self.hyperparam.lr = 0.1

    o = Opt()
    assert o.lr == 0.1
    o.lr = 0.2
    assert o.hyperparam.lr == 0.2
    assert isinstance(Opt.lr, optimizer.HyperparameterProxy)
    assert 'hyperparam.lr' in Opt.lr.__doc__


# --- UpdateRule --------------------------------------------------------------------------

class RecordingRule(optimizer.UpdateRule):
    def __init__(self, log):
        super().__init__()
        self.log = log

    def init_state(self, param):
        self.log.append('init_state')
        self.state['s'] = numpy.zeros_like(param.array)

    def update_core_cpu(self, param):
        self.log.append(('core', float(param.grad[0])))
        self.state['s'] += param.grad
        param.array -= param.grad


def _param(values=(1.0, 2.0), grad=(0.5, 0.5)):
    p = chainer.Parameter(numpy.array(values, dtype=numpy.float32))
    p.grad = numpy.array(grad, dtype=numpy.float32)
    return p


def test_update_rule_hooks_order_and_state():
    log = []
    rule = RecordingRule(log)
    rule.add_hook(lambda r, p: log.append('pre1'), name='pre1')
    rule.add_hook(lambda r, p: log.append('pre2'), name='pre2', timing='pre')
    rule.add_hook(lambda r, p: log.append('post'), name='post', timing='post')
    p = _param()
    assert rule.state is None
    rule.update(p)
    rule.update(p)
    assert log == ['init_state', 'pre1', 'pre2', ('core', 0.5), 'post',
                   'pre1', 'pre2', ('core', 0.5), 'post']
    assert rule.t == 2
    numpy.testing.assert_allclose(p.array, [0.0, 1.0])
    numpy.testing.assert_allclose(rule.state['s'], [1.0, 1.0])
    rule.remove_hook('pre1')
    rule.remove_hook('post')
    with pytest.raises(KeyError):
        rule.remove_hook('post')
    del log[:]
    rule.update(p)
    assert log == ['pre2', ('core', 0.5)]


def test_update_rule_add_hook_errors():
    rule = optimizer.UpdateRule()
    with pytest.raises(TypeError):
        rule.add_hook(1)
    with pytest.raises(ValueError):
        rule.add_hook(lambda r, p: None, name='h', timing='middle')

    def h(rule, param):
        pass

    rule.add_hook(h)
    with pytest.raises(KeyError):  # as v7, whatever the timing
        rule.add_hook(h, timing='post')


def test_update_rule_hook_timing_auto():
    # As v7: 'auto' (the default) takes the hook's ``timing`` attribute, 'pre' without one;
    # an attribute that is neither 'pre' nor 'post' files the hook as a post hook.
    log = []
    rule = RecordingRule(log)

    def hook(label, timing=None):
        def f(rule, param):
            log.append(label)
        if timing is not None:
            f.timing = timing
        return f

    rule.add_hook(hook('no_attr'), name='no_attr')
    rule.add_hook(hook('post_attr', 'post'), name='post_attr')
    rule.add_hook(hook('odd_attr', 'sometime'), name='odd_attr')
    rule.add_hook(hook('pre_explicit', 'post'), name='pre_explicit', timing='pre')
    rule.update(_param())
    assert log == ['init_state', 'no_attr', 'pre_explicit', ('core', 0.5), 'post_attr',
                   'odd_attr']


def test_update_rule_disabled_does_nothing():
    log = []
    rule = RecordingRule(log)
    rule.enabled = False
    p = _param()
    rule.update(p)
    assert log == [] and rule.t == 0 and rule.state is None
    numpy.testing.assert_array_equal(p.array, [1.0, 2.0])


def test_update_rule_base_update_core_not_implemented():
    with pytest.raises(NotImplementedError):
        optimizer.UpdateRule().update(_param())


def test_update_rule_divides_grad_by_loss_scale():
    log = []
    rule = RecordingRule(log)
    p = _param(grad=(4.0, 8.0))
    p._loss_scale = 4.0
    rule.update(p)
    assert log[-1] == ('core', 1.0)
    numpy.testing.assert_allclose(p.array, [0.0, 0.0])


def test_update_rule_serialize_round_trip():
    log = []
    rule = RecordingRule(log)
    p = _param()
    rule.update(p)
    target = {}
    rule.serialize(serializers.DictionarySerializer(target))
    assert sorted(target) == ['s', 't']
    rule2 = RecordingRule([])
    rule2.serialize(serializers.NpzDeserializer(target))
    assert rule2.t == 1
    numpy.testing.assert_allclose(rule2.state['s'], [0.5, 0.5])
    # The state then stays and is updated in place.
    rule2.update(p)
    numpy.testing.assert_allclose(rule2.state['s'], [1.0, 1.0])


def test_update_rule_deserialize_without_state_keys():
    # An enabled rule requires its state keys; a disabled one keeps its state uninitialized.
    target = {'t': numpy.asarray(3)}
    rule = RecordingRule([])
    with pytest.raises(KeyError):
        rule.serialize(serializers.NpzDeserializer(target))
    rule = RecordingRule([])
    rule.enabled = False
    rule.serialize(serializers.NpzDeserializer(target))
    assert rule.t == 3 and rule.state is None
    rule = RecordingRule([])
    rule.serialize(serializers.NpzDeserializer(target, strict=False))
    assert rule.t == 3 and rule.state is None


# --- Optimizer / GradientMethod -------------------------------------------------------------

def test_setup():
    model = Model()
    opt = optimizers.SGD()
    assert opt.setup(model) is opt
    assert opt.target is model
    assert opt.t == 0 and opt.epoch == 0
    for p in model.params():
        assert isinstance(p.update_rule, optimizers.sgd.SGDRule)
        assert p.update_rule.hyperparam.parent is opt.hyperparam
    with pytest.raises(TypeError):
        opt.setup(object())


def test_add_hook_requires_setup():
    with pytest.raises(RuntimeError):
        optimizers.SGD().add_hook(optimizer_hooks.WeightDecay(0.1))


def test_base_optimizer_update_not_implemented():
    opt = optimizer.Optimizer()
    opt.setup(Model())
    with pytest.raises(NotImplementedError):
        opt.update()
    with pytest.raises(NotImplementedError):
        optimizer.GradientMethod().create_update_rule()


def test_hook_order_and_timing():
    model = Model()
    opt = optimizers.SGD(lr=1.0).setup(model)
    log = []

    def make(name):
        def hook(o):
            assert o is opt
            log.append((name, opt.t, float(model.b.array[0, 0])))
        hook.name = name
        return hook

    post = make('post_attr')
    post.timing = 'post'
    opt.add_hook(make('pre_auto'))              # no timing attribute: 'pre'
    opt.add_hook(post)                          # 'auto' picks up hook.timing
    opt.add_hook(make('pre_explicit'), timing='pre')
    opt.add_hook(make('post_explicit'), name='renamed', timing='post')
    _set_grads(model)
    opt.update()
    assert log == [('pre_auto', 0, 3.0), ('pre_explicit', 0, 3.0),
                   ('post_attr', 1, 2.0), ('post_explicit', 1, 2.0)]
    with pytest.raises(KeyError):
        opt.add_hook(make('x'), name='renamed')
    with pytest.raises(KeyError):
        opt.add_hook(make('pre_auto'), timing='post')
    with pytest.raises(ValueError):
        opt.add_hook(make('y'), timing='later')
    with pytest.raises(TypeError):
        opt.add_hook('not callable', name='z')
    opt.remove_hook('pre_auto')
    opt.remove_hook('renamed')
    with pytest.raises(KeyError):
        opt.remove_hook('renamed')
    del log[:]
    _set_grads(model)
    opt.update()
    assert [e[0] for e in log] == ['pre_explicit', 'post_attr']


def test_hook_with_invalid_timing_attribute():
    opt = optimizers.SGD().setup(Model())
    log = []

    def hook(o):
        log.append('hook')

    hook.timing = 'sometime'
    with pytest.warns(UserWarning, match='defaulting timing'):  # as v7: filed as 'pre'
        opt.add_hook(hook)
    opt.call_hooks('post')
    assert log == []
    opt.call_hooks('pre')
    assert log == ['hook']


def test_hooks_require_setup():
    # As v7: RuntimeError before ``setup`` (also for a non-callable hook).
    opt = optimizers.SGD()
    for call in (lambda: opt.add_hook(1), lambda: opt.remove_hook('h'),
                 lambda: opt.call_hooks('pre')):
        with pytest.raises(RuntimeError, match='not set up'):
            call()


def test_call_hook():
    model = Model()
    opt = optimizers.SGD().setup(model)
    seen = []
    opt.call_hook(lambda o: seen.append(o))

    class EachParam:
        call_for_each_param = True

        def __call__(self, rule, param):
            seen.append((rule, param))

    opt.call_hook(EachParam())
    assert seen == [opt] + [(p.update_rule, p) for p in model.params()]


def test_call_hook_reallocates_cleared_grads_of_gradient_methods_only():
    # As v7: GradientMethod.call_hook reallocates the gradients a hook cleared (as zeros);
    # the base Optimizer leaves them None.
    for opt, expected in ((optimizers.SGD(), [0.0, 0.0]), (optimizer.Optimizer(), None)):
        model = Model()
        opt.setup(model)
        opt.add_hook(lambda o: model.cleargrads(), name='clear')
        opt.call_hooks('pre')
        grad = model.a.w.grad
        assert (grad if expected is None else grad.tolist()) == expected


def test_call_for_each_param_hook_receives_rule_and_param():
    model = Model()
    opt = optimizers.SGD().setup(model)
    seen = []

    class Hook:
        name = 'each'
        call_for_each_param = True
        timing = 'pre'

        def __call__(self, rule, param):
            assert rule is param.update_rule
            seen.append(param.name)

    opt.add_hook(Hook())
    _set_grads(model)
    opt.update()
    assert sorted(seen) == ['b', 'w']
    seen.clear()
    opt.call_hooks('pre')
    assert sorted(seen) == ['b', 'w']
    with pytest.raises(ValueError):
        opt.call_hooks('middle')


def test_update_with_lossfun_clears_grads_and_backprops():
    model = Model()
    opt = optimizers.SGD(lr=0.1).setup(model)
    _set_grads(model, 100.0)  # stale grads must be cleared
    calls = []

    def lossfun(x, scale=1.0):
        calls.append((x, scale))
        return chainer.functions.sum(model.b * x) * scale

    opt.update(lossfun, 2.0, scale=3.0)
    assert calls == [(2.0, 3.0)]
    numpy.testing.assert_allclose(model.b.array, [[3.0 - 0.1 * 6.0]])
    # a.w had no gradient: it gets a zero gradient and is not moved.
    numpy.testing.assert_allclose(model.a.w.array, [1.0, 2.0])
    numpy.testing.assert_array_equal(model.a.w.grad, [0.0, 0.0])
    assert opt.t == 1


def test_update_reallocates_cleared_grads():
    model = Model()
    opt = optimizers.MomentumSGD().setup(model)
    model.cleargrads()
    opt.update()
    for p in model.params():
        assert p.grad is not None and not p.grad.any()
    numpy.testing.assert_allclose(model.b.array, [[3.0]])


def test_update_skips_disabled_params():
    model = Model()
    opt = optimizers.SGD(lr=1.0).setup(model)
    model.a.disable_update()
    _set_grads(model)
    opt.update()
    numpy.testing.assert_allclose(model.a.w.array, [1.0, 2.0])
    numpy.testing.assert_allclose(model.b.array, [[2.0]])
    assert model.a.w.update_rule.t == 0 and model.b.update_rule.t == 1


def test_uninitialized_param_is_skipped_then_updated():
    model = chainer.Link()
    with model.init_scope():
        model.w = chainer.Parameter(0.0)  # shape unknown: uninitialized
    opt = optimizers.Adam().setup(model)
    with pytest.raises(RuntimeError, match='Cannot retrieve Variable.grad'):
        opt.update()  # as v7: its gradient was never set nor cleared
    model.cleargrads()
    opt.update()  # nothing initialized yet: nothing to do
    assert model.w.update_rule.state is None
    model.w.initialize((2,))
    model.w.grad = numpy.ones(2, dtype=numpy.float32)
    opt.update()
    assert sorted(model.w.update_rule.state) == ['m', 'v']


def test_new_epoch():
    opt = optimizers.SGD().setup(Model())
    opt.new_epoch()
    assert opt.epoch == 1
    with pytest.raises(RuntimeError):
        opt.new_epoch(auto=True)
    opt.use_auto_new_epoch = True
    opt.new_epoch(auto=True)
    assert opt.epoch == 2
    with pytest.raises(RuntimeError):
        opt.new_epoch()
    assert opt.epoch == 2


def test_serialize_layout_and_round_trip():
    model = Model()
    opt = optimizers.MomentumSGD(lr=0.1).setup(model)
    _set_grads(model)
    opt.update()
    opt.update()
    opt.new_epoch()
    target = {}
    serializers.DictionarySerializer(target, 'updater/optimizer:main/').save(opt)
    assert sorted(target) == [
        'updater/optimizer:main/a/w/t', 'updater/optimizer:main/a/w/v',
        'updater/optimizer:main/b/t', 'updater/optimizer:main/b/v',
        'updater/optimizer:main/epoch', 'updater/optimizer:main/t']
    model2 = Model()
    opt2 = optimizers.MomentumSGD(lr=0.1).setup(model2)
    serializers.NpzDeserializer(target, 'updater/optimizer:main/').load(opt2)
    assert (opt2.t, opt2.epoch) == (2, 1)
    assert isinstance(opt2.t, int) and isinstance(opt2.epoch, int)
    numpy.testing.assert_allclose(model2.b.update_rule.state['v'], [[-0.1 * 1.9]])
    assert model2.a.w.update_rule.t == 2


def test_static_loss_scale():
    model = Model()
    opt = optimizers.SGD(lr=0.1).setup(model)
    opt.set_loss_scale(128.0)
    seen = []

    def hook(o):
        seen.append(float(model.b.grad[0, 0]))

    opt.add_hook(hook, name='grab')

    def lossfun():
        return chainer.functions.sum(model.b * 2.0)

    opt.update(lossfun)
    # Hooks see the scaled gradient; the update uses the unscaled one.
    assert seen == [256.0]
    numpy.testing.assert_allclose(model.b.array, [[3.0 - 0.2]])
    with pytest.raises(ValueError):
        opt.set_loss_scale(-1)


def test_set_loss_scale_none_turns_on_dynamic_scaling():
    # As v7: set_loss_scale(s) is loss_scaling(scale=s), so None means dynamic scaling.
    opt = optimizers.SGD()
    opt.set_loss_scale(None)
    assert opt._loss_scaling_is_dynamic
    assert opt._loss_scale == 1.0
    assert opt._loss_scaling_multiplier == pytest.approx(2 ** (1 / 1000))


def test_loss_scale_given_after_dynamic_scaling():
    # As v7: a number sets the scale; dynamic scaling stays on (from that scale).
    opt = optimizers.SGD()
    opt.loss_scaling(interval=10)
    opt.loss_scaling(scale=4.0)
    assert opt._loss_scaling_is_dynamic
    assert opt._loss_scale == 4.0
    opt2 = optimizers.SGD()
    opt2.loss_scaling(interval=0, scale=2.0)  # the interval is only checked for dynamic
    assert not opt2._loss_scaling_is_dynamic
    assert opt2._loss_scale == 2.0


def test_weight_decay_hook_with_loss_scale():
    model = Model()
    opt = optimizers.SGD(lr=0.1).setup(model)
    opt.add_hook(optimizer_hooks.WeightDecay(0.5))
    opt.set_loss_scale(64.0)
    opt.update(lambda: chainer.functions.sum(model.b * 2.0))
    # grad = 2 + 0.5 * 3 regardless of the loss scale
    numpy.testing.assert_allclose(model.b.array, [[3.0 - 0.1 * 3.5]], rtol=1e-6)


def test_dynamic_loss_scaling():
    model = Model()
    opt = optimizers.SGD(lr=0.1).setup(model)
    opt.loss_scaling(interval=2)
    assert opt._loss_scale == 1.0
    opt.update(lambda: chainer.functions.sum(model.b * 2.0))
    numpy.testing.assert_allclose(model.b.array, [[2.8]])
    assert opt._loss_scale == 2.0  # no overflow yet: doubles
    assert opt.t == 1

    def overflow():
        return chainer.functions.sum(model.b * numpy.float32(numpy.inf))

    seen = []
    opt.add_hook(optimizer_hooks.GradientHardClipping(-1.0, 1.0))  # cannot rescue the step
    opt.add_hook(lambda o: seen.append('pre'), name='pre')
    opt.add_hook(lambda o: seen.append('post'), name='post', timing='post')
    with pytest.warns(UserWarning, match='Non finite'):
        opt.update(overflow)
    assert seen == ['pre', 'post']  # as v7: the hooks still run
    opt.remove_hook('GradientHardClipping')
    numpy.testing.assert_allclose(model.b.array, [[2.8]])  # update skipped
    assert opt.t == 2  # as v7: the step counts (the rules' do not)
    assert model.b.update_rule.t == 1
    assert opt._loss_scale == 1.0  # halved (never below 1)
    opt.update(lambda: chainer.functions.sum(model.b * 2.0))
    numpy.testing.assert_allclose(model.b.array, [[2.6]], rtol=1e-6)
    assert opt._loss_scale == pytest.approx(2 ** 0.5)  # after an overflow: 2 ** (1/interval)
    with pytest.raises(ValueError):
        opt.loss_scaling(interval=0)


def test_check_nan_in_grads_warns_for_each_param():
    link = chainer.Link()
    with link.init_scope():
        link.w = chainer.Parameter(numpy.ones((2, 3), numpy.float32))
        link.b = chainer.Parameter(numpy.ones(3, numpy.float32))
        link.c = chainer.Parameter(numpy.ones(3, numpy.float32))
    opt = optimizers.SGD().setup(link)
    opt.loss_scaling()
    link.w.grad = numpy.full((2, 3), numpy.inf, numpy.float32)
    link.b.grad = numpy.ones(3, numpy.float32)
    link.c.grad = numpy.array([0, numpy.nan, 0], numpy.float32)
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        opt.check_nan_in_grads()
    # as v7: one warning per parameter with a non-finite gradient
    assert sorted(str(x.message).split()[7] for x in w) == ['/c', '/w']
    assert all(x.category is UserWarning for x in w)
    assert not opt.is_safe_to_update()


def test_use_cleargrads_is_deprecated():
    opt = optimizers.SGD()
    with pytest.warns(DeprecationWarning):
        opt.use_cleargrads()


def test_use_fp32_update_sets_rules():
    model = Model()
    opt = optimizers.SGD().setup(model)
    opt.use_fp32_update()
    assert all(p.update_rule._use_fp32_update for p in model.params())
    opt2 = optimizers.SGD()
    opt2.use_fp32_update()
    opt2.setup(model)
    assert all(p.update_rule._use_fp32_update for p in model.params())

    # As v7: after setup, the rules are switched on whatever the flag; the flag applies to
    # the rules of later setups.
    opt3 = optimizers.SGD().setup(model)
    opt3.use_fp32_update(False)
    assert all(p.update_rule._use_fp32_update for p in model.params())
    opt3.setup(model)
    assert not any(p.update_rule._use_fp32_update for p in model.params())


def test_fp32_master_copy_is_a_parameter():
    p = chainer.Parameter(numpy.array([1.0, 2.0], dtype=numpy.float16), name='w')
    p.grad = numpy.array([0.5, 0.5], dtype=numpy.float16)
    rule = RecordingRule([])
    rule.use_fp32_update()
    rule.update(p)
    master = rule._fp32_param
    assert type(master) is chainer.Parameter  # as v7
    assert master.name == 'w' and master.dtype == numpy.float32
    assert master.grad is None
    assert rule.state['s'].dtype == numpy.float32
    numpy.testing.assert_allclose(p.array, [0.5, 1.5])


@pytest.mark.parametrize('name', ['WeightDecay', 'Lasso', 'GradientClipping',
                                  'GradientNoise', 'GradientHardClipping'])
def test_deprecated_hook_aliases(name):
    args = {'GradientHardClipping': (-1.0, 1.0)}.get(name, (0.1,))
    cls = getattr(optimizer, name)
    assert issubclass(cls, getattr(optimizer_hooks, name))
    with pytest.warns(DeprecationWarning, match='chainer.optimizer_hooks.' + name):
        hook = cls(*args)
    assert hook.name == name


def test_make_deprecation_message():
    msg = optimizer.make_deprecation_message('WeightDecay')
    assert 'chainer.optimizer.WeightDecay' in msg
    assert 'chainer.optimizer_hooks.WeightDecay' in msg


def test_top_level_names():
    assert chainer.Optimizer is optimizer.Optimizer
    assert chainer.GradientMethod is optimizer.GradientMethod
    assert chainer.UpdateRule is optimizer.UpdateRule


def test_optimizer_pickle_copy():
    model = Model()
    opt = optimizers.Adam().setup(model)
    _set_grads(model)
    opt.update()
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        m2, o2 = pickle.loads(pickle.dumps((model, opt)))
    assert o2.target is m2
    assert o2.t == 1
    numpy.testing.assert_array_equal(m2.b.update_rule.state['m'], model.b.update_rule.state['m'])
    _set_grads(m2)
    o2.update()
    assert m2.b.update_rule.t == 2


# --- GradientMethod.update traverses the target once, again after pre-update hooks ---


def _link_with_w():
    link = chainer.Chain()
    with link.init_scope():
        link.w = chainer.Parameter(numpy.ones(3, 'f'))
    return link


def test_pre_hook_that_changes_the_hierarchy():
    link = _link_with_w()
    opt = optimizers.SGD(lr=0.5).setup(link)
    extra = chainer.Parameter(numpy.ones(2, 'f'))
    extra.update_rule = opt.create_update_rule()

    def add_param(optimizer):
        if 'extra' not in optimizer.target.__dict__:
            with optimizer.target.init_scope():
                optimizer.target.extra = extra
        extra.grad = numpy.full(2, 2, 'f')

    opt.add_hook(add_param, name='add_param')
    link.w.grad = numpy.ones(3, 'f')
    opt.update()
    numpy.testing.assert_allclose(link.w.array, numpy.full(3, 0.5))
    numpy.testing.assert_allclose(extra.array, numpy.zeros(2))


def test_cleared_grads_are_reallocated_around_the_update():
    link = _link_with_w()
    opt = optimizers.SGD(lr=0.5).setup(link)
    seen = []
    opt.add_hook(lambda o: seen.append(o.target.w.grad.copy()), name='pre', timing='pre')
    link.w.grad = None
    opt.update()  # no gradient: a zero one is allocated, the parameter does not move
    numpy.testing.assert_array_equal(seen[0], numpy.zeros(3, 'f'))
    numpy.testing.assert_array_equal(link.w.array, numpy.ones(3, 'f'))
    numpy.testing.assert_array_equal(link.w.grad, numpy.zeros(3, 'f'))


def test_update_with_lossfun_on_uninitialized_then_initialized_param():
    link = chainer.Chain()
    with link.init_scope():
        link.w = chainer.Parameter()
    opt = optimizers.Adam().setup(link)

    def lossfun():
        if link.w.array is None:
            link.w.initialize((2,))
            link.w.array[...] = 1
        return chainer.functions.sum(link.w * link.w)

    opt.update(lossfun)
    assert link.w.update_rule.t == 1
    assert (link.w.array < 1).all()
