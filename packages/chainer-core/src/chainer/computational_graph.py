"""Extraction of computational graphs and their rendering in the Graphviz dot language."""
import collections

from chainer import function_node
from chainer import variable

_DEFAULT_STYLES = {
    'variable': {'shape': 'octagon', 'fillcolor': '#E0E0E0', 'style': 'filled'},
    'function': {'shape': 'record', 'fillcolor': '#6495ED', 'style': 'filled'},
}
_RANKDIRS = ('TB', 'BT', 'LR', 'RL')


def _is_var(node):
    return isinstance(node, variable.VariableNode)


def _is_func(node):
    return isinstance(node, function_node.FunctionNode)


class DotNode:
    """A graph node together with its dot attributes.

    Args:
        node: :class:`~chainer.variable.VariableNode` or :class:`~chainer.FunctionNode`.
        attribute (dict): Extra dot attributes (they override the defaults).
        show_name (bool): Whether a named variable shows its name in its label.

    Attributes:
        node: The wrapped node.
        id_ (int): Identifier of the node in the dot text (``id(node)``).
        attribute (dict): The dot attributes.
    """

    def __init__(self, node, attribute=None, show_name=True):
        assert _is_var(node) or _is_func(node)
        self.node = node
        self.id_ = id(node)
        text = node.label
        if _is_var(node):
            if show_name and node.name is not None:
                text = '{}: {}'.format(node.name, text)
            shape = 'oval'
        else:
            shape = 'box'
        self.attribute = {'label': text, 'shape': shape}
        if attribute is not None:
            self.attribute.update(attribute)

    @property
    def label(self):
        """The dot statement declaring this node, e.g. ``'1234 [label="x",shape="oval"];'``
        (the attributes in v7's order: label, shape, then the extra ones as given)."""
        attrs = ','.join('{}="{}"'.format(key, value) for key, value in self.attribute.items())
        return '{} [{}];'.format(self.id_, attrs)


def _collapse_variables(nodes, edges):
    # Function -> function edges that bypass the variables: a variable's creator is linked to
    # the function consuming the variable (the first such function among ``nodes``).
    consumer = {}
    for node in nodes:
        if _is_func(node):
            for x in node.inputs or ():
                consumer.setdefault(id(x), node)
    collapsed = []
    for head, tail in edges:
        if _is_var(head):
            head = head.creator_node
        if _is_var(tail):
            tail = consumer.get(id(tail))
        if head is not None and tail is not None:
            collapsed.append((head, tail))
    return collapsed


class ComputationalGraph:
    """A computational graph (a DAG of variable and function nodes) that can be dumped.

    Args:
        nodes (list): The variable and function nodes.
        edges (list): ``(head, tail)`` pairs of nodes.
        variable_style (dict, None or 'default'): Dot attributes of variable nodes.
        function_style (dict, None or 'default'): Dot attributes of function nodes.
        rankdir (str): Layout direction: ``'TB'``, ``'BT'``, ``'LR'`` or ``'RL'``.
        remove_variable (bool): Whether to draw the functions only (variables are collapsed
            into function-to-function edges).
        show_name (bool): Whether named variables show their names.

    ``'default'`` styles draw variables as grey octagons and functions as blue records; use
    ``None`` for Graphviz defaults.
    """

    def __init__(self, nodes, edges, variable_style='default', function_style='default',
                 rankdir='TB', remove_variable=False, show_name=True):
        if rankdir not in _RANKDIRS:
            raise ValueError('rankdir must be in TB, BT, LR or RL.')
        if variable_style == 'default':
            variable_style = _DEFAULT_STYLES['variable']
        if function_style == 'default':
            function_style = _DEFAULT_STYLES['function']
        self.nodes = nodes
        self.edges = edges
        self.variable_style = variable_style
        self.function_style = function_style
        self.rankdir = rankdir
        self.remove_variable = remove_variable
        self.show_name = show_name

    def _to_dot(self):
        parts = ['digraph graphname{rankdir=%s;' % self.rankdir]
        for node in self.nodes:
            if _is_var(node):
                if not self.remove_variable:
                    parts.append(DotNode(node, self.variable_style, self.show_name).label)
            else:
                assert _is_func(node)
                parts.append(DotNode(node, self.function_style, self.show_name).label)

        if self.remove_variable:
            edges = _collapse_variables(self.nodes, self.edges)
        else:
            edges = self.edges
            for head, tail in edges:
                if not ((_is_var(head) and _is_func(tail))
                        or (_is_func(head) and _is_var(tail))):
                    raise TypeError(
                        'head and tail should be the set of VariableNode and Function')
        drawn = set()
        for head, tail in edges:
            pair = (id(head), id(tail))
            if pair not in drawn:
                drawn.add(pair)
                parts.append('%d -> %d;' % pair)
        parts.append('}')
        return ''.join(parts)

    def dump(self, format='dot'):
        """Returns the graph as text in the given language (only ``'dot'`` is supported)."""
        if format != 'dot':
            raise NotImplementedError('Currently, only dot format is supported.')
        return self._to_dot()


