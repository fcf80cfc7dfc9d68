"""``TimerHook`` for links: measures how long the forward method of each link takes."""
import sys

from chainer.function_hooks import timer as _function_timer
from chainer import link_hook


class TimerHook(link_hook.LinkHook):
    """Link hook that records the elapsed time of every link call.

    Calls of nested links (a chain calling its children) are all recorded; :meth:`total_time`
    only counts the outermost ones.  GPU links are timed with CUDA events.  Typical use::

        hook = chainer.link_hooks.TimerHook()
        with hook:
            y = model(x)
        hook.print_report()

    Attributes:
        call_history: List of ``(link class name, seconds)`` pairs in completion order.
        table (dict): Seconds-to-unit multipliers of the units ``print_report`` accepts.
    """

    name = 'TimerHook'
    table = dict(_function_timer._SECONDS_PER_UNIT)

    def __init__(self):
        self.call_history = []
        self._watches = _function_timer._Stopwatches()

    def forward_preprocess(self, args):
        self._watches.start(_function_timer._is_cupy(args.link.xp))

    def forward_postprocess(self, args):
        self.call_history.append((type(args.link).__name__, self._watches.stop()))

    def total_time(self):
        """Returns the summed time (seconds) of the outermost link calls."""
        return self._watches.total

    def summary(self):
        """Returns an ordered dict: link class name -> ``{'elapsed_time', 'occurrence'}``."""
        return _function_timer._accumulate(self.call_history, ('elapsed_time',))

    def _choose_unit(self, second):
        return _function_timer._pick_time_unit(second)

    def print_report(self, unit='auto', file=sys.stdout):
        """Writes the :meth:`summary` as a table.

        Args:
            unit (str): ``'sec'``, ``'ms'``, ``'us'``, ``'ns'``, ``'auto'`` (one unit suited
                to the largest time) or ``'auto_foreach'`` (a unit per row).
            file: Writable text stream.

        Raises:
            KeyError: For another ``unit`` (as in v7).
        """
        records = [(name, r['elapsed_time'], r['occurrence'])
                   for name, r in self.summary().items()]
        rows = [['LinkName', 'ElapsedTime', 'Occurrence']]
        rows += _function_timer._time_rows(records, unit, self.table)
        _function_timer._write_table(rows, file)
