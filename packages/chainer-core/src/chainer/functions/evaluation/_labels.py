"""Type checks shared by the classification metrics."""
from chainer.utils import type_check


def check_scores_and_labels(in_types):
    """Checks float scores ``(N, C, d_1, ..., d_k, 1, ...)`` against int labels
    ``(N, d_1, ..., d_k)``: the class axis is axis 1, trailing unit axes are allowed."""
    type_check.argname(in_types, ('x', 't'))
    x_type, t_type = in_types
    type_check.expect(x_type.dtype.kind == 'f', t_type.dtype.kind == 'i')
    label_ndim = type_check.eval(t_type.ndim)
    type_check.expect(
        x_type.ndim >= t_type.ndim,
        x_type.shape[0] == t_type.shape[0],
        x_type.shape[2:label_ndim + 1] == t_type.shape[1:],
    )
    for axis in range(label_ndim + 1, type_check.eval(x_type.ndim)):
        type_check.expect(x_type.shape[axis] == 1)


def predicted_labels(x, t):
    """The arg-max class of every sample of ``x``, shaped like the labels ``t``."""
    return x.argmax(axis=1).reshape(t.shape)
