"""Graphviz (dot) rendering of computational graphs (``chainer.computational_graph``)."""
import heapq

from chainer import function_node
from chainer import variable

_var_style = {'shape': 'octagon', 'fillcolor': '#E0E0E0', 'style': 'filled'}
_func_style = {'shape': 'record', 'fillcolor': '#6495ED', 'style': 'filled'}


class DotNode:
    """Node of the computational graph, with utilities for the dot language.

    Args:
        node: :class:`~chainer.variable.VariableNode` or :class:`~chainer.FunctionNode`.
        attribute (dict): Dot attributes of the node.
        show_name (bool): If ``True``, the ``name`` of a variable node is added to its label.
    """

    def __init__(self, node, attribute=None, show_name=True):
        assert isinstance(node, (variable.VariableNode, function_node.FunctionNode))
        self.node = node
        self.id_ = id(node)
        self.attribute = {'label': node.label}
        if isinstance(node, variable.VariableNode):
            if show_name and node.name is not None:
                self.attribute['label'] = '{}: {}'.format(node.name, self.attribute['label'])
            self.attribute['shape'] = 'oval'
        else:
            self.attribute['shape'] = 'box'
        if attribute is not None:
            self.attribute.update(attribute)

    @property
    def label(self):
        """The dot statement of the node: its id and its sorted attributes."""
        attributes = ['%s="%s"' % (k, v) for (k, v) in sorted(self.attribute.items())]
        return '%s [%s];' % (self.id_, ','.join(attributes))


class ComputationalGraph:
    """Class that represents a computational graph (assumed to be a DAG).

    Args:
        nodes (list): Nodes (:class:`~chainer.variable.VariableNode` and
            :class:`~chainer.FunctionNode` objects).
        edges (list): Edges, pairs of nodes.
        variable_style (dict or 'default'): Dot style of variable nodes.
        function_style (dict or 'default'): Dot style of function nodes.
        rankdir (str): Direction of the graph: ``'TB'``, ``'BT'``, ``'LR'`` or ``'RL'``.
        remove_variable (bool): If ``True``, variable nodes are removed and only functions are
            shown.
        show_name (bool): If ``True``, the ``name`` of each variable node is added to its label.

    The default variable style is
    ``{'shape': 'octagon', 'fillcolor': '#E0E0E0', 'style': 'filled'}`` and the default
    function style ``{'shape': 'record', 'fillcolor': '#6495ED', 'style': 'filled'}``; pass
    ``None`` for plain nodes.
    """

    def __init__(self, nodes, edges, variable_style='default', function_style='default',
                 rankdir='TB', remove_variable=False, show_name=True):
        if variable_style == 'default':
            variable_style = _var_style
        if function_style == 'default':
            function_style = _func_style
        self.nodes = nodes
        self.edges = edges
        self.variable_style = variable_style
        self.function_style = function_style
        if rankdir not in ('TB', 'BT', 'LR', 'RL'):
            raise ValueError('rankdir must be in TB, BT, LR or RL.')
        self.rankdir = rankdir
        self.remove_variable = remove_variable
        self.show_name = show_name

    def _to_dot(self):
        ret = ['digraph graphname{rankdir=%s;' % self.rankdir]
        nodes, edges = self.nodes, self.edges
        if self.remove_variable:
            nodes, edges = _skip_variable(nodes, edges)
        for node in nodes:
            assert isinstance(node, (variable.VariableNode, function_node.FunctionNode))
            if isinstance(node, variable.VariableNode):
                if not self.remove_variable:
                    ret.append(DotNode(node, self.variable_style, self.show_name).label)
            else:
                ret.append(DotNode(node, self.function_style, self.show_name).label)

        drawn_edges = set()
        for head, tail in edges:
            if (isinstance(head, variable.VariableNode)
                    and isinstance(tail, function_node.FunctionNode)):
                pass
            elif (isinstance(head, function_node.FunctionNode)
                  and isinstance(tail, variable.VariableNode)):
                pass
            elif not self.remove_variable:
                raise TypeError('head and tail should be the set of VariableNode and Function')
            edge = (id(head), id(tail))
            if edge in drawn_edges:
                continue
            ret.append('%s -> %s;' % edge)
            drawn_edges.add(edge)
        ret.append('}')
        return ''.join(ret)

    def dump(self, format='dot'):
        """Dumps the graph as a text.

        Args:
            format (str): The graph language of the output; only ``'dot'`` is supported.

        Returns:
            str: The graph in the given format.
        """
        if format == 'dot':
            return self._to_dot()
        raise NotImplementedError('Currently, only dot format is supported.')


