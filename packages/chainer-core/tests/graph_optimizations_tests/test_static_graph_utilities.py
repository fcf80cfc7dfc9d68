"""chainer.static_code: the decorator forms of v7."""
import pytest

import chainer
from chainer.graph_optimizations import static_graph_utilities


def test_static_code_forms():
    calls = []

    @chainer.static_code
    def plain(x):
        calls.append(x)
        return x + 1

    @chainer.static_code(func_name='named')
    def named(x):
        calls.append(x)
        return x * 2

    assert plain(1) == 2 and named(3) == 6 and calls == [1, 3]
    assert plain.__name__ == 'plain'
    assert chainer.static_code is static_graph_utilities.static_code
    with pytest.raises(TypeError):
        chainer.static_code(func_name='x', unknown=1)


def test_static_forward_optimizations_outside_a_static_chain():
    # nothing is being traced: nothing to record
    assert static_graph_utilities.static_forward_optimizations(object(), ()) is None
