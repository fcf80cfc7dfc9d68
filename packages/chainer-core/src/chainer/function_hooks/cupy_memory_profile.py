"""``CupyMemoryProfileHook``: how much CuPy memory each function takes.

Both hooks here need CuPy and a GPU; creating them otherwise raises the
:class:`RuntimeError` of :func:`chainer.backends.cuda.check_cuda_available`.  CuPy is only
imported when a hook is created.
"""
import sys

from chainer.backends import cuda
from chainer import function_hook
from chainer.function_hooks import timer as _timer



def __getattr__(name):
    # ``memory_hook_available`` (v7): whether CuPy's memory hooks can be used, asked only when
    # read, so that importing this module never imports CuPy.
    if name == 'memory_hook_available':
        return cuda.available
    raise AttributeError('module {!r} has no attribute {!r}'.format(__name__, name))


def _relay_to(counter):
    # A cupy.cuda.memory_hook.MemoryHook passing the memory pool events on to ``counter``.
    from cupy.cuda import memory_hook

    class _Relay(memory_hook.MemoryHook):
        name = counter.name

        def alloc_preprocess(self, **kwargs):
            counter.alloc_preprocess(**kwargs)

        def malloc_preprocess(self, **kwargs):
            counter.malloc_preprocess(**kwargs)

    return _Relay()


class CupyMemoryCumulativeHook:
    """Counts, while active (``with hook:``), the bytes going through the CuPy memory pool.

    Attributes:
        used_bytes (int): Bytes handed out by the memory pool so far.
        acquired_bytes (int): Bytes the memory pool obtained from the GPU so far.
    """

    name = 'CupyMemoryCumulativeHook'

    def __init__(self):
        cuda.check_cuda_available()
        self.used_bytes = 0
        self.acquired_bytes = 0
        self._relay = _relay_to(self)

    def alloc_preprocess(self, **kwargs):
        """Adds an allocation of the pool on the GPU to :attr:`acquired_bytes`."""
        self.acquired_bytes += kwargs['mem_size']

    def malloc_preprocess(self, **kwargs):
        """Adds a request served by the pool to :attr:`used_bytes`."""
        self.used_bytes += kwargs['mem_size']

    def __enter__(self):
        self._relay.__enter__()
        return self

    def __exit__(self, *exc_info):
        self._relay.__exit__(*exc_info)


class CupyMemoryProfileHook(function_hook.FunctionHook):
    """Function hook that records the CuPy memory used by each function call.

    For every forward and backward computation, *used bytes* (what the function obtained from
    the CuPy memory pool) and *acquired bytes* (what the pool had to obtain from the GPU
    meanwhile) are recorded::

        hook = chainer.function_hooks.CupyMemoryProfileHook()
        with hook:
            loss = model(x)
            loss.backward()
        hook.print_report()

    Attributes:
        call_history: List of ``(function name, used bytes, acquired bytes, depth)``
            tuples; ``depth`` is the nesting level of the call.
    """

    name = 'CupyMemoryProfileHook'
    _units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB']
    table = {unit: 1024.0 ** power for power, unit in enumerate(_units)}

    def __init__(self):
        cuda.check_cuda_available()
        self.call_history = []
        self._counter = CupyMemoryCumulativeHook()
        self._marks = []
        self._totals = [0, 0]  # used, acquired (outermost calls only)

    def added(self, function=None):
        self._counter.__enter__()

    def deleted(self, function=None):
        self._counter.__exit__()

    def _begin(self):
        self._marks.append((self._counter.used_bytes, self._counter.acquired_bytes))

    def _end(self, function):
        used0, acquired0 = self._marks.pop()
        used = self._counter.used_bytes - used0
        acquired = self._counter.acquired_bytes - acquired0
        depth = len(self._marks)
        self.call_history.append((function_hook._impl_name(function), used, acquired, depth))
        if depth == 0:
            self._totals[0] += used
            self._totals[1] += acquired

    def forward_preprocess(self, function, in_data):
        self._begin()

    def forward_postprocess(self, function, in_data):
        self._end(function)

    def backward_preprocess(self, function, in_data, out_grad):
        self._begin()

    def backward_postprocess(self, function, in_data, out_grad):
        self._end(function)

    def total_used_bytes(self):
        """Returns the bytes the outermost calls obtained from the CuPy memory pool."""
        return self._totals[0]

    def total_acquired_bytes(self):
        """Returns the bytes the pool obtained from the GPU during the outermost calls."""
        return self._totals[1]

    def summary(self):
        """Returns an ordered dict: function name -> ``{'used_bytes', 'acquired_bytes',
        'occurrence'}``."""
        return _timer._accumulate(
            [entry[:3] for entry in self.call_history], ('used_bytes', 'acquired_bytes'))

    def _choose_unit(self, size):
        # Largest binary unit not exceeding ``size`` (bytes for sizes below 1 KB).
        divisor = 1.0
        for unit in self._units[:-1]:
            if size < divisor * 1024:
                return divisor, unit
            divisor *= 1024
        return divisor, self._units[-1]

    def print_report(self, unit='auto', file=sys.stdout):
        """Writes the :meth:`summary` as a table.

        Args:
            unit (str): ``'B'``, ``'KB'``, ..., ``'ZB'``, ``'auto'`` (per column, the unit
                suited to its largest value) or ``'auto_foreach'`` (a unit per cell).
            file: Writable text stream.
        """
        summary = self.summary()

        def fixed_unit(key):
            if unit == 'auto':
                return self._choose_unit(max((r[key] for r in summary.values()), default=0))
            if unit == 'auto_foreach':
                return None
            return self.table[unit], unit

        def cell(size, chosen):
            divisor, label = chosen or self._choose_unit(size)
            return '%3.2f%s' % (size / divisor, label)

        used_unit = fixed_unit('used_bytes')
        acquired_unit = fixed_unit('acquired_bytes')
        rows = [['FunctionName', 'UsedBytes', 'AcquiredBytes', 'Occurrence']]
        for name, record in summary.items():
            rows.append([name, cell(record['used_bytes'], used_unit),
                         cell(record['acquired_bytes'], acquired_unit),
                         str(record['occurrence'])])
        _timer._write_table(rows, file)
