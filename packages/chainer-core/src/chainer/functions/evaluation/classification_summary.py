"""Per-class precision, recall, F-beta score and support: :func:`classification_summary`."""
import chainer
from chainer import backend
from chainer import function_node
from chainer.functions.evaluation import _labels


def _f_beta(precision, recall, beta):
    weight = beta ** 2
    return (1 + weight) * precision * recall / (weight * precision + recall)


def _per_class_counts(xp, labels, n_classes):
    """How many of ``labels`` fall in each of the classes ``0 .. n_classes - 1``."""
    return xp.bincount(labels, minlength=n_classes)[:n_classes]


class ClassificationSummary(function_node.FunctionNode):
    """Per-class precision, recall, F-beta score and support (not differentiable)."""

    def __init__(self, label_num, beta, ignore_label):
        super().__init__()
        self.label_num = label_num
        self.beta = beta
        self.ignore_label = ignore_label

    def check_type_forward(self, in_types):
        _labels.check_scores_and_labels(in_types)

    def forward(self, inputs):
        y, t = inputs
        xp = backend.get_array_module(y)
        n_classes = self.label_num
        if n_classes is None:
            n_classes = int(t.max()) + 1
        elif chainer.is_debug():
            assert (t < n_classes).all()
        counted = t != self.ignore_label
        truth = t[counted]
        guess = _labels.predicted_labels(y, t)[counted]
        support = _per_class_counts(xp, truth, n_classes)
        predicted = _per_class_counts(xp, guess, n_classes)
        true_positive = _per_class_counts(xp, truth[guess == truth], n_classes)
        # a class that is never predicted (or never present) gives NaN with a RuntimeWarning
        precision = true_positive / predicted
        recall = true_positive / support
        return precision, recall, _f_beta(precision, recall, self.beta), support


def classification_summary(y, t, label_num=None, beta=1.0, ignore_label=-1):
    """Precision, recall, F-beta score and support of every class.

    With, per class, ``tp`` correct predictions, ``predicted`` predictions and ``support``
    true occurrences: ``precision = tp / predicted``, ``recall = tp / support`` and
    ``fbeta = (1 + beta**2) * precision * recall / (beta**2 * precision + recall)``.

    Args:
        y (:class:`~chainer.Variable` or :ref:`ndarray`): Class scores ``(N, C, ...)``; the
            prediction is the arg-max over axis 1.
        t (:class:`~chainer.Variable` or :ref:`ndarray`): Int labels ``(N, ...)``.
        label_num (int): Number of classes; ``max(t) + 1`` by default.
        beta (float): Weight of recall relative to precision in the F-beta score.
        ignore_label (int): Label of the samples to skip (not a valid class).

    Returns:
        tuple of ~chainer.Variable: ``(precision, recall, fbeta_score, support)``, each of
        shape ``(label_num,)``.

    .. admonition:: Example

        >>> y = np.array([[1, 0], [0, 1], [1, 0], [0, 1]], np.float32)  # predicts 0, 1, 0, 1
        >>> t = np.array([0, 1, 1, 1], np.int32)
        >>> precision, recall, fbeta, support = F.classification_summary(y, t)
        >>> precision.array, recall.array
        (array([0.5, 1. ]), array([1.        , 0.66666667]))
        >>> np.round(fbeta.array, 4)
        array([0.6667, 0.8   ])
        >>> support.array
        array([1, 3])
    """
    return ClassificationSummary(label_num, beta, ignore_label).apply((y, t))


def precision(y, t, label_num=None, ignore_label=-1):
    """Per-class precision; returns ``(precision, support)`` (see
    :func:`classification_summary`).

    .. admonition:: Example

        >>> y = np.array([[1, 0], [0, 1], [1, 0], [0, 1]], np.float32)
        >>> t = np.array([0, 1, 1, 1], np.int32)
        >>> p, support = F.precision(y, t)
        >>> p.array  # per label: predicted 0 twice (1 right), predicted 1 twice (2 right)
        array([0.5, 1. ])
        >>> support.array
        array([1, 3])
    """
    summary = classification_summary(y, t, label_num, 1.0, ignore_label)
    return summary[0], summary[3]


def recall(y, t, label_num=None, ignore_label=-1):
    """Per-class recall; returns ``(recall, support)`` (see :func:`classification_summary`).

    .. admonition:: Example

        >>> y = np.array([[1, 0], [0, 1], [1, 0], [0, 1]], np.float32)
        >>> t = np.array([0, 1, 1, 1], np.int32)
        >>> r, support = F.recall(y, t)
        >>> np.round(r.array, 4)
        array([1.    , 0.6667])
    """
    summary = classification_summary(y, t, label_num, 1.0, ignore_label)
    return summary[1], summary[3]


def fbeta_score(y, t, label_num=None, beta=1.0, ignore_label=-1):
    """Per-class F-beta score; returns ``(fbeta_score, support)`` (see
    :func:`classification_summary`)."""
    summary = classification_summary(y, t, label_num, beta, ignore_label)
    return summary[2], summary[3]


def f1_score(y, t, label_num=None, ignore_label=-1):
    """Per-class F1 score; returns ``(f1_score, support)``.

    .. admonition:: Example

        >>> y = np.array([[1, 0], [0, 1], [1, 0], [0, 1]], np.float32)
        >>> t = np.array([0, 1, 1, 1], np.int32)
        >>> f1, support = F.f1_score(y, t)
        >>> np.round(f1.array, 4)
        array([0.6667, 0.8   ])
    """
    return fbeta_score(y, t, label_num, 1.0, ignore_label)
