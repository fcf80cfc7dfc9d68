"""Function hook printing debug information of function calls (``PrintHook``)."""
import sys
import warnings

from chainer import backend
from chainer import function_hook
from chainer import variable


class PrintHook(function_hook.FunctionHook):
    """Function hook that prints debug information of the hooked functions.

    It prints the label of each function and the statistics of its input arrays just before
    the forward computation, and of its inputs and output gradients just before the backward
    computation::

        with chainer.function_hooks.PrintHook():
            y = model(x)
            y.backward()

    Args:
        sep: *(deprecated since v4.0.0)* Ignored.
        end: String appended to each printed line.
        file: Output file-like object.
        flush (bool): If ``True``, the output is flushed after each function.
    """

    name = 'PrintHook'

    def __init__(self, sep=None, end='\n', file=sys.stdout, flush=True):
        if sep is not None:
            warnings.warn('sep argument in chainer.function_hooks.PrintHook is deprecated.',
                          DeprecationWarning)
        self.sep = sep  # kept because it was documented
        self.end = end
        self.file = file
        self.flush = flush

    def _print(self, msg):
        self.file.write(msg + self.end)

    def _process(self, function, in_data, out_grad=None):
        self._print('function\t{}'.format(function.label))
        self._print('input data')
        for d in in_data:
            if d is None:
                # Inputs that are not retained for backward are gone.
                self._print('(removed)')
                continue
            self._print(variable.Variable(d).debug_print())
        if out_grad is not None:
            self._print('output gradient')
            for d in out_grad:
                if d is None:
                    v = variable.Variable()
                else:
                    xp = backend.get_array_module(d)
                    v = variable.Variable(xp.zeros_like(d, dtype=d.dtype))
                    v.grad = d
                self._print(v.debug_print())
        if self.flush and hasattr(self.file, 'flush'):
            self.file.flush()

    def forward_preprocess(self, function, in_data):
        self._process(function, in_data)

    def backward_preprocess(self, function, in_data, out_grad):
        self._process(function, in_data, out_grad)
