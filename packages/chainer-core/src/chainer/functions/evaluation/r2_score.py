"""Coefficient of determination: :func:`r2_score`."""
from chainer import backend
from chainer import function_node
from chainer.utils import type_check

_MULTIOUTPUT = ('uniform_average', 'raw_values')


class R2_score(function_node.FunctionNode):  # noqa: N801 (v7 name)
    """R^2 regression score along the first axis (not differentiable)."""

    def __init__(self, sample_weight, multioutput):
        super().__init__()
        if sample_weight is not None:
            raise NotImplementedError()
        if multioutput not in _MULTIOUTPUT:
            raise ValueError(
                "invalid multioutput argument: expected 'uniform_average' or 'raw_values'")
        self.multioutput = multioutput

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('pred', 'true'))
        pred_type, true_type = in_types
        # (as v7, ``true`` may be of another float dtype: the score is in pred's)
        type_check.expect(
            pred_type.dtype.kind == 'f',
            true_type.dtype.kind == 'f',
            pred_type.shape == true_type.shape,
        )

    def forward(self, inputs):
        pred, true = inputs
        xp = backend.get_array_module(pred)
        residual = ((true - pred) ** 2).sum(axis=0)
        spread = ((true - true.mean(axis=0)) ** 2).sum(axis=0)
        # an output whose target is constant scores 0 (its division is skipped)
        constant = spread == 0
        score = 1 - residual / xp.where(constant, 1, spread)
        score = xp.where(constant, 0.0, score).astype(pred.dtype, copy=False)
        if self.multioutput == 'uniform_average':
            score = score.mean()
        return xp.asarray(score),


def r2_score(pred, true, sample_weight=None, multioutput='uniform_average'):
    """R^2 score, ``1 - sum((true - pred)**2) / sum((true - mean(true))**2)``.

    Sums and means run along the first axis; an output whose ``true`` values are all equal
    scores 0.

    Args:
        pred (:class:`~chainer.Variable` or :ref:`ndarray`): Predictions.
        true (:class:`~chainer.Variable` or :ref:`ndarray`): Targets (same shape and dtype).
        sample_weight: Must be None (weights are not supported).
        multioutput (str): ``'uniform_average'`` averages the scores of all outputs;
            ``'raw_values'`` returns them.

    Returns:
        ~chainer.Variable: The score (a scalar, or one per output with ``'raw_values'``).

    .. admonition:: Example

        >>> true = np.array([1, 2, 3, 4], np.float32)
        >>> F.r2_score(true, true).array
        array(1., dtype=float32)
        >>> print(np.round(F.r2_score(np.array([1, 2, 3, 2], np.float32), true).array, 4))
        0.2
    """
    return R2_score(sample_weight=sample_weight, multioutput=multioutput).apply(
        (pred, true))[0]
