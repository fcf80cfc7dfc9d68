"""Compatibility alias of the abstract collection classes (``collections_abc``).

v7 kept Python 2 support here; Chainer 8 code may import ``collections_abc`` from this module
or use :mod:`collections.abc` directly.
"""
import collections.abc as collections_abc  # noqa: F401
