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
    # as v7: float16 inputs always run in float32; with a float32/64 input the outputs
    # stay float32
    out = Node().forward((half, numpy.ones(2, numpy.float64)))
    assert seen[-1] == (numpy.float32, numpy.float64)
    assert [y.dtype for y in out] == [numpy.float32, numpy.float64]


def test_fp16_mixed_precision_helper_without_float_inputs():
    # as v7: with no float32/64 input, float32 outputs are cast to float16
    class Node:
        @precision._fp16_mixed_precision_helper
        def forward(self, inputs):
            return inputs[0], numpy.ones(1, numpy.float32), numpy.ones(1, numpy.float64)

    out = Node().forward((numpy.arange(2, dtype=numpy.int32),))
    assert [y.dtype for y in out] == [numpy.int32, numpy.float16, numpy.float64]
