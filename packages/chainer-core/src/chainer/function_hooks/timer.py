"""``TimerHook``: measures how long each function's forward and backward computations take.

The private helpers here (stopwatch stack, time units, table printing) are shared with
:class:`chainer.link_hooks.TimerHook` and the memory profiling hook.
"""
import collections
import sys
import time

from chainer import backend
from chainer import function_hook

_SECONDS_PER_UNIT = collections.OrderedDict(
    [('sec', 1), ('ms', 10 ** 3), ('us', 10 ** 6), ('ns', 10 ** 9)])


def _pick_time_unit(seconds):
    """Largest unit in which ``seconds`` is at least 1 (``ns`` as a last resort).

    Returns:
        tuple: ``(multiplier, unit name)``.
    """
    for name, multiplier in _SECONDS_PER_UNIT.items():
        if name == 'ns' or seconds * multiplier >= 1:
            return multiplier, name


def _time_rows(records, unit, units=_SECONDS_PER_UNIT):
    """Formats ``(name, seconds, count)`` records as table rows of strings.

    ``unit`` is a key of ``units``, ``'auto'`` (one unit fitting the largest time) or
    ``'auto_foreach'`` (a unit per row).
    """
    if unit == 'auto':
        multiplier, label = _pick_time_unit(max((r[1] for r in records), default=0))
    elif unit != 'auto_foreach':
        multiplier, label = units[unit], unit
    rows = []
    for name, seconds, count in records:
        if unit == 'auto_foreach':
            multiplier, label = _pick_time_unit(seconds)
        rows.append([name, '%3.2f%s' % (seconds * multiplier, label), str(count)])
    return rows


def _write_table(rows, file):
    """Writes rows of strings with right-aligned columns separated by two spaces."""
    widths = [max(len(cell) for cell in column) for column in zip(*rows)]
    for row in rows:
        file.write('  '.join(cell.rjust(width) for cell, width in zip(row, widths)))
        file.write('\n')
    if hasattr(file, 'flush'):
        file.flush()


def _accumulate(entries, fields):
    """Sums ``(name, value_1, ..., value_k)`` entries per name, in first-seen order.

    Returns:
        OrderedDict: name -> dict of the ``k`` summed ``fields`` plus ``'occurrence'``.
    """
    table = collections.OrderedDict()
    for name, *values in entries:
        record = table.get(name)
        if record is None:
            record = table[name] = dict.fromkeys(fields, 0)
            record['occurrence'] = 0
        for field, value in zip(fields, values):
            record[field] += value
        record['occurrence'] += 1
    return table


class _Stopwatches:
    """Stack of running measurements (calls may nest); also sums the outermost ones."""

    def __init__(self):
        self._running = []
        self.total = 0

    @property
    def depth(self):
        return len(self._running)

    def start(self, on_gpu):
        if on_gpu:
            from chainer.backends import cuda
            begin = cuda.cupy.cuda.Event()
            end = cuda.cupy.cuda.Event()
            begin.record()
            self._running.append((begin, end))
        else:
            self._running.append(time.perf_counter())

    def stop(self):
        """Ends the innermost measurement and returns its duration in seconds."""
        mark = self._running.pop()
        if isinstance(mark, tuple):
            from chainer.backends import cuda
            begin, end = mark
            end.record()
            end.synchronize()
            elapsed = cuda.cupy.cuda.get_elapsed_time(begin, end) / 1000  # ms -> s
        else:
            elapsed = time.perf_counter() - mark
        if not self._running:
            self.total += elapsed
        return elapsed


def _is_cupy(xp):
    return getattr(xp, '__name__', None) == 'cupy'


class TimerHook(function_hook.FunctionHook):
    """Function hook that records the elapsed time of every forward and backward computation.

    CPU computations are timed with :func:`time.perf_counter`, GPU ones with CUDA events.
    Typical use::

        hook = chainer.function_hooks.TimerHook()
        with hook:
            loss = model(x)
            loss.backward()
        hook.print_report()

    which prints one row per function type (name, total time, number of calls).

    Attributes:
        call_history: List of ``(function name, seconds)`` pairs in call order.
    """

    name = 'TimerHook'
    table = dict(_SECONDS_PER_UNIT)

    def __init__(self):
        self.call_history = []
        self._watches = _Stopwatches()

    @property
    def _depth(self):
        # number of measurements still running (nested calls)
        return self._watches.depth

    def forward_preprocess(self, function, in_data):
        self._watches.start(_is_cupy(backend.get_array_module(*in_data)))

    def backward_preprocess(self, function, in_data, out_grad):
        arrays = tuple(in_data) + tuple(out_grad)
        self._watches.start(_is_cupy(backend.get_array_module(*arrays)))

    def _finish(self, function):
        seconds = self._watches.stop()
        self.call_history.append((function_hook._impl_name(function), seconds))

    def forward_postprocess(self, function, in_data):
        self._finish(function)

    def backward_postprocess(self, function, in_data, out_grad):
        self._finish(function)

    def total_time(self):
        """Returns the summed time (seconds) of the outermost measured calls."""
        return self._watches.total

    def summary(self):
        """Returns a dict (in first-call order): function name ->
        ``{'elapsed_time', 'occurrence'}``."""
        return dict(_accumulate(self.call_history, ('elapsed_time',)))

    def _choose_unit(self, second):
        return _pick_time_unit(second)

    def print_report(self, unit='auto', file=sys.stdout):
        """Writes the :meth:`summary` as a table.

        Args:
            unit (str): ``'sec'``, ``'ms'``, ``'us'``, ``'ns'``, ``'auto'`` (one unit suited
                to the largest time) or ``'auto_foreach'`` (a unit per row).
            file: Writable text stream.
        """
        records = [(name, r['elapsed_time'], r['occurrence'])
                   for name, r in self.summary().items()]
        rows = [['FunctionName', 'ElapsedTime', 'Occurrence']]
        rows += _time_rows(records, unit, self.table)
        _write_table(rows, file)
