"""Helpers for mixed-precision computation (``chainer.utils.precision``)."""
import functools

import numpy


def _fp16_mixed_precision_helper(fn):
    """Decorator running a ``forward`` (``fn(self, inputs)``) in float32 for float16 inputs.

    When the floating-point inputs are all float16, they are cast to float32, ``fn`` runs,
    and its float32 outputs are cast back to float16. Otherwise ``fn`` runs unchanged.
    """
    @functools.wraps(fn)
    def wrapper(self, in_data):
        floats = [x for x in in_data if x is not None and x.dtype.kind == 'f']
        use_fp32 = bool(floats) and all(x.dtype == numpy.float16 for x in floats)
        if not use_fp32:
            return fn(self, in_data)
        in_data32 = tuple(
            x.astype(numpy.float32) if x is not None and x.dtype == numpy.float16 else x
            for x in in_data)
        out_data = fn(self, in_data32)
        return tuple(
            y.astype(numpy.float16) if y is not None and y.dtype == numpy.float32 else y
            for y in out_data)
    return wrapper
