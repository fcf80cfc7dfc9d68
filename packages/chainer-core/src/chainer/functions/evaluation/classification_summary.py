"""Per-class precision, recall, F-beta score and support."""
import chainer
from chainer import backend
from chainer import function_node
from chainer.utils import type_check


def _fbeta_score(precision, recall, beta):
    beta_square = beta * beta
    return ((1 + beta_square) * precision * recall
            / (beta_square * precision + recall))


class ClassificationSummary(function_node.FunctionNode):
    """Per-class precision, recall, F-beta score and support (not differentiable)."""

    def __init__(self, label_num, beta, ignore_label):
        super().__init__()
        self.label_num = label_num
        self.beta = beta
        self.ignore_label = ignore_label

    @property
    def label(self):
        return 'classification_summary'

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
        if self.label_num is None:
            label_num = int(xp.amax(t)) + 1
        else:
            label_num = self.label_num
            if chainer.is_debug():
                assert (t < label_num).all()
        mask = (t == self.ignore_label).ravel()
        pred = xp.where(mask, label_num, y.argmax(axis=1).ravel())
        true = xp.where(mask, label_num, t.ravel())
        support = xp.bincount(true, minlength=label_num + 1)[:label_num]
        relevant = xp.bincount(pred, minlength=label_num + 1)[:label_num]
        tp_mask = xp.where(pred == true, true, label_num)
        tp = xp.bincount(tp_mask, minlength=label_num + 1)[:label_num]
        # A class never predicted (or never present) gives NaN, with NumPy's RuntimeWarning.
        precision = tp / relevant
        recall = tp / support
        fbeta = _fbeta_score(precision, recall, self.beta)
        return precision, recall, fbeta, support


def classification_summary(y, t, label_num=None, beta=1.0, ignore_label=-1):
    """Calculates precision, recall, F-beta score and support per class.

    With ``tp``, ``relevant`` (predicted count) and ``support`` (true count) per class:
    ``precision = tp / relevant``, ``recall = tp / support``,
    ``fbeta = (1 + beta^2) * precision * recall / (beta^2 * precision + recall)``.

    Args:
        y (:class:`~chainer.Variable` or :ref:`ndarray`): Scores ``(N, C, ...)``; the
            prediction is the argmax over axis 1.
        t (:class:`~chainer.Variable` or :ref:`ndarray`): Signed integer labels ``(N, ...)``.
        label_num (int): Number of classes; ``max(t) + 1`` if None.
        beta (float): Strength of recall relative to precision in the F-beta score.
        ignore_label (int): Label to ignore (must not be a valid class; default -1).

    Returns:
        tuple of ~chainer.Variable: ``(precision, recall, fbeta_score, support)``, each of
        shape ``(label_num,)``.
    """
    return ClassificationSummary(label_num, beta, ignore_label).apply((y, t))


def precision(y, t, label_num=None, ignore_label=-1):
    """Per-class precision; returns ``(precision, support)`` (see classification_summary)."""
    ret = ClassificationSummary(label_num, 1.0, ignore_label).apply((y, t))
    return ret[0], ret[-1]


def recall(y, t, label_num=None, ignore_label=-1):
    """Per-class recall; returns ``(recall, support)`` (see classification_summary)."""
    ret = ClassificationSummary(label_num, 1.0, ignore_label).apply((y, t))
    return ret[1], ret[-1]


def fbeta_score(y, t, label_num=None, beta=1.0, ignore_label=-1):
    """Per-class F-beta score; returns ``(fbeta_score, support)``."""
    ret = ClassificationSummary(label_num, beta, ignore_label).apply((y, t))
    return ret[2], ret[-1]


def f1_score(y, t, label_num=None, ignore_label=-1):
    """Per-class F1 score; returns ``(f1_score, support)`` (see classification_summary)."""
    return fbeta_score(y, t, label_num, 1.0, ignore_label)
