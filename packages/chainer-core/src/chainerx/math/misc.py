"""Miscellaneous mathematical routines: :func:`clip`."""
from chainerx._routines import _core
from chainerx._routines import math as _math


def clip(a, a_min, a_max):
    """Clips the values of an array to ``[a_min, a_max]``.

    Args:
        a (~chainerx.ndarray): Array to clip.
        a_min (scalar or None): Lower bound (None for no lower bound).
        a_max (scalar or None): Upper bound (None for no upper bound).

    Returns:
        ~chainerx.ndarray: The clipped array; the gradient flows where the input is within the
        bounds.
    """
    _core.check_array(a, 'a')
    if a_min is None and a_max is None:
        raise ValueError('Must set either a_min or a_max.')
    if a_min is not None:
        a = _math.maximum(a, a_min)
    if a_max is not None:
        a = _math.minimum(a, a_max)
    return a
