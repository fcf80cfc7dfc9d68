"""unchain_variables: cuts the graphs kept in the observation (a memory-leak guard)."""
from chainer import configuration
from chainer import variable
from chainer.training import extension


class unchain_variables(extension.Extension):
    """Trainer extension unchaining the graphs of the variables in the observation.

    Reported variables keep their graph while ``chainer.config.keep_graph_on_report`` is on;
    registered last (priority 0), this extension cuts them after the other extensions ran, at
    each iteration following one where the flag was on.
    """

    priority = 0

    def __init__(self):
        self._prev_flag = None

    def initialize(self, _):
        """Records the current ``keep_graph_on_report`` flag."""
        self._prev_flag = configuration.config.keep_graph_on_report

    def trigger(self, _):
        """Fires when the flag was on at the previous call."""
        flag = self._prev_flag
        self._prev_flag = configuration.config.keep_graph_on_report
        return flag

    def __call__(self, trainer):
        for value in trainer.observation.values():
            if isinstance(value, variable.Variable):
                value.unchain_backward()
