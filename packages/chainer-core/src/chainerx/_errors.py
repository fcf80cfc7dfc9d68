"""The exception classes of ChainerX (each a plain :class:`Exception` subclass, as in v7)."""


class ChainerxError(Exception):
    """Generic ChainerX error (e.g. backprop from an array that is not in any graph)."""


class ContextError(Exception):
    """Raised on a misuse of contexts (e.g. mixing arrays of different contexts)."""


class BackendError(Exception):
    """Raised when a backend (``'native'``, ``'cuda'``) is unknown or unavailable."""


class DeviceError(Exception):
    """Raised when arrays live on different devices or a device cannot be used."""


class DimensionError(Exception):
    """Raised on a shape, axis or dimension mismatch."""


class DtypeError(Exception):
    """Raised on an unsupported or mismatching dtype."""


class NotImplementedError(Exception):  # noqa: A001 (v7's name)
    """Raised by a routine that does not support the given arguments."""


class GradientError(Exception):
    """Raised when a gradient cannot be computed."""


class GradientCheckError(Exception):
    """Raised by :func:`chainerx.check_backward` when the gradients are wrong."""
