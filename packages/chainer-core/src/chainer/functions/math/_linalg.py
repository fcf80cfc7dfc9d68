"""Type checks and dtype handling shared by the linear-algebra functions."""
import numpy

from chainer.utils import type_check


def check_square(in_types, batched):
    """Type-checks one float input of square matrices, ``(n, n)`` or ``(m, n, n)``."""
    type_check.argname(in_types, ('a',))
    a_type, = in_types
    type_check.expect(a_type.dtype.kind == 'f')
    if batched:
        type_check.expect(a_type.ndim == 3, a_type.shape[-1] == a_type.shape[-2])
    else:
        type_check.expect(a_type.ndim == 2, a_type.shape[0] == a_type.shape[1])


def lapack_input(a):
    """Returns ``a`` in a dtype LAPACK accepts (float16 is computed in float32)."""
    if a.dtype == numpy.float16:
        return a.astype(numpy.float32)
    return a
