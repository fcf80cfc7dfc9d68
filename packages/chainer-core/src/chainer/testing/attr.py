"""Test attributes (pytest marks): ``gpu``, ``cudnn``, ``slow``, ``multi_gpu``, ``ideep``.

They need pytest; without it :func:`is_available` is False and using a mark raises the
error of :func:`check_available`.
"""
try:
    import pytest
    _error = None
except ImportError as e:  # pragma: no cover - pytest is installed with the test tools
    _error = e


def is_available():
    """Returns True if the marks can be used (pytest is importable)."""
    return _error is None


def check_available():
    """Raises :class:`RuntimeError` (with the reason) if the marks cannot be used."""
    if _error is not None:
        raise RuntimeError('{} is not available.\n\nReason: {}: {}'.format(
            __name__, type(_error).__name__, _error))


def get_error():
    """Returns the error that makes the marks unavailable, or None."""
    return _error


if _error is None:
    gpu = pytest.mark.gpu
    """Marks a test that needs a GPU (deselected with ``-m "not gpu"``)."""

    slow = pytest.mark.slow
    """Marks a slow test."""

    ideep = pytest.mark.ideep
    """Marks a test that needs iDeep."""
else:  # pragma: no cover
    def _unavailable(*args, **kwargs):
        check_available()

    gpu = slow = ideep = _unavailable


def cudnn(func):
    """Marks a test that needs cuDNN (implies :data:`gpu`)."""
    check_available()
    return pytest.mark.gpu(pytest.mark.cudnn(func))


def multi_gpu(gpu_num):
    """Marks a test that needs ``gpu_num`` GPUs (implies :data:`gpu`)."""
    check_available()

    def decorator(func):
        return pytest.mark.gpu(pytest.mark.multi_gpu(gpu_num)(func))
    return decorator


def chainerx(func):
    """Marks a test that needs ChainerX."""
    check_available()
    return pytest.mark.chainerx(func)
