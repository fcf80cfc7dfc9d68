"""Memory layouts of arrays (``chainer.memory_layouts``).

An array of the *standard* layout (``None``) has the channel axis second (``NCHW`` for images,
``OIHW`` for filters). A *channel-last* layout (:data:`CUDNN_CHANNEL_LAST_X`,
:data:`CUDNN_CHANNEL_LAST_W`) stores the same data with the channel axis moved to the end.
The *semantic* shape is the shape in the standard layout; the *raw* shape is the shape of the
stored array.

Chainer 8's Variables do not carry a layout: arrays are in the standard layout unless the
caller converts them explicitly with :class:`AsLayout` and keeps track of the layout itself.
"""
import chainer
from chainer import function_node
from chainer.utils import type_check

CUDNN_CHANNEL_FIRST_X = None
"""The standard layout of inputs (``NCHW``)."""
CUDNN_CHANNEL_LAST_X = 'NHWC'
"""The channel-last layout of inputs."""
CUDNN_CHANNEL_FIRST_W = None
"""The standard layout of filters (``OIHW``)."""
CUDNN_CHANNEL_LAST_W = 'OHWI'
"""The channel-last layout of filters."""

_LAYOUTS = (None, CUDNN_CHANNEL_LAST_X, CUDNN_CHANNEL_LAST_W)


def _check_layout(layout):
    if layout not in _LAYOUTS:
        raise ValueError('unknown memory layout: {!r} (expected one of {})'
                         .format(layout, _LAYOUTS))


def _to_raw_axes(ndim, layout):
    # axes that take an array of the standard layout to ``layout``
    if layout is None or ndim < 2:
        return tuple(range(ndim))
    return (0,) + tuple(range(2, ndim)) + (1,)


def _to_standard_axes(ndim, layout):
    # axes that take an array of ``layout`` to the standard layout
    if layout is None or ndim < 2:
        return tuple(range(ndim))
    return (0, ndim - 1) + tuple(range(1, ndim - 1))


def _transpose_axes(ndim, src_layout, dst_layout):
    _check_layout(src_layout)
    _check_layout(dst_layout)
    to_std = _to_standard_axes(ndim, src_layout)
    to_dst = _to_raw_axes(ndim, dst_layout)
    return tuple(to_std[a] for a in to_dst)


def _transpose_shape(shape, src_layout, dst_layout):
    axes = _transpose_axes(len(shape), src_layout, dst_layout)
    return tuple(shape[a] for a in axes)


def _transpose_array(array, src_layout, dst_layout):
    axes = _transpose_axes(array.ndim, src_layout, dst_layout)
    if axes == tuple(range(array.ndim)):
        return array
    xp = chainer.backend.get_array_module(array)
    return xp.ascontiguousarray(array.transpose(axes))


def get_raw_shape(arr_or_var):
    """Returns the shape of the stored array of an array or a Variable."""
    if isinstance(arr_or_var, chainer.Variable):
        return arr_or_var.array.shape
    return arr_or_var.shape


def get_semantic_shape(arr_or_var, assumed_layout=None):
    """Returns the shape in the standard layout of an array stored in ``assumed_layout``.

    Args:
        arr_or_var: An array or a Variable.
        assumed_layout: The layout the array is stored in (None: the standard layout).
    """
    return _transpose_shape(get_raw_shape(arr_or_var), assumed_layout, None)


class AsLayout(function_node.FunctionNode):
    """Converts an array from one memory layout to another (differentiable).

    Args:
        layout: The layout of the output.
        src_layout: The layout of the input (None: the standard layout).
    """

    def __init__(self, layout, src_layout=None):
        _check_layout(layout)
        _check_layout(src_layout)
        self.layout = layout
        self.src_layout = src_layout

    @property
    def label(self):
        return 'AsLayout'

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1)

    def forward(self, inputs):
        x, = inputs
        return _transpose_array(x, self.src_layout, self.layout),

    def backward(self, indexes, grad_outputs):
        gy, = grad_outputs
        return AsLayout(self.src_layout, self.layout).apply((gy,))

