"""Helpers for mixed-precision computation (``chainer.utils.precision``)."""
import functools

import numpy


def _fp16_mixed_precision_helper(fn):
    """Decorator running a ``forward`` (``fn(self, inputs)``) in float32 for float16 inputs.

    As v7: float16 inputs are cast to float32 before ``fn`` runs, and when no input is
    float32 or float64, the float32 outputs of ``fn`` are cast to float16.
    """
    @functools.wraps(fn)
    def wrapper(self, in_data):
        to_fp16 = not any(
            x is not None and x.dtype.kind == 'f' and x.dtype != numpy.float16 for x in in_data)
        in_data = tuple(
            x.astype(numpy.float32) if x is not None and x.dtype == numpy.float16 else x
            for x in in_data)
        out_data = fn(self, in_data)
        if not to_fp16:
            return out_data
        return tuple(
            y.astype(numpy.float16) if y is not None and y.dtype == numpy.float32 else y
            for y in out_data)
    return wrapper
