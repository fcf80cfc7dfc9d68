"""Binary classification accuracy."""
from chainer import backend
from chainer import function_node
from chainer.utils import type_check


class BinaryAccuracy(function_node.FunctionNode):
    """Accuracy of ``y >= 0`` against 0/1 labels, ignoring label -1 (not differentiable)."""

    ignore_label = -1

    @property
    def label(self):
        return 'binary_accuracy'

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x', 't'))
        x_type, t_type = in_types
        type_check.expect(
            x_type.dtype.kind == 'f',
            t_type.dtype.kind == 'i',
            t_type.shape == x_type.shape,
        )

    def forward(self, inputs):
        y, t = inputs
        xp = backend.get_array_module(y)
        y = y.ravel()
        t = t.ravel()
        c = y >= 0
        count = max(1, int((t != self.ignore_label).sum()))
        # Ignored entries (-1) never equal a 0/1 prediction.
        return xp.asarray(float((c == t).sum()) / count, dtype=y.dtype),


def binary_accuracy(y, t):
    """Computes binary classification accuracy of the minibatch.

    Args:
        y (:class:`~chainer.Variable` or :ref:`ndarray`): Scores; ``y >= 0`` predicts 1.
        t (:class:`~chainer.Variable` or :ref:`ndarray`): Signed integer labels (0 or 1) of
            the same shape; entries equal to -1 are ignored.

    Returns:
        ~chainer.Variable: A scalar of ``y``'s dtype (0 when every entry is ignored).
    """
    return BinaryAccuracy().apply((y, t))[0]
