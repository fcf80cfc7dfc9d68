"""Link hook measuring the elapsed time of link forward calls."""
import collections
import sys
import time

import numpy

from chainer import link_hook

_UNITS = {'sec': 1, 'ms': 10 ** 3, 'us': 10 ** 6, 'ns': 10 ** 9}


class TimerHook(link_hook.LinkHook):
    """Link hook for measuring elapsed time of :meth:`forward` of links.

    On CPU the wall-clock time is measured; on GPU the time between two CUDA events.  Nested
    calls (a chain calling its children) are all recorded, while :meth:`total_time` only sums
    the outermost calls.

    Example:
        Code example::

            from chainer.link_hooks import TimerHook
            hook = TimerHook()
            with hook:
                trainer.run()
            hook.print_report()

    Attributes:
        call_history: List of measurement results.  It consists of pairs of the link that
            calls this hook and the elapsed time in seconds for processing the forward
            method of the link.
    """

    name = 'TimerHook'

    def __init__(self):
        self.call_history = []
        self._running_stack = []
        self._depth = 0
        self._total_time = 0

    def _is_cpu(self, link):
        return link.xp is numpy or link.xp.__name__ != 'cupy'

    def forward_preprocess(self, args):
        link = args.link
        if self._is_cpu(link):
            self._running_stack.append(time.perf_counter())
        else:
            from chainer.backends import cuda
            start = cuda.Event()
            stop = cuda.Event()
            start.record()
            self._running_stack.append((start, stop))
        self._depth += 1

    def forward_postprocess(self, args):
        link = args.link
        entry = self._running_stack.pop()
        if isinstance(entry, tuple):
            from chainer.backends import cuda
            start, stop = entry
            stop.record()
            stop.synchronize()
            # Note that `get_elapsed_time` returns result in milliseconds
            elapsed_time = cuda.cupy.cuda.get_elapsed_time(start, stop) / 1000
        else:
            elapsed_time = time.perf_counter() - entry
        self.call_history.append((link, elapsed_time))

        assert self._depth > 0
        self._depth -= 1
        if self._depth == 0:
            self._total_time += elapsed_time

    def total_time(self):
        """Returns total elapsed time in seconds (outermost calls only)."""
        return self._total_time

    def summary(self):
        """Returns a summary of time profiling in links.

        Returns:
            A summarized dictionary whose keys are link names and values are dictionaries of
            ``elapsed_time`` and ``occurrence``.
        """
        summary = collections.OrderedDict()
        for link, elapsed_time in self.call_history:
            link_name = link.__class__.__name__
            if link_name not in summary:
                summary[link_name] = {'elapsed_time': 0, 'occurrence': 0}
            record = summary[link_name]
            record['elapsed_time'] += elapsed_time
            record['occurrence'] += 1
        return summary

    def _choose_unit(self, second):
        """Choose optimal unit."""
        factor = 1
        for unit in ['sec', 'ms', 'us']:
            if second * factor >= 1:
                return factor, unit
            factor *= 1000.0
        return factor, 'ns'

    def print_report(self, unit='auto', file=sys.stdout):
        """Prints a summary report of time profiling in links.

        Args:
            unit (str): Supplementary units used for computational times.  ``sec``, ``ms``,
                ``us``, ``ns``, ``auto`` (default) and ``auto_foreach`` are supported.  If
                ``auto``, units of times are aligned to the largest, and if ``auto_foreach``,
                units of times are adjusted for each element.
            file: Output stream.
        """
        entries = [['LinkName', 'ElapsedTime', 'Occurrence']]
        summary = self.summary()
        if unit == 'auto':
            max_time = max(
                (record['elapsed_time'] for record in summary.values()), default=0)
            factor, unit = self._choose_unit(max_time)
        elif unit != 'auto_foreach':
            if unit not in _UNITS:
                raise ValueError(
                    'unit must be one of {}, \'auto\' or \'auto_foreach\'; got {}'.format(
                        ', '.join(_UNITS), unit))
            factor = _UNITS[unit]
        for link_name, record in summary.items():
            second = record['elapsed_time']
            if unit == 'auto_foreach':
                factor, unit_name = self._choose_unit(second)
            else:
                unit_name = unit
            elapsed_time = '%3.2f%s' % (second * factor, unit_name)
            occurrence = str(record['occurrence'])
            entries.append([link_name, elapsed_time, occurrence])
        entry_widths = []
        entry_widths.append(max(len(f) for f, _, _ in entries))
        entry_widths.append(max(len(e) for _, e, _ in entries))
        entry_widths.append(max(len(o) for _, _, o in entries))
        template = '  '.join('{:>%d}' % w for w in entry_widths)
        for link_name, elapsed_time, occurrence in entries:
            line = template.format(link_name, elapsed_time, occurrence)
            file.write(line)
            file.write('\n')
        if hasattr(file, 'flush'):
            file.flush()
