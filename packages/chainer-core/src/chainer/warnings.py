"""Warning categories of Chainer (``chainer.warnings``)."""


class PerformanceWarning(RuntimeWarning):
    """Warns about a setting or fallback that makes computation slow."""
