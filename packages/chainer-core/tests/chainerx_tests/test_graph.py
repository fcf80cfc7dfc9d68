"""Backprop ids, backprop scopes and the per-graph backprop modes."""
import pytest

import chainerx


def test_backprop_scope():
    with chainerx.backprop_scope('bp1') as bp1:
        assert isinstance(bp1, chainerx.BackpropId)
        assert bp1.name == 'bp1'
        assert bp1.context is chainerx.get_default_context()
        a = chainerx.ones((1,)).require_grad(bp1)
        assert a.is_grad_required(bp1)
        assert not a.is_grad_required()
    with pytest.raises(chainerx.ChainerxError):
        a.is_grad_required(bp1)


def test_make_and_release_backprop_id():
    ctx = chainerx.get_default_context()
    bp = ctx.make_backprop_id('manual')
    ctx._check_valid_backprop_id(bp)
    ctx.release_backprop_id(bp)
    with pytest.raises(chainerx.ChainerxError):
        ctx._check_valid_backprop_id(bp)
    with pytest.raises(chainerx.ChainerxError):
        ctx.release_backprop_id(bp)


def test_backprop_id_of_another_context():
    other = chainerx.Context()
    bp = other.make_backprop_id('other')
    with pytest.raises(chainerx.ContextError):
        chainerx.get_default_context()._check_valid_backprop_id(bp)


def test_no_backprop_mode_all_graphs():
    a = chainerx.ones((2,)).require_grad()
    assert chainerx.is_backprop_required()
    with chainerx.no_backprop_mode():
        assert not chainerx.is_backprop_required()
        b = a * 2
        assert not b.is_backprop_required()
        assert not a.is_backprop_required()
        assert a.is_grad_required()
        with chainerx.force_backprop_mode():
            assert chainerx.is_backprop_required()
            assert (a * 2).is_backprop_required()
    assert (a * 2).is_backprop_required()


def test_no_backprop_mode_per_graph():
    with chainerx.backprop_scope('bp1') as bp1, chainerx.backprop_scope('bp2') as bp2:
        a = chainerx.ones((2,)).require_grad(bp1).require_grad(bp2)
        with chainerx.no_backprop_mode(bp1):
            assert not chainerx.is_backprop_required(bp1)
            assert chainerx.is_backprop_required(bp2)
            b = a * 2
            assert not b.is_backprop_required(bp1)
            assert b.is_backprop_required(bp2)
        with chainerx.no_backprop_mode([bp1, bp2]):
            assert not (a * 2).is_backprop_required(chainerx.anygraph)
            with chainerx.force_backprop_mode(bp2):
                c = a * 2
                assert c.is_backprop_required(bp2)
                assert not c.is_backprop_required(bp1)


def test_mode_of_another_context_does_not_apply():
    other = chainerx.Context()
    with chainerx.no_backprop_mode(other):
        assert chainerx.is_backprop_required()
        assert not chainerx.is_backprop_required(other)


def test_mode_arguments_are_checked():
    with pytest.raises(TypeError):
        chainerx.no_backprop_mode('bp')
    with pytest.raises(TypeError):
        chainerx.force_backprop_mode([1])


def test_anygraph_marker():
    assert isinstance(chainerx.anygraph, chainerx.AnyGraph)
