"""chainer.utils.precision."""
import numpy

from chainer.utils import precision


def test_fp16_mixed_precision_helper():
    seen = []

    class Node:
        @precision._fp16_mixed_precision_helper
        def forward(self, inputs):
            seen.append(tuple(x.dtype for x in inputs))
            return tuple(x * 2 for x in inputs if x.dtype.kind == 'f')

    half = numpy.ones(2, numpy.float16)
    out = Node().forward((half, numpy.arange(2)))
    assert seen[-1] == (numpy.float32, numpy.arange(2).dtype)
    assert out[0].dtype == numpy.float16
    out = Node().forward((numpy.ones(2, numpy.float32),))
    assert seen[-1] == (numpy.float32,) and out[0].dtype == numpy.float32
    out = Node().forward((half, numpy.ones(2, numpy.float64)))  # mixed: unchanged
    assert seen[-1] == (numpy.float16, numpy.float64)
