"""ChainerX: the NumPy-compatible array library with devices and define-by-run backprop.

This build ships without the native ChainerX core, exactly like Chainer v7's PyPI wheels:
:func:`is_available` returns ``False`` and :class:`ndarray` is a dummy class that only serves
``isinstance`` checks (constructing one raises :class:`RuntimeError`).
"""

__version__ = '8.0.0.dev0'

_available = False


def is_available():
    """Returns ``True`` if the native ChainerX core is available (always ``False`` here)."""
    return _available


class ndarray:
    """Dummy ``chainerx.ndarray`` used for type testing when ChainerX is not available."""

    def __init__(self, *args, **kwargs):
        raise RuntimeError('chainerx is not available.')
