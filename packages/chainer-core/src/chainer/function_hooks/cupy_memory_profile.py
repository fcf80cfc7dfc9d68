"""Function hook measuring the CuPy memory usage of functions (``CupyMemoryProfileHook``)."""
import collections
import sys

from chainer.backends import cuda
from chainer import function_hook

def _make_cupy_memory_hook(owner):
    # A cupy.cuda.memory_hook.MemoryHook forwarding the pool events to ``owner``; built on
    # first use so that importing this module never imports CuPy.
    from cupy.cuda import memory_hook

    class _ForwardingMemoryHook(memory_hook.MemoryHook):
        name = owner.name

        def alloc_preprocess(self, **kwargs):
            owner.alloc_preprocess(**kwargs)

        def malloc_preprocess(self, **kwargs):
            owner.malloc_preprocess(**kwargs)

    return _ForwardingMemoryHook()


class CupyMemoryCumulativeHook:
    """CuPy memory hook measuring memory usage cumulatively.

    Used as a context manager (``with hook:``), it is registered as a CuPy memory hook
    (``cupy.cuda.memory_hook.MemoryHook``) while the block runs. Requires CuPy and a GPU:
    creating one otherwise raises the :class:`RuntimeError` of
    :func:`chainer.backends.cuda.check_cuda_available`.

    Attributes:
        used_bytes (int): Cumulative bytes the application used from the CuPy memory pool.
        acquired_bytes (int): Cumulative bytes the CuPy memory pool acquired from the GPU.
    """

    name = 'CupyMemoryCumulativeHook'

    def __init__(self):
        cuda.check_cuda_available()
        self.used_bytes = 0
        self.acquired_bytes = 0
        self._cupy_hook = _make_cupy_memory_hook(self)

    def alloc_preprocess(self, **kwargs):
        """Counts the bytes the memory pool acquires from the GPU."""
        self.acquired_bytes += kwargs['mem_size']

    def malloc_preprocess(self, **kwargs):
        """Counts the bytes taken from the memory pool."""
        self.used_bytes += kwargs['mem_size']

    def __enter__(self):
        self._cupy_hook.__enter__()
        return self

    def __exit__(self, *exc):
        self._cupy_hook.__exit__(*exc)


class CupyMemoryProfileHook(function_hook.FunctionHook):
    """Function hook measuring the memory used by functions from the CuPy memory pool.

    Example::

        from chainer.function_hooks import CupyMemoryProfileHook
        hook = CupyMemoryProfileHook()
        with hook:
            trainer.run()
        hook.print_report()

    prints::

               FunctionName  UsedBytes  AcquiredBytes  Occurrence
             LinearFunction     5.16GB       179.98MB        3900
                       ReLU   991.82MB       458.97MB        2600

    where *UsedBytes* is what the function took from the CuPy memory pool and *AcquiredBytes*
    what the pool acquired from the GPU during the call. Requires CuPy and a GPU.

    Attributes:
        call_history: List of ``(function name, used bytes, acquired bytes, depth)``.
    """

    name = 'CupyMemoryProfileHook'
    _units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB']
    table = {unit: 1024.0 ** i for i, unit in enumerate(_units)}

    def __init__(self):
        cuda.check_cuda_available()
        self.call_history = []
        self._memory_hook = CupyMemoryCumulativeHook()
        self._running_stack = []
        self._total_used_bytes = 0
        self._total_acquired_bytes = 0

    def added(self, function=None):
        self._memory_hook.__enter__()

    def deleted(self, function=None):
        self._memory_hook.__exit__()

    def _preprocess(self):
        self._running_stack.append(
            (self._memory_hook.used_bytes, self._memory_hook.acquired_bytes))

    def forward_preprocess(self, function, in_data):
        self._preprocess()

    def backward_preprocess(self, function, in_data, out_grad):
        self._preprocess()

    def _postprocess(self, function):
        start_used, start_acquired = self._running_stack.pop()
        used_bytes = self._memory_hook.used_bytes - start_used
        acquired_bytes = self._memory_hook.acquired_bytes - start_acquired
        depth = len(self._running_stack)
        self.call_history.append(
            (function_hook._impl_name(function), used_bytes, acquired_bytes, depth))
        if depth == 0:
            self._total_used_bytes += used_bytes
            self._total_acquired_bytes += acquired_bytes

    def forward_postprocess(self, function, in_data):
        self._postprocess(function)

    def backward_postprocess(self, function, in_data, out_grad):
        self._postprocess(function)

    def total_used_bytes(self):
        """Returns the total bytes the functions used from the CuPy memory pool."""
        return self._total_used_bytes

    def total_acquired_bytes(self):
        """Returns the total bytes the CuPy memory pool acquired from the GPU."""
        return self._total_acquired_bytes

    def summary(self):
        """Returns a summary of the memory profiling.

        Returns:
            An ordered dictionary mapping function names to dictionaries with the keys
            ``'used_bytes'``, ``'acquired_bytes'`` and ``'occurrence'``.
        """
        summary = collections.OrderedDict()
        for func_name, used_bytes, acquired_bytes, _ in self.call_history:
            record = summary.get(func_name)
            if record is None:
                record = summary[func_name] = {
                    'used_bytes': 0, 'acquired_bytes': 0, 'occurrence': 0}
            record['used_bytes'] += used_bytes
            record['acquired_bytes'] += acquired_bytes
            record['occurrence'] += 1
        return summary

    def _choose_unit(self, size):
        denomi = 1.0
        if size <= 0:
            return denomi, 'B'
        for unit in self._units[:-1]:
            if size / (denomi * 1024) < 1:
                return denomi, unit
            denomi *= 1024
        return denomi, self._units[-1]

    def print_report(self, unit='auto', file=sys.stdout):
        """Prints a summary report of the memory profiling.

        Args:
            unit (str): Unit of the sizes: ``'B'``, ``'KB'``, ... ``'ZB'``, ``'auto'`` (the
                unit fitting the largest size, for all rows) or ``'auto_foreach'``.
            file: Output file-like object.
        """
        entries = [['FunctionName', 'UsedBytes', 'AcquiredBytes', 'Occurrence']]
        summary = self.summary()
        if unit == 'auto':
            max_used = max([r['used_bytes'] for r in summary.values()], default=0)
            max_acquired = max([r['acquired_bytes'] for r in summary.values()], default=0)
            denomi_used, unit_used = self._choose_unit(max_used)
            denomi_acquired, unit_acquired = self._choose_unit(max_acquired)
        elif unit != 'auto_foreach':
            denomi_used = denomi_acquired = self.table[unit]
            unit_used = unit_acquired = unit
        for function_name, record in summary.items():
            used, acquired = record['used_bytes'], record['acquired_bytes']
            if unit == 'auto_foreach':
                denomi_used, unit_used = self._choose_unit(used)
                denomi_acquired, unit_acquired = self._choose_unit(acquired)
            entries.append([function_name,
                            '%3.2f%s' % (used / denomi_used, unit_used),
                            '%3.2f%s' % (acquired / denomi_acquired, unit_acquired),
                            str(record['occurrence'])])
        widths = [max(len(entry[i]) for entry in entries) for i in range(4)]
        template = '  '.join('{:>%d}' % w for w in widths)
        for entry in entries:
            file.write(template.format(*entry))
            file.write('\n')
        if hasattr(file, 'flush'):
            file.flush()