def _skip_variable(nodes, edges):
    # Replaces variable -> function and function -> variable edges by function -> function
    # edges (creator of the variable -> the function that takes it).
    users = {}
    for node in nodes:
        if isinstance(node, function_node.FunctionNode):
            for input_ in node.inputs or ():
                users.setdefault(id(input_), node)
    func_edges = []
    for head, tail in edges:
        if isinstance(head, variable.VariableNode):
            if head.creator_node is None:
                continue
            head = head.creator_node
        if isinstance(tail, variable.VariableNode):
            tail = users.get(id(tail))
            if tail is None:
                continue
        func_edges.append((head, tail))
    return nodes, func_edges


def build_computational_graph(outputs, remove_split=True, variable_style='default',
                              function_style='default', rankdir='TB', remove_variable=False,
                              show_name=True):
    """Builds the graph of functions and variables backward-reachable from ``outputs``.

    Args:
        outputs: A :class:`~chainer.Variable`, :class:`~chainer.variable.VariableNode` or
            :class:`~chainer.FunctionNode`, or a list of them, from which the graph is built.
        remove_split (bool): Must be ``True`` (kept for backward compatibility).
        variable_style (dict or 'default'): Dot style of variable nodes (keys such as
            ``'shape'``, ``'color'``, ``'fillcolor'``, ``'style'``).
        function_style (dict or 'default'): Dot style of function nodes.
        rankdir (str): Direction of the graph: ``'TB'``, ``'BT'``, ``'LR'`` or ``'RL'``.
        remove_variable (bool): If ``True``, only function nodes are kept.
        show_name (bool): If ``True``, variable names are added to the labels.

    Returns:
        ComputationalGraph: The nodes and edges backward-reachable from at least one of
        ``outputs``. The traversal stops at variables whose graph was cut by
        ``unchain_backward``.

    For example, with ``y = f(x)`` and ``z = g(x)``, ``outputs=[y, z]`` gives the whole graph
    and ``outputs=[y]`` gives ``x -> f -> y`` only.
    """
    if not remove_split:
        raise ValueError('remove_split=False is not supported anymore')

    output_types = (variable.Variable, variable.VariableNode, function_node.FunctionNode)
    if isinstance(outputs, output_types):
        outputs = [outputs]
    elif not all(isinstance(o, output_types) for o in outputs):
        raise TypeError('element of outputs must be either Variable, VariableNode, '
                        ' or FunctionNode.')

    cands = []
    # dicts (ordered sets) keep the output deterministic
    seen_edges = {}
    nodes = {}
    push_count = [0]

    def add_cand(cand):
        heapq.heappush(cands, (-cand.rank, push_count[0], cand))
        push_count[0] += 1

    for o in outputs:
        if isinstance(o, variable.Variable):
            o = o.node
        add_cand(o)
        nodes[o] = None

    while cands:
        _, _, cand = heapq.heappop(cands)
        if isinstance(cand, variable.VariableNode):
            creator = cand.creator_node
            if creator is not None and (creator, cand) not in seen_edges:
                add_cand(creator)
                seen_edges[(creator, cand)] = None
                nodes[creator] = None
                nodes[cand] = None
        elif isinstance(cand, function_node.FunctionNode):
            for input_ in cand.inputs or ():
                if input_ is not cand and (input_, cand) not in seen_edges:
                    add_cand(input_)
                    seen_edges[(input_, cand)] = None
                    nodes[input_] = None
                    nodes[cand] = None
    return ComputationalGraph(list(nodes), list(seen_edges), variable_style, function_style,
                              rankdir, remove_variable, show_name)
