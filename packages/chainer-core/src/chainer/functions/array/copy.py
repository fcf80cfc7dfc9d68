"""Transfer of a variable between devices: :func:`copy`."""
import chainer
import chainerx
from chainer import backend
from chainer import function_node
from chainer.backends import cuda
from chainer.functions._helpers import axes as _axes
from chainer.utils import type_check


class Copy(function_node.FunctionNode):
    """Sends the input to ``out_device``; gradients travel back to the source device."""

    def __init__(self, in_device, out_device):
        self._in_device = in_device
        self.out_device = out_device

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))

    def forward(self, inputs):
        x, = inputs
        return self.out_device.send(x),

    def forward_chainerx(self, inputs):
        x, = inputs
        return x.to_device(self.out_device.device),

    def backward(self, indexes, grad_outputs):
        return Copy(self.out_device, self._in_device).apply(grad_outputs)


def copy(x, dst):
    """Copies a variable to a device.

    No copy is made when ``x`` already lives on ``dst`` (the output then shares its array).
    Any direction is supported: host to host, host to GPU, GPU to GPU and GPU to host.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Variable to transfer.
        dst: Destination: a device object or specifier (e.g. ``'@numpy'``, ``'@cupy:0'``), a
            GPU id, or a negative int for the host.

    Returns:
        ~chainer.Variable: The variable on ``dst``.

    .. admonition:: Example

        >>> x = chainer.Variable(np.array([1, 2, 3], np.float32))
        >>> y = F.copy(x, '@numpy')  # to the CPU; '@cupy:0' would copy to GPU 0
        >>> y.array
        array([1., 2., 3.], dtype=float32)
    """
    if dst is cuda.DummyDevice or (_axes.is_int(dst) and dst < 0):
        dst = '@numpy'  # the v7 spellings of the host
    source = x.array if isinstance(x, chainer.variable.Variable) else x
    in_device = backend.get_device_from_array(source)
    out_device = chainer.get_device(dst)
    if (in_device.xp is chainerx) != (out_device.xp is chainerx):
        raise RuntimeError(
            'F.copy does not support copies between non-ChainerX devices and ChainerX '
            'devices.\nFrom: {}\nTo: {}'.format(in_device, out_device))
    y, = Copy(in_device, out_device).apply((x,))
    return y
