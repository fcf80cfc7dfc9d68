"""PrintReport: prints the entries of a LogReport as a table."""
import sys

from chainer.training import extension
from chainer.training.extensions import log_report as log_report_module


class PrintReport(extension.Extension):
    """Trainer extension printing chosen entries of a :class:`LogReport`'s log as a table.

    The header is printed at the first call; then each new log entry is printed as a row
    (missing entries are left blank).

    Args:
        entries (list of str): Keys of the log entries to print, in column order.
        log_report (str or LogReport): The name a LogReport is registered under, or a
            LogReport instance, which this extension then calls itself at each call.
        out: Text stream to print to (``sys.stdout`` when None).
    """

    def __init__(self, entries, log_report='LogReport', out=None):
        self._entries = entries
        self._log_report = log_report
        self._out = sys.stdout if out is None else out
        self._log_len = 0  # number of log entries already printed

        widths = [max(len(entry), 10) for entry in entries]
        self._header = '  '.join(
            entry.ljust(width) for entry, width in zip(entries, widths)) + '\n'
        self._templates = [
            (entry, '{:<%dg}  ' % width, ' ' * (width + 2))
            for entry, width in zip(entries, widths)]

    def __call__(self, trainer):
        out = self._out
        if self._header:
            out.write(self._header)
            self._header = None

        log_report = self._log_report
        if isinstance(log_report, str):
            log_report = trainer.get_extension(log_report)
        elif isinstance(log_report, log_report_module.LogReport):
            log_report(trainer)  # a LogReport given as an instance is driven from here
        else:
            raise TypeError('log report has a wrong type {}'.format(type(log_report)))

        log = log_report.log
        while len(log) > self._log_len:
            out.write('\033[J')  # erases what a progress bar may have drawn below
            self._print(log[self._log_len])
            self._log_len += 1
        flush = getattr(out, 'flush', None)
        if flush is not None:
            flush()

    def _print(self, observation):
        row = ''.join(template.format(observation[entry]) if entry in observation else empty
                      for entry, template, empty in self._templates)
        self._out.write(row + '\n')

    def serialize(self, serializer):
        """Saves or restores the LogReport when it was given as an instance."""
        if isinstance(self._log_report, log_report_module.LogReport):
            self._log_report.serialize(serializer['_log_report'])
