"""chainerx.backward and chainerx.grad: accumulation, double backprop and nested graphs."""
import numpy
import pytest

import chainerx
import chainerx.testing


def _arr(values, dtype='float32'):
    return chainerx.array(numpy.asarray(values, dtype))


def test_backward_accumulates_into_required_grads():
    x = _arr([1, 2, 3]).require_grad()
    (x * x).backward()
    chainerx.testing.assert_allclose(x.grad, [2, 4, 6])
    (x * 3).backward()
    chainerx.testing.assert_allclose(x.grad, [5, 7, 9])


def test_backward_from_non_scalar_uses_ones():
    x = _arr([[1, 2], [3, 4]]).require_grad()
    chainerx.backward(x * 2)
    chainerx.testing.assert_allclose(x.grad, numpy.full((2, 2), 2))


def test_backward_from_several_outputs():
    x = _arr([1, 2]).require_grad()
    y1 = x * 2
    y2 = x * x
    chainerx.backward([y1, y2])
    chainerx.testing.assert_allclose(x.grad, [4, 6])


def test_backward_without_graph_raises():
    x = _arr([1, 2])
    with pytest.raises(chainerx.ChainerxError):
        x.backward()
    with pytest.raises(chainerx.ChainerxError):
        chainerx.backward([x * 2])


def test_backward_from_leaf_sets_ones():
    x = _arr([1, 2]).require_grad()
    x.backward()
    chainerx.testing.assert_allclose(x.grad, [1, 1])


def test_backward_argument_types():
    with pytest.raises(TypeError):
        chainerx.backward(numpy.ones(2))
    x = _arr([1.]).require_grad()
    with pytest.raises(TypeError):
        x.backward(backprop_id='bp')


def test_gradients_of_distinct_leaves_do_not_share_memory():
    a = _arr([1, 2]).require_grad()
    b = _arr([3, 4]).require_grad()
    (a + b).backward()
    a.grad[0] = 10
    chainerx.testing.assert_allclose(b.grad, [1, 1])


def test_broadcast_leaf_gradient_is_writable():
    a = _arr(1.0).require_grad()
    chainerx.broadcast_to(a, (3,)).sum().backward()
    a.grad[...] = 5
    chainerx.testing.assert_allclose(a.grad, 5)


def test_diamond_graph():
    x = _arr([2.]).require_grad()
    h = x * 3
    y = h * h + h
    y.backward()
    # y = 9x^2 + 3x -> 18x + 3
    chainerx.testing.assert_allclose(x.grad, [39])


def test_double_backprop():
    x = _arr([1., 2.], 'float64').require_grad()
    y = (x ** 3).sum()
    y.backward(enable_double_backprop=True)
    gx = x.grad
    assert gx.is_backprop_required()
    chainerx.testing.assert_allclose(gx, [3, 12])
    x.cleargrad()
    gx.sum().backward()
    chainerx.testing.assert_allclose(x.grad, [6, 12])


def test_grads_are_not_recorded_without_double_backprop():
    x = _arr([1., 2.]).require_grad()
    (x * x).sum().backward()
    assert not x.grad.is_backprop_required()


def test_nested_graphs():
    with chainerx.backprop_scope('outer') as outer, chainerx.backprop_scope('inner') as inner:
        x = _arr([3.], 'float64').require_grad(outer).require_grad(inner)
        y = x * x * x
        y.backward(inner)
        g = x.get_grad(inner)
        chainerx.testing.assert_allclose(g, [27])
        assert g.is_backprop_required(outer)
        assert not g.is_backprop_required(inner)
        g.backward(outer)
        chainerx.testing.assert_allclose(x.get_grad(outer), [18])


def test_backward_through_default_graph_with_inner_graph():
    with chainerx.backprop_scope('inner') as inner:
        x = _arr([2.]).require_grad().require_grad(inner)
        (x * x).backward()
        chainerx.testing.assert_allclose(x.grad, [4])
        assert x.get_grad(inner) is None


def test_grad():
    x = _arr([1., 2.]).require_grad()
    w = _arr([3., 4.]).require_grad()
    y = (x * w).sum()
    gx, gw = chainerx.grad([y], [x, w])
    chainerx.testing.assert_allclose(gx, [3, 4])
    chainerx.testing.assert_allclose(gw, [1, 2])
    assert x.grad is None and w.grad is None


def test_grad_set_grad_and_grad_outputs_inputs():
    x = _arr([1., 2.]).require_grad()
    y = x * 2
    gx, = chainerx.grad([y], [x], set_grad=True, grad_outputs=[_arr([1., 10.])],
                        grad_inputs=[_arr([100., 100.])])
    chainerx.testing.assert_allclose(gx, [102, 120])
    chainerx.testing.assert_allclose(x.grad, [102, 120])


def test_grad_wrt_intermediate_and_unreachable():
    x = _arr([1., 2.]).require_grad()
    h = x * 3
    y = h * h
    other = _arr([1.]).require_grad()
    gh, gx, go = chainerx.grad([y.sum()], [h, x, other])
    chainerx.testing.assert_allclose(gh, [6, 12])
    chainerx.testing.assert_allclose(gx, [18, 36])
    assert go is None


def test_grad_keeps_intermediate_required_grads_unless_retained():
    x = _arr([1.]).require_grad()
    h = (x * 2).require_grad()
    y = h * h
    chainerx.grad([y], [x])
    assert h.grad is None
    y.backward()
    chainerx.testing.assert_allclose(h.grad, [4])


def test_grad_double_backprop():
    x = _arr([2.], 'float64').require_grad()
    y = x ** 4
    gx, = chainerx.grad([y], [x], enable_double_backprop=True)
    ggx, = chainerx.grad([gx], [x])
    chainerx.testing.assert_allclose(ggx, [48])


def test_grad_errors():
    x = _arr([1.]).require_grad()
    with pytest.raises(chainerx.ChainerxError):
        chainerx.grad([x * 2], [_arr([1.])])
    with pytest.raises(chainerx.ChainerxError):
        chainerx.grad([_arr([1.])], [x])
    with pytest.raises(ValueError):
        chainerx.grad([x * 2], [x], grad_outputs=[_arr([1.]), _arr([1.])])


def test_backward_on_other_graph_is_separate():
    with chainerx.backprop_scope('bp') as bp:
        x = _arr([1., 2.]).require_grad().require_grad(bp)
        (x * 5).backward(bp)
        chainerx.testing.assert_allclose(x.get_grad(bp), [5, 5])
        assert x.grad is None


def test_failed_backward_leaves_graph_usable():
    x = _arr([1., 2.]).require_grad()
    y = x * 2

    class Boom(Exception):
        pass

    def failing(xp, op, xs, ys, gys):
        raise Boom()

    z = chainerx.copy(y)
    z._nodes[0].creator.backward = failing
    with pytest.raises(Boom):
        z.backward()
    y.backward()
    chainerx.testing.assert_allclose(x.grad, [2, 2])
