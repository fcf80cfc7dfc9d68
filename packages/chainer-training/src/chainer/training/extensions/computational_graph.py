"""DumpGraph (``extensions.dump_graph``): writes the computational graph of a reported variable in
the Graphviz dot language."""
import os
import subprocess

from chainer import computational_graph
from chainer import configuration
from chainer import variable
from chainer.serializers import _atomic
from chainer.training import extension
from chainer.utils import argument

_VARIABLE_STYLE = {'shape': 'octagon', 'fillcolor': '#E0E0E0', 'style': 'filled'}
_FUNCTION_STYLE = {'shape': 'record', 'fillcolor': '#6495ED', 'style': 'filled'}


def is_return_code_zero(args):
    """Returns True if the command ``args`` (a list) runs and exits with status 0."""
    try:
        completed = subprocess.run(args, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL, check=False)
    except OSError:
        return False
    return completed.returncode == 0


def is_graphviz_available():
    """Returns True if the Graphviz ``dot`` command can be run."""
    return is_return_code_zero(['dot', '-V'])


class DumpGraph(extension.Extension):
    """Trainer extension writing the graph of ``trainer.observation[root_name]`` once, at the
    first iteration, to ``<out>/<filename>`` (dot language; render it with Graphviz).

    From :meth:`initialize` to the dump it switches ``chainer.config.keep_graph_on_report``
    on, so that the reported variable keeps its graph.

    Args:
        root_name (str): Observation key of the variable (e.g. ``'main/loss'``).
        filename (str): Output file name (``'cg.dot'`` when None; ``out_name`` is accepted
            as an alias).
        variable_style (dict): Dot attributes of the variable nodes.
        function_style (dict): Dot attributes of the function nodes.
    """

    default_name = 'dump_graph'

    def __init__(self, root_name, filename=None, variable_style=None, function_style=None,
                 **kwargs):
        out_name, = argument.parse_kwargs(kwargs, ('out_name', 'cg.dot'))
        self._root_name = root_name
        self._filename = out_name if filename is None else filename
        self._variable_style = _VARIABLE_STYLE if variable_style is None else variable_style
        self._function_style = _FUNCTION_STYLE if function_style is None else function_style
        self._original_flag = None
        self._flag_called = False

    def initialize(self, trainer):
        """Switches ``keep_graph_on_report`` on until the dump."""
        if not self._flag_called:
            self._original_flag = configuration.config.keep_graph_on_report
            configuration.config.keep_graph_on_report = True

    def trigger(self, trainer):
        """Fires at the first call only."""
        if self._flag_called:
            return False
        self._flag_called = True
        return True

    def __call__(self, trainer):
        try:
            root = trainer.observation[self._root_name]
            if not isinstance(root, variable.Variable):
                raise TypeError('root value is not a Variable')
            graph = computational_graph.build_computational_graph(
                [root], variable_style=self._variable_style,
                function_style=self._function_style).dump()
            path = os.path.join(trainer.out, self._filename)
            with _atomic.atomic_open(path, 'w') as f:
                f.write(graph)
        finally:
            configuration.config.keep_graph_on_report = self._original_flag

    def serialize(self, serializer):
        """Saves or restores the saved flag and whether the dump happened."""
        self._original_flag = serializer('_original_flag', self._original_flag)
        self._flag_called = serializer('_flag_called', self._flag_called)

