"""``PrintHook``: writes what functions receive, for debugging."""
import sys
import warnings

from chainer import backend
from chainer import function_hook
from chainer import variable


def _summary_of_data(array):
    # Statistics text of an input array (inputs dropped after forward show as "(removed)").
    if array is None:
        return '(removed)'
    return variable.Variable(array).debug_print()


def _summary_of_grad(grad):
    # Statistics text of an output gradient: shown through a dummy variable holding it.
    if grad is None:
        return variable.Variable().debug_print()
    xp = backend.get_array_module(grad)
    holder = variable.Variable(xp.zeros_like(grad, dtype=grad.dtype))
    holder.grad = grad
    return holder.debug_print()


class PrintHook(function_hook.FunctionHook):
    """Function hook that prints each function's label and a summary of its arrays.

    Before a forward computation the input arrays are described; before a backward
    computation the inputs and the gradients of the outputs are.  Example::

        with chainer.function_hooks.PrintHook():
            loss = model(x)
            loss.backward()

    Args:
        sep: Deprecated since v4 and ignored.
        end (str): Terminator of every printed line.
        file: Writable text stream (standard output by default).
        flush (bool): Whether to flush ``file`` after each function.
    """

    name = 'PrintHook'

    def __init__(self, sep=None, end='\n', file=sys.stdout, flush=True):
        if sep is not None:
            warnings.warn(
                'sep argument in chainer.function_hooks.PrintHook is deprecated.',
                DeprecationWarning)
        self.sep = sep
        self.end = end
        self.file = file
        self.flush = flush

    def _emit(self, lines):
        write = self.file.write
        for line in lines:
            write(line + self.end)
        if self.flush and hasattr(self.file, 'flush'):
            self.file.flush()

    def _describe(self, function, in_data, out_grad=None):
        lines = ['function\t{}'.format(function.label), 'input data']
        lines.extend(_summary_of_data(x) for x in in_data)
        if out_grad is not None:
            lines.append('output gradient')
            lines.extend(_summary_of_grad(g) for g in out_grad)
        return lines

    def forward_preprocess(self, function, in_data):
        self._emit(self._describe(function, in_data))

    def backward_preprocess(self, function, in_data, out_grad):
        self._emit(self._describe(function, in_data, out_grad))
