"""Binary classification accuracy: :func:`binary_accuracy`."""
from chainer import backend
from chainer import function_node
from chainer.utils import type_check


class BinaryAccuracy(function_node.FunctionNode):
    """Fraction of entries where ``y >= 0`` matches the 0/1 label; label -1 is skipped."""

    ignore_label = -1

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
        predicted = (y >= 0).astype(t.dtype)
        # an ignored label (-1) never equals a 0/1 prediction, so it is never a hit
        hits = int((predicted == t).sum())
        n_counted = max(int((t != self.ignore_label).sum()), 1)
        return xp.asarray(hits / n_counted, dtype=y.dtype),


def binary_accuracy(y, t):
    """Binary classification accuracy of a minibatch.

    Args:
        y (:class:`~chainer.Variable` or :ref:`ndarray`): Scores; ``y >= 0`` predicts 1.
        t (:class:`~chainer.Variable` or :ref:`ndarray`): Int labels of the same shape: 0, 1,
            or -1 for entries to ignore.

    Returns:
        ~chainer.Variable: Scalar of ``y``'s dtype (0 if every entry is ignored).

    .. admonition:: Example

        >>> y = np.array([2.5, -1, 0.5, -3], np.float32)  # scores: positive means label 1
        >>> t = np.array([1, 0, 0, 1], np.int32)
        >>> F.binary_accuracy(y, t).array
        array(0.5, dtype=float32)
    """
    return BinaryAccuracy().apply((y, t))[0]
