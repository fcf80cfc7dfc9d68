"""Backends of Chainer: NumPy (``_cpu``), CuPy (``cuda``), iDeep (``intel64``), ChainerX."""
from chainer.backends import cuda  # noqa: F401
from chainer.backends import intel64  # noqa: F401
