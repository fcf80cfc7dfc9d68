"""pseudo_connect: one backward runs the communication behind a delegate variable too."""
import importlib

import numpy

import chainer
import chainer.functions as F
import chainermn.functions

# chainermn.functions.pseudo_connect is the function (as in v7); the module by its name:
pseudo_connect_module = importlib.import_module('chainermn.functions.pseudo_connect')


def _delegate():
    leaf = chainer.Variable(numpy.empty((0,), numpy.float32))
    return leaf, F.identity(leaf)


def test_values_pass_through_and_the_delegate_gets_a_gradient():
    leaf, delegate = _delegate()
    a = chainer.Variable(numpy.arange(3, dtype=numpy.float32))
    b = chainer.Variable(numpy.ones((2, 2), numpy.float64))
    ys = chainermn.functions.pseudo_connect(delegate, a, b)
    assert isinstance(ys, tuple) and len(ys) == 2
    assert isinstance(ys[0].creator, pseudo_connect_module.PseudoConnect)
    numpy.testing.assert_array_equal(ys[0].array, a.array)
    numpy.testing.assert_array_equal(ys[1].array, b.array)
    F.sum(ys[0] * 2).backward()
    F.sum(ys[1]).backward()
    numpy.testing.assert_array_equal(a.grad, [2, 2, 2])
    numpy.testing.assert_array_equal(b.grad, numpy.ones((2, 2)))
    assert leaf.grad is not None and leaf.grad.shape == (0,)


def test_any_variable_can_be_the_delegate_and_gets_zeros():
    # as v7: zeros of the delegate's shape and dtype; an unused output's input gets none
    delegate = chainer.Variable(numpy.ones(2, numpy.float64))
    a = chainer.Variable(numpy.arange(2, dtype=numpy.float32))
    b = chainer.Variable(numpy.arange(3, dtype=numpy.float32))
    ys = chainermn.functions.pseudo_connect(delegate, a, b)
    F.sum(ys[0] * 2).backward()
    assert delegate.grad.dtype == numpy.float64
    numpy.testing.assert_array_equal(delegate.grad, [0, 0])
    numpy.testing.assert_array_equal(a.grad, [2, 2])
    assert b.grad is None


def test_no_actual_variables_give_an_empty_tuple():
    delegate = chainer.Variable(numpy.ones(2, numpy.float32))
    assert chainermn.functions.pseudo_connect(delegate) == ()


def test_one_variable_gives_a_tuple():
    _, delegate = _delegate()
    ys = chainermn.functions.pseudo_connect(delegate, chainer.Variable(numpy.zeros(2)))
    assert isinstance(ys, tuple) and len(ys) == 1


def test_no_delegate():
    a = chainer.Variable(numpy.zeros(2))
    assert chainermn.functions.pseudo_connect(None, a) == (a,)


def test_one_backward_for_a_send_and_a_loss(comm, need_processes):
    need_processes(2)
    x = chainer.Variable(numpy.ones(2, numpy.float32))
    w = chainer.Variable(numpy.full(3, 2, numpy.float32))
    if comm.rank == 0:
        delegate = chainermn.functions.send(x, comm, 1)
        w2, = chainermn.functions.pseudo_connect(delegate, w)
        F.sum(w2 * 7).backward()
    elif comm.rank == 1:
        y = chainermn.functions.recv(comm, 0)
        F.sum(y * 3).backward()
    if comm.rank == 0:
        numpy.testing.assert_array_equal(x.grad, [3, 3])
        numpy.testing.assert_array_equal(w.grad, [7, 7, 7])
