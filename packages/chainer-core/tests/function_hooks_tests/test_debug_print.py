import io

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import function_hooks


def test_print_hook_forward_and_backward():
    out = io.StringIO()
    hook = function_hooks.PrintHook(file=out)
    assert hook.name == 'PrintHook'
    x = chainer.Variable(numpy.arange(3, dtype=numpy.float32))
    with hook:
        y = F.sum(x * x)
        forward_text = out.getvalue()
        y.backward()
    text = out.getvalue()
    assert forward_text.count('function\t') == 2
    assert 'function\t{}'.format(y.creator.label) in forward_text
    assert 'input data' in forward_text
    assert 'output gradient' not in forward_text
    backward_text = text[len(forward_text):]
    # the backward of Sum and Mul (the functions they call in backward are printed too)
    assert backward_text.count('output gradient') == 2
    assert backward_text.startswith('function\t{}\ninput data\n'.format(y.creator.label))
    assert 'float32' in text


def test_print_hook_end_and_flush():
    class File(io.StringIO):
        flushed = 0

        def flush(self):
            self.flushed += 1

    out = File()
    with function_hooks.PrintHook(end='|\n', file=out, flush=True):
        F.sum(chainer.Variable(numpy.ones(2, numpy.float32)))
    assert out.flushed == 1
    text = out.getvalue()
    assert text.startswith('function\tSum|\ninput data|\n')
    assert text.endswith('|\n')
    out = File()
    with function_hooks.PrintHook(file=out, flush=False):
        F.sum(chainer.Variable(numpy.ones(2, numpy.float32)))
    assert out.flushed == 0


def test_print_hook_sep_deprecated():
    with pytest.warns(DeprecationWarning, match='sep'):
        hook = function_hooks.PrintHook(sep=' ', file=io.StringIO())
    assert hook.sep == ' '
