"""Classification accuracy: :func:`accuracy`."""
from chainer import backend
from chainer import function_node
from chainer.functions.evaluation import _labels


class Accuracy(function_node.FunctionNode):
    """Fraction of samples whose arg-max class equals the label (not differentiable)."""

    def __init__(self, ignore_label=None):
        super().__init__()
        self.ignore_label = ignore_label

    def check_type_forward(self, in_types):
        _labels.check_scores_and_labels(in_types)

    def forward(self, inputs):
        y, t = inputs
        xp = backend.get_array_module(y)
        hits = _labels.predicted_labels(y, t) == t
        if self.ignore_label is None:
            return xp.asarray(hits.mean(dtype=y.dtype)),
        counted = t != self.ignore_label
        n_counted = int(counted.sum())
        ratio = int((hits & counted).sum()) / n_counted if n_counted else 0.0
        return xp.asarray(ratio, dtype=y.dtype),


def accuracy(y, t, ignore_label=None):
    """Multiclass classification accuracy of a minibatch.

    Args:
        y (:class:`~chainer.Variable` or :ref:`ndarray`): Class scores ``(N, C, ...)``; the
            prediction is the arg-max over axis 1.
        t (:class:`~chainer.Variable` or :ref:`ndarray`): Int labels ``(N, ...)``.
        ignore_label (int or None): Samples with this label are not counted.

    Returns:
        ~chainer.Variable: Scalar of ``y``'s dtype (0 if every sample is ignored).

    .. admonition:: Example

        >>> y = np.array([[0.1, 0.7, 0.2], [0.8, 0.1, 0.1], [0.2, 0.3, 0.5]], np.float32)
        >>> t = np.array([1, 0, 0], np.int32)
        >>> F.accuracy(y, t).array
        array(0.6666667, dtype=float32)
        >>> F.accuracy(y, np.array([1, -1, 0], np.int32), ignore_label=-1).array
        array(0.5, dtype=float32)
    """
    return Accuracy(ignore_label=ignore_label).apply((y, t))[0]
