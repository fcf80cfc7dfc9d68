"""GradientMethod.update traverses the target once, again after pre-update hooks."""
import numpy

import chainer
from chainer import optimizers


def _link():
    link = chainer.Chain()
    with link.init_scope():
        link.w = chainer.Parameter(numpy.ones(3, 'f'))
    return link


def test_pre_hook_that_changes_the_hierarchy():
    link = _link()
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
    link = _link()
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
