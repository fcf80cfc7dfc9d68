"""Console progress bars shared by :class:`~chainer.training.extensions.ProgressBar` and the
Evaluator: :class:`ProgressBar`."""
import collections
import datetime
import sys
import time

_TIMING_WINDOW = 100  # the speed is measured over the last 100 updates


class ProgressBar:
    """Base class of console progress bars redrawn in place with ANSI escapes.

    A subclass returns the lines to draw from :meth:`get_lines`; :meth:`update` erases the
    previous drawing, writes the lines and moves the cursor back up.

    Args:
        bar_length (int): Number of characters of a bar (50 when None).
        out: Text stream to write to (``sys.stdout`` when None).
    """

    def __init__(self, bar_length=None, out=None):
        self._bar_length = 50 if bar_length is None else bar_length
        self._out = sys.stdout if out is None else out
        self._recent_timing = collections.deque([], maxlen=_TIMING_WINDOW)

    def update_speed(self, iteration, epoch_detail):
        """Records the progress now and returns ``(iterations/s, epochs/s)`` over the recent
        updates (``inf`` until two updates were recorded)."""
        now = time.time()
        recent = self._recent_timing
        recent.append((iteration, epoch_detail, now))
        old_iteration, old_epoch_detail, old_time = recent[0]
        span = now - old_time
        if span <= 0:
            return float('inf'), float('inf')
        return ((iteration - old_iteration) / span, (epoch_detail - old_epoch_detail) / span)

    def get_lines(self):
        """Returns the lines (ending with a newline) to draw."""
        raise NotImplementedError

    def update(self):
        """Redraws the bar."""
        self.erase_console()
        lines = self.get_lines()
        for line in lines:
            self._out.write(line)
        self.move_cursor_up(len(lines))
        self.flush()

    def close(self):
        """Erases the bar."""
        self.erase_console()
        self.flush()

    def erase_console(self):
        """Erases from the cursor to the end of the screen."""
        self._out.write('\033[J')

    def move_cursor_up(self, n):
        """Moves the cursor ``n`` lines up."""
        self._out.write('\033[{:d}A'.format(n))

    def flush(self):
        """Flushes the output stream."""
        flush = getattr(self._out, 'flush', None)
        if flush is not None:
            flush()

    def bar_line(self, label, rate):
        """Returns a ``'<label> [####....] 12.34%'`` line for ``0 <= rate <= 1``."""
        filled = int(rate * self._bar_length)
        bar = '#' * filled + '.' * (self._bar_length - filled)
        return '{:>10} [{}] {:6.2%}\n'.format(label, bar, rate)

    @staticmethod
    def speed_line(speed, seconds_left):
        """Returns the ``'<speed> iters/sec. Estimated time to finish: <time>.'`` line."""
        if not speed or speed == float('inf') or seconds_left < 0:
            seconds_left = 0
        return '{:10.5g} iters/sec. Estimated time to finish: {}.\n'.format(
            speed, datetime.timedelta(seconds=seconds_left))
