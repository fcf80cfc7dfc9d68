"""Shared base of the softmax-like functions (Softmax, LogSoftmax) and their gradients."""
from chainer import function_node
from chainer.utils import type_check


class AxisFunction(function_node.FunctionNode):
    """Base of the functions normalizing along one ``axis``.

    Args:
        axis (int): The axis along which the input is normalized.
    """

    def __init__(self, axis=1):
        super().__init__()
        self.axis = axis


class SoftmaxLike(AxisFunction):
    """Base of the functions whose one float input is normalized along ``axis``.

    The output ``y`` is retained; the backward is ``_grad_class(axis)`` applied to ``(y, gy)``
    (a function of its own, so that double backprop works). The gradient class computes its
    output with its static method ``_grad_arrays(y, gy, axis)``, which the array-level
    backward calls directly.
    """

    _grad_class = None

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        x_type, = in_types
        type_check.expect(
            x_type.dtype.kind == 'f',
            -x_type.ndim <= self.axis,
            self.axis < x_type.ndim,
        )

    def backward(self, indexes, grad_outputs):
        y, = self.get_retained_outputs()
        gy, = grad_outputs
        return self._grad_class(self.axis).apply((y, gy))

    def _backward_arrays(self, indexes, grad_outputs):
        # array-level twin of ``backward`` (what the gradient class computes)
        return self._grad_class._grad_arrays(self._retained_output_data[0], grad_outputs[0],
                                             self.axis),
