import re

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import computational_graph as c


def _graph():
    x = chainer.Variable(numpy.ones((2, 3), numpy.float32), name='x')
    h = x * 2
    y = F.sum(h)
    y.name = 'y'
    z = F.reshape(x, (3, 2))
    return x, h, y, z


def _node_ids(dot):
    return set(re.findall(r'(\d+) \[', dot))


def _edges(dot):
    return set(re.findall(r'(\d+) -> (\d+);', dot))


def test_build_graph_nodes_and_edges():
    x, h, y, z = _graph()
    g = c.build_computational_graph([y])
    mul, sum_ = h.creator_node, y.creator_node
    assert set(map(id, g.nodes)) == {id(x.node), id(mul), id(h.node), id(sum_), id(y.node)}
    assert {(id(a), id(b)) for a, b in g.edges} == {
        (id(x.node), id(mul)), (id(mul), id(h.node)), (id(h.node), id(sum_)),
        (id(sum_), id(y.node))}
    # z and its creator are not reachable from y
    assert id(z.node) not in set(map(id, g.nodes))
    g2 = c.build_computational_graph([y, z])
    assert len(g2.nodes) == 7


def test_dump_dot():
    x, h, y, z = _graph()
    dot = c.build_computational_graph(y).dump()
    assert dot.startswith('digraph graphname{rankdir=TB;')
    assert dot.endswith('}')
    assert _node_ids(dot) == {str(id(n)) for n in
                              (x.node, h.creator_node, h.node, y.creator_node, y.node)}
    assert _edges(dot) == {(str(id(x.node)), str(id(h.creator_node))),
                           (str(id(h.creator_node)), str(id(h.node))),
                           (str(id(h.node)), str(id(y.creator_node))),
                           (str(id(y.creator_node)), str(id(y.node)))}
    assert 'label="{}"'.format(y.creator_node.label) in dot
    assert 'label="x: {}"'.format(x.node.label) in dot
    assert 'label="y: {}"'.format(y.node.label) in dot
    assert 'shape="octagon"' in dot and 'fillcolor="#E0E0E0"' in dot
    assert 'shape="record"' in dot and 'fillcolor="#6495ED"' in dot


def test_dot_node_label_format():
    x = chainer.Variable(numpy.ones(2, numpy.float32), name='v')
    node = c.DotNode(x.node, {'color': 'red'}, show_name=True)
    assert node.id_ == id(x.node)
    assert node.label == '%d [label="v: %s",shape="oval",color="red"];' % (
        id(x.node), x.node.label)
    overriding = c.DotNode(x.node, {'color': 'red', 'shape': 'box'})
    assert overriding.label == '%d [label="v: %s",shape="box",color="red"];' % (
        id(x.node), x.node.label)
    assert 'v:' not in c.DotNode(x.node, None, show_name=False).label
    f = F.sum(x).creator_node
    assert 'shape="box"' in c.DotNode(f).label


def test_styles_and_options():
    x, h, y, z = _graph()
    dot = c.build_computational_graph(
        y, variable_style=None, function_style=None, rankdir='LR', show_name=False).dump()
    assert 'rankdir=LR' in dot
    assert 'fillcolor' not in dot
    assert 'x:' not in dot and 'y:' not in dot
    with pytest.raises(ValueError, match='rankdir'):
        c.build_computational_graph(y, rankdir='XX')
    with pytest.raises(ValueError, match='remove_split'):
        c.build_computational_graph(y, remove_split=False)
    with pytest.raises(TypeError):
        c.build_computational_graph([y, 1])


def test_remove_variable():
    x, h, y, z = _graph()
    dot = c.build_computational_graph([y], remove_variable=True).dump()
    mul, sum_ = h.creator_node, y.creator_node
    assert _node_ids(dot) == {str(id(mul)), str(id(sum_))}
    assert _edges(dot) == {(str(id(mul)), str(id(sum_)))}


def test_dump_other_format():
    x, h, y, z = _graph()
    with pytest.raises(NotImplementedError):
        c.build_computational_graph(y).dump('graphml')


def test_unchain_backward_stops_graph():
    x, h, y, z = _graph()
    h.unchain_backward()
    g = c.build_computational_graph(y)
    assert set(map(id, g.nodes)) == {id(h.node), id(y.creator_node), id(y.node)}


def test_function_node_and_variable_node_outputs():
    x, h, y, z = _graph()
    g1 = c.build_computational_graph(y.creator_node)
    g2 = c.build_computational_graph([y.node])
    assert id(y.node) not in set(map(id, g1.nodes))
    assert set(map(id, g1.nodes)) | {id(y.node)} == set(map(id, g2.nodes))


def test_shared_input_edges_drawn_once():
    x = chainer.Variable(numpy.ones(2, numpy.float32))
    y = x * x
    dot = c.build_computational_graph(y).dump()
    assert dot.count('%d -> %d;' % (id(x.node), id(y.creator_node))) == 1
