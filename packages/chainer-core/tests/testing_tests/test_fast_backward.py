"""chainer.testing._fast_backward: every array-level backward is checked against backward."""
import pathlib
import sys
import textwrap

import numpy
import pytest

import chainer
from chainer import gradient_check
from chainer.testing import _fast_backward
from chainer.testing._fast_backward import check_fast_backward

_PACKAGES = pathlib.Path(__file__).resolve().parents[3]  # packages/


def _test_files():
    return sorted(_PACKAGES.glob('*/tests/**/test_*.py'))


def test_every_fast_backward_is_checked():
    # A node class that defines ``_backward_arrays`` has two gradient formulas in effect:
    # some test must compare them with check_fast_backward.
    nodes = _fast_backward.fast_backward_nodes()
    assert len(nodes) > 80
    unchecked = nodes - _fast_backward.nodes_checked_in(_test_files())
    names = sorted('%s.%s' % (cls.__module__, cls.__qualname__) for cls in unchecked)
    assert not names, 'fast paths without a check_fast_backward test: %s' % names


# --- a scratch node with a fast path, to prove that the checks fail when they should -------


class _Double(chainer.FunctionNode):
    """y = 2x, with a configurable (possibly wrong) fast backward."""

    fast_factor = 2

    def forward(self, inputs):
        return inputs[0] * 2,

    def backward(self, indexes, grad_outputs):
        return grad_outputs[0] * 2,

    def _backward_arrays(self, indexes, grad_outputs):
        if self.fast_factor is None:
            return ()
        return grad_outputs[0] * self.fast_factor,


def _double(x):
    return _Double().apply((x,))[0]


def test_check_fast_backward_accepts_a_matching_fast_path():
    x = numpy.arange(3, dtype=numpy.float32)
    check_fast_backward(_Double, _double, [x], [numpy.ones(3, numpy.float32)])
    assert _Double.__dict__['_backward_arrays'] is not None  # restored after the spy


@pytest.mark.parametrize('factor', [3, None])
def test_check_fast_backward_rejects_a_wrong_fast_path(factor, monkeypatch):
    monkeypatch.setattr(_Double, 'fast_factor', factor)
    x = numpy.arange(3, dtype=numpy.float32)
    with pytest.raises(AssertionError):
        check_fast_backward(_Double, _double, [x], [numpy.ones(3, numpy.float32)])


def test_check_fast_backward_rejects_a_node_whose_fast_path_does_not_run():
    x = numpy.arange(3, dtype=numpy.float32)
    with pytest.raises(AssertionError, match='ran 0 times'):
        check_fast_backward(_Double, lambda v: v * 2, [x], [numpy.ones(3, numpy.float32)])


def test_check_double_backward_compares_the_first_order_gradients(monkeypatch):
    # a differentiable backward three times too large, under a correct fast path: the
    # numerical checks of check_backward (which sees the fast path) cannot notice it
    x = numpy.arange(3, dtype=numpy.float64)
    gy = numpy.ones(3)
    gradient_check.check_double_backward(_double, x, gy, gy)
    monkeypatch.setattr(_Double, 'backward', lambda self, i, gys: (gys[0] * 6,))
    gradient_check.check_backward(_double, x, gy)
    with pytest.raises(AssertionError, match='first-order gradient'):
        gradient_check.check_double_backward(_double, x, gy, gy)


def test_the_registry_finds_an_unchecked_fast_path(tmp_path, monkeypatch):
    package = tmp_path / 'scratch_nodes'
    package.mkdir()
    (package / '__init__.py').write_text('')
    (package / 'wrong.py').write_text(textwrap.dedent('''\
        import chainer

        class Tripled(chainer.FunctionNode):
            def forward(self, inputs):
                return inputs[0] * 3,

            def backward(self, indexes, grad_outputs):
                return grad_outputs[0] * 3,

            def _backward_arrays(self, indexes, grad_outputs):
                return grad_outputs[0] * 4,  # deliberately wrong

        class Subclass(Tripled):
            pass
        '''))
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, 'scratch_nodes', raising=False)
    nodes = _fast_backward.fast_backward_nodes(('scratch_nodes',))
    scratch = {cls for cls in nodes if cls.__module__ == 'scratch_nodes.wrong'}
    assert [cls.__name__ for cls in scratch] == ['Tripled']  # the subclass inherits it

    unrelated = tmp_path / 'test_unrelated.py'
    unrelated.write_text('def test_nothing():\n    pass\n')
    assert not scratch & _fast_backward.nodes_checked_in([unrelated])

    checking = tmp_path / 'test_checking.py'
    checking.write_text(textwrap.dedent('''\
        import numpy
        from chainer.testing._fast_backward import check_fast_backward
        from scratch_nodes import wrong

        def test_fast_backward():
            x = numpy.ones(2, 'f')
            check_fast_backward(wrong.Subclass, lambda v: wrong.Subclass().apply((v,))[0],
                                [x], [x])
        '''))
    assert scratch <= _fast_backward.nodes_checked_in([checking])
    # and that check fails, as the fast path is wrong
    tripled = scratch.pop()
    with pytest.raises(AssertionError):
        check_fast_backward(tripled, lambda v: tripled().apply((v,))[0],
                            [numpy.ones(2, 'f')], [numpy.ones(2, 'f')])
