"""Classification accuracy."""
from chainer import backend
from chainer import function_node
from chainer.utils import type_check


class Accuracy(function_node.FunctionNode):
    """Accuracy of ``argmax(y, axis=1)`` against integer labels ``t`` (not differentiable)."""

    def __init__(self, ignore_label=None):
        super().__init__()
        self.ignore_label = ignore_label

    @property
    def label(self):
        return 'accuracy'

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x', 't'))
        x_type, t_type = in_types
        type_check.expect(
            x_type.dtype.kind == 'f',
            t_type.dtype.kind == 'i',
        )
        t_ndim = type_check.eval(t_type.ndim)
        type_check.expect(
            x_type.ndim >= t_type.ndim,
            x_type.shape[0] == t_type.shape[0],
            x_type.shape[2:t_ndim + 1] == t_type.shape[1:],
        )
        for i in range(t_ndim + 1, type_check.eval(x_type.ndim)):
            type_check.expect(x_type.shape[i] == 1)

    def forward(self, inputs):
        y, t = inputs
        xp = backend.get_array_module(y)
        pred = y.argmax(axis=1).reshape(t.shape)
        if self.ignore_label is None:
            return xp.asarray((pred == t).mean(dtype=y.dtype)),
        valid = t != self.ignore_label
        total = int(valid.sum())
        if total == 0:
            return xp.asarray(0.0, dtype=y.dtype),
        count = int(((pred == t) & valid).sum())
        return xp.asarray(float(count) / total, dtype=y.dtype),


def accuracy(y, t, ignore_label=None):
    """Computes multiclass classification accuracy of the minibatch.

    Args:
        y (:class:`~chainer.Variable` or :ref:`ndarray`): Scores of shape ``(N, C, ...)``;
            the prediction is the argmax over axis 1.
        t (:class:`~chainer.Variable` or :ref:`ndarray`): Signed integer labels of shape
            ``(N, ...)``.
        ignore_label (int or None): Samples with this label are left out of the count.

    Returns:
        ~chainer.Variable: A scalar of ``y``'s dtype (0 when every sample is ignored).
    """
    return Accuracy(ignore_label=ignore_label).apply((y, t))[0]
