"""Function hook measuring the elapsed time of functions (``TimerHook``)."""
import collections
import sys
import time

import numpy

from chainer import backend
from chainer import function_hook


class TimerHook(function_hook.FunctionHook):
    """Function hook for measuring elapsed time of functions.

    Example::

        from chainer.function_hooks import TimerHook
        hook = TimerHook()
        with hook:
            trainer.run()
        hook.print_report()

    prints::

               FunctionName  ElapsedTime  Occurrence
             LinearFunction      1.24sec        3900
                       ReLU      0.59sec        2600
        SoftmaxCrossEntropy      0.82sec        1300

    On GPU arrays the time is measured with CUDA events.

    Attributes:
        call_history: List of ``(function name, elapsed seconds)`` pairs, one per forward or
            backward computation.
    """

    name = 'TimerHook'
    table = {'sec': 1, 'ms': 10 ** 3, 'us': 10 ** 6, 'ns': 10 ** 9}

    def __init__(self):
        self.call_history = []
        self._running_stack = []
        self._depth = 0
        self._total_time = 0

    def _preprocess(self, xp):
        if xp is numpy or xp.__name__ != 'cupy':
            self._running_stack.append((None, time.perf_counter(), None))
        else:
            start = xp.cuda.Event()
            stop = xp.cuda.Event()
            start.record()
            self._running_stack.append((xp, start, stop))
        self._depth += 1

    def forward_preprocess(self, function, in_data):
        self._preprocess(backend.get_array_module(*in_data))

    def backward_preprocess(self, function, in_data, out_grad):
        self._preprocess(backend.get_array_module(*(tuple(in_data) + tuple(out_grad))))

    def _postprocess(self, function):
        xp, start, stop = self._running_stack.pop()
        if xp is None:
            elapsed_time = time.perf_counter() - start
        else:
            stop.record()
            stop.synchronize()
            # get_elapsed_time returns milliseconds
            elapsed_time = xp.cuda.get_elapsed_time(start, stop) / 1000
        self.call_history.append((function_hook._impl_name(function), elapsed_time))
        assert self._depth > 0
        self._depth -= 1
        if self._depth == 0:
            self._total_time += elapsed_time

    def forward_postprocess(self, function, in_data):
        self._postprocess(function)

    def backward_postprocess(self, function, in_data, out_grad):
        self._postprocess(function)

    def total_time(self):
        """Returns the total elapsed time in seconds (nested calls are counted once)."""
        return self._total_time

    def summary(self):
        """Returns a summary of the time profiling.

        Returns:
            An ordered dictionary mapping function names to dictionaries with the keys
            ``'elapsed_time'`` (seconds) and ``'occurrence'``.
        """
        summary = collections.OrderedDict()
        for function_name, elapsed_time in self.call_history:
            record = summary.get(function_name)
            if record is None:
                record = summary[function_name] = {'elapsed_time': 0, 'occurrence': 0}
            record['elapsed_time'] += elapsed_time
            record['occurrence'] += 1
        return summary

    def _choose_unit(self, second):
        factor = 1
        for unit in ['sec', 'ms', 'us']:
            if second * factor >= 1:
                return factor, unit
            factor *= 1000.0
        return factor, 'ns'

    def print_report(self, unit='auto', file=sys.stdout):
        """Prints a summary report of the time profiling.

        Args:
            unit (str): Unit of the times: ``'sec'``, ``'ms'``, ``'us'``, ``'ns'``, ``'auto'``
                (the unit fitting the largest time, for all rows) or ``'auto_foreach'`` (a
                unit fitting each row).
            file: Output file-like object.
        """
        entries = [['FunctionName', 'ElapsedTime', 'Occurrence']]
        summary = self.summary()
        auto_foreach = unit == 'auto_foreach'
        if unit == 'auto':
            max_time = max([r['elapsed_time'] for r in summary.values()], default=0)
            factor, unit = self._choose_unit(max_time)
        elif not auto_foreach:
            factor = self.table[unit]
        for function_name, record in summary.items():
            second = record['elapsed_time']
            if auto_foreach:
                factor, unit = self._choose_unit(second)
            entries.append([function_name, '%3.2f%s' % (second * factor, unit),
                            str(record['occurrence'])])
        widths = [max(len(entry[i]) for entry in entries) for i in range(3)]
        template = '  '.join('{:>%d}' % w for w in widths)
        for entry in entries:
            file.write(template.format(*entry))
            file.write('\n')
        if hasattr(file, 'flush'):
            file.flush()
