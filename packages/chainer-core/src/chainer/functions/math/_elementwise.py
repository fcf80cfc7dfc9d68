"""Type checks shared by the elementwise functions of ``chainer.functions.math``."""
import numpy

import chainer
from chainer.utils import type_check


def check_float(in_types, names=('x',)):
    """Type-checks ``len(names)`` inputs, all floating point (same dtype when several)."""
    type_check.argname(in_types, names)
    type_check.expect(in_types[0].dtype.kind == 'f')
    for t in in_types[1:]:
        type_check.expect(t.dtype == in_types[0].dtype)


def check_float_same_shape(in_types, names):
    """Like :func:`check_float`, and also requires all inputs to have the same shape."""
    check_float(in_types, names)
    for t in in_types[1:]:
        type_check.expect(t.shape == in_types[0].shape)


def check_broadcastable(in_types, names, function_name=None):
    """Type-checks that the shapes of the inputs broadcast together (NumPy rules).

    Raises :class:`~chainer.utils.type_check.InvalidType`; with ``function_name``, a
    ``ValueError`` naming that function instead (what v7's ``fmod``, ``arctan2`` and
    ``polygamma`` raise, their broadcasting being NumPy's).
    """
    shapes = [tuple(type_check.eval(t.shape)) for t in in_types]
    try:
        numpy.broadcast_shapes(*shapes)
    except ValueError:
        actual = ', '.join('{}.shape={}'.format(n, s) for n, s in zip(names, shapes))
        if function_name is not None:
            raise ValueError('{}: operands could not be broadcast together ({})'.format(
                function_name, actual)) from None
        raise type_check.InvalidType(
            'shapes of {} are broadcastable'.format(', '.join(names)), actual)


def sum_to_shape(g, shape):
    """Sums the gradient Variable ``g`` down to ``shape`` (no-op when it already matches)."""
    if g is None or g.shape == shape:
        return g
    return chainer.functions.sum_to(g, shape)
