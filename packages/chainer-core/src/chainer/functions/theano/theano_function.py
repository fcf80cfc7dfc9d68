"""A compiled Theano function as a Chainer function: :class:`TheanoFunction`.

Theano itself is an optional third-party package; this module only calls the compiled
functions it is given (NumPy arrays in, lists of NumPy arrays out).
"""
import numpy

from chainer import function
from chainer.utils import type_check


class TheanoFunction(function.Function):
    """Runs compiled Theano functions as the forward and backward computations.

    Args:
        forward_func: Compiled function mapping the inputs to a list of outputs.
        backward_func: Compiled function mapping the inputs followed by the output
            gradients to a list of input gradients.
    """

    def __init__(self, forward_func, backward_func):
        self.forward_func = forward_func
        self.backward_func = backward_func

    @property
    def label(self):
        return 'TheanoFunction'

    def check_type_forward(self, in_types):
        # Each input of a compiled function carries its Theano type (dtype and ndim).
        type_check.expect(in_types.size() == len(self.forward_func.indices))
        for actual_type, input_info in zip(in_types, self.forward_func.indices):
            expect_type = input_info[0].variable.type
            type_check.expect(
                actual_type.ndim == expect_type.ndim,
                actual_type.dtype == numpy.dtype(expect_type.dtype),
            )

    def forward_cpu(self, inputs):
        return tuple(self.forward_func(*inputs))

    def backward_cpu(self, inputs, grads):
        # Theano needs a gradient for every output: None stands for zeros there.
        outputs = self.forward_func(*inputs)
        grads = tuple(y * 0 if g is None else g for y, g in zip(outputs, grads))
        return tuple(self.backward_func(*(inputs + grads)))


def theano_function(forward_func, backward_func, *inputs):
    """Applies compiled Theano functions to ``inputs`` as one Chainer function.

    Args:
        forward_func: Compiled forward function (see :class:`TheanoFunction`).
        backward_func: Compiled backward function.
        inputs: Input variables.

    Returns:
        ~chainer.Variable or tuple of ~chainer.Variable: The outputs.
    """
    return TheanoFunction(forward_func, backward_func)(*inputs)
