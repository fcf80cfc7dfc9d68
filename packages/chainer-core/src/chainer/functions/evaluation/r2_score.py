"""Coefficient of determination."""
from chainer import backend
from chainer import function_node
from chainer.utils import type_check


class R2_score(function_node.FunctionNode):  # noqa: N801 (v7 name)
    """R^2 (coefficient of determination) regression score (not differentiable)."""

    def __init__(self, sample_weight, multioutput):
        super().__init__()
        if sample_weight is not None:
            raise NotImplementedError()
        if multioutput in ('uniform_average', 'raw_values'):
            self.multioutput = multioutput
        else:
            raise ValueError('invalid multioutput argument')

    @property
    def label(self):
        return 'r2_score'

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('pred', 'true'))
        pred_type, true_type = in_types
        type_check.expect(
            pred_type.dtype.kind == 'f',
            true_type.dtype == pred_type.dtype,
            pred_type.shape == true_type.shape,
        )

    def forward(self, inputs):
        pred, true = inputs
        xp = backend.get_array_module(pred)
        ss_res = xp.asarray(((pred - true) ** 2).sum(axis=0))
        ss_tot = xp.asarray(((true - true.mean(axis=0)) ** 2).sum(axis=0))
        zero = ss_tot == 0
        ss_tot[zero] = 1  # dummy value to avoid a division by zero
        ret = xp.where(zero, 0.0, 1 - ss_res / ss_tot).astype(pred.dtype, copy=False)
        if self.multioutput == 'uniform_average':
            return xp.asarray(ret.mean()),
        return ret,


def r2_score(pred, true, sample_weight=None, multioutput='uniform_average'):
    """Computes the R^2 score, ``1 - sum((true - pred)^2) / sum((true - mean(true))^2)``.

    Computed along the first axis; an output whose ``true`` is constant scores 0.

    Args:
        pred (:class:`~chainer.Variable` or :ref:`ndarray`): Predicted values.
        true (:class:`~chainer.Variable` or :ref:`ndarray`): Ground truth, same shape/dtype.
        sample_weight: Must be None (weights are not supported).
        multioutput (str): ``'uniform_average'`` (mean over outputs) or ``'raw_values'``
            (one score per output).

    Returns:
        ~chainer.Variable: A scalar, or one score per output for ``'raw_values'``.
    """
    return R2_score(sample_weight=sample_weight, multioutput=multioutput).apply(
        (pred, true))[0]
