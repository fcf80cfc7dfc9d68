"""Whether NCCL is available to ChainerMN (through CuPy), without importing CuPy eagerly."""


def _nccl_available():
    try:
        from cupy.cuda import nccl  # noqa: F401
    except Exception:
        return False
    return True


def __getattr__(name):
    if name == '_available':
        return _nccl_available()
    raise AttributeError('module {!r} has no attribute {!r}'.format(__name__, name))
