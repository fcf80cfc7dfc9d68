import chainer
from chainer import backend
from chainer.backends import cuda
from chainer import function_node
from chainer.utils import type_check


class Copy(function_node.FunctionNode):

    """Copies the input variable onto the specified device."""

    def __init__(self, in_device, out_device):
        self._in_device = in_device
        self.out_device = out_device

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))

    def forward(self, inputs):
        x, = inputs
        return self.out_device.send(x),

    def backward(self, indexes, grad_outputs):
        return Copy(self.out_device, self._in_device).apply(grad_outputs)


def copy(x, dst):
    """Copies the input variable onto the specified device.

    If the input ``x`` already resides on the device specified by ``dst``,
    no copy will actually take place and the returned variable will hold a
    view of the input. In other cases, the input will be copied to ``dst``.
    When ``dst == -1``, the array is copied to the host memory.
    This function supports copies from host to host, from host to device,
    from device to device and from device to host.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Variable to be
            copied.
        dst: Target device specifier (a device object, a device specifier
            string such as ``'@numpy'`` or ``'@cupy:0'``, or an integer GPU
            id; ``-1`` means the host).

    Returns:
        ~chainer.Variable: Output variable. Gradients are copied back to the
        device of the input.

    """
    # For backward compatibility
    if dst is cuda.DummyDevice:
        dst = '@numpy'
    elif isinstance(dst, int) and not isinstance(dst, bool) and dst < 0:
        dst = '@numpy'
    in_device = backend.get_device_from_array(
        x.array if isinstance(x, chainer.variable.Variable) else x)
    out_device = chainer.get_device(dst)
    y, = Copy(in_device, out_device).apply((x,))
    return y
