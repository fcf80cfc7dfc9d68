"""Base class of the N-dimensional pooling function nodes."""
from chainer import function_node
from chainer.functions._helpers import convolution as _conv
from chainer.utils import type_check


class _PoolingND(function_node.FunctionNode):
    """Base of N-D pooling nodes: holds ``ksize``, ``stride``, ``pad`` (tuples) and
    ``cover_all``; ``stride=None`` means ``stride = ksize``."""

    def __init__(self, ndim, ksize, stride=None, pad=0, cover_all=True, return_indices=False):
        if ndim <= 0:
            raise ValueError('pooling operation requires at least one spatial dimension.')
        if stride is None:
            stride = ksize
        self.ndim = ndim
        self.ksize = _conv.as_tuple(ksize, ndim)
        self.stride = _conv.as_tuple(stride, ndim)
        self.pad = _conv.as_tuple(pad, ndim)
        self.cover_all = cover_all
        self.return_indices = return_indices

    # Whether an empty input is an InvalidType: as v7, max pooling and the N-d average
    # pooling node reject one (they set it), the 2-d average pooling node does not.
    _rejects_empty_input = False

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1)
        x_type = in_types[0]
        type_check.argname((x_type,), ('x',))
        type_check.expect(
            x_type.dtype.kind == 'f',
            x_type.ndim == 2 + self.ndim,
        )
        if self._rejects_empty_input:
            type_check.expect(x_type.size > 0)

    def _out_dims(self, dims):
        out = _conv.conv_outsize(dims, self.ksize, self.stride, self.pad, self.cover_all)
        if any(o <= 0 for o in out):
            # AssertionError as v7's (raised explicitly so that ``python -O`` keeps it)
            raise AssertionError(
                'The output size of the pooling must be positive, but got {}.'.format(out))
        return out