def _predecessors(node):
    # Nodes with an edge into ``node``.
    if _is_var(node):
        creator = node.creator_node
        return () if creator is None else (creator,)
    return [x for x in node.inputs or () if x is not node]


def build_computational_graph(outputs, remove_split=True, variable_style='default',
                              function_style='default', rankdir='TB', remove_variable=False,
                              show_name=True):
    """Collects the nodes and edges from which ``outputs`` can be reached backwards.

    Args:
        outputs: A :class:`~chainer.Variable`, :class:`~chainer.variable.VariableNode` or
            :class:`~chainer.FunctionNode`, or a list of them.
        remove_split (bool): Must be ``True`` (a remnant of old versions).
        variable_style (dict, None or 'default'): Dot attributes of variable nodes.
        function_style (dict, None or 'default'): Dot attributes of function nodes.
        rankdir (str): Layout direction: ``'TB'``, ``'BT'``, ``'LR'`` or ``'RL'``.
        remove_variable (bool): Whether the dump shows the functions only.
        show_name (bool): Whether named variables show their names.

    Returns:
        ComputationalGraph: The graph.  Traversal stops where the graph was cut (e.g. by
        ``unchain_backward``), so only ancestors of ``outputs`` are included: with
        ``y = f(x)`` and ``z = g(x)``, the graph of ``y`` does not contain ``g`` or ``z``.

    .. admonition:: Example

        >>> x = chainer.Variable(np.array([1, 2], np.float32), name='x')
        >>> y = F.sum(F.relu(x))
        >>> g = chainer.computational_graph.build_computational_graph([y])
        >>> len(g.nodes), len(g.edges)  # 3 variables and 2 functions, linked by 4 edges
        (5, 4)
        >>> sorted(type(node).__name__ for node in g.nodes)
        ['ReLU', 'Sum', 'VariableNode', 'VariableNode', 'VariableNode']
        >>> dot = g.dump()  # the graph in the DOT language of Graphviz
        >>> dot.startswith('digraph graphname{')
        True
    """
    if not remove_split:
        raise ValueError('remove_split=False is not supported anymore')
    accepted = (variable.Variable, variable.VariableNode, function_node.FunctionNode)
    if isinstance(outputs, accepted):
        outputs = [outputs]
    elif not all(isinstance(o, accepted) for o in outputs):
        raise TypeError(
            'element of outputs must be either Variable, VariableNode, or FunctionNode.')

    # Insertion-ordered dicts serve as ordered sets, so that the dump is deterministic.
    nodes = {}
    edges = {}
    queue = collections.deque()
    for out in outputs:
        start = out.node if isinstance(out, variable.Variable) else out
        if start not in nodes:
            nodes[start] = None
            queue.append(start)
    while queue:
        node = queue.popleft()
        for pred in _predecessors(node):
            edges[(pred, node)] = None
            if pred not in nodes:
                nodes[pred] = None
                queue.append(pred)
    return ComputationalGraph(list(nodes), list(edges), variable_style, function_style,
                              rankdir, remove_variable, show_name)
