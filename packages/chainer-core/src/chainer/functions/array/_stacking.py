"""Common machinery of :func:`hstack`, :func:`vstack` and :func:`dstack`.

Each joins its inputs along one axis after giving them enough dimensions (numpy's
``atleast_Nd`` rules). An input that already has the joining axis is concatenated along it;
a lower-dimensional one is promoted to a shape with a unit joining axis, so all such inputs
must share one shape.
"""
from chainer import backend
from chainer import function_node
from chainer.functions._helpers import axes as _axes
from chainer.functions._helpers import grad_ops
from chainer.utils import type_check


class JoinNode(function_node.FunctionNode):
    """Base class; subclasses give ``_join`` (the numpy function name) and ``_axis``."""

    _join = None

    def _axis(self, ndim):
        """Returns ``(axis, native)``: the joining axis of the output for inputs of ``ndim``
        dimensions, and whether the inputs already have that axis."""
        raise NotImplementedError

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() > 0)
        type_check.argname(in_types, tuple('xs[%d]' % i for i in range(len(in_types))))
        head = in_types[0]
        ndim = type_check.eval(head.ndim)
        axis, native = self._axis(ndim)
        for other in in_types[1:]:
            type_check.expect(head.dtype == other.dtype, head.ndim == other.ndim)
            if not native:
                type_check.expect(head.shape == other.shape)
                continue
            for d in range(ndim):
                if d != axis:
                    type_check.expect(head.shape[d] == other.shape[d])

    def forward(self, xs):
        self._in_shapes = [x.shape for x in xs]
        xp = backend.get_array_module(*xs)
        return getattr(xp, self._join)(xs),

    def _split(self):
        """Returns ``(points, axis)``: how the output gradient is cut into the inputs' pieces
        (``points`` is None for a single input)."""
        shapes = self._in_shapes
        axis, native = self._axis(len(shapes[0]))
        if len(shapes) == 1:
            return None, axis
        if native:
            return _axes.cumulative_offsets([s[axis] for s in shapes]), axis
        return len(shapes), axis

    def backward(self, indexes, grad_outputs):
        return _join_back(self, indexes, grad_outputs, grad_ops.VARIABLES)

    def _backward_arrays(self, indexes, grad_outputs):
        return _join_back(self, indexes, grad_outputs)


def _join_back(node, indexes, grad_outputs, ops=grad_ops.ARRAYS):
    """The gradient of joining (hstack, vstack, dstack): the output gradient cut into the
    inputs' pieces, each reshaped to its input's shape."""
    gy, = grad_outputs
    points, axis = node._split()
    pieces = (gy,) if points is None else ops.split_axis(gy, points, axis)
    shapes = node._in_shapes
    return tuple([ops.reshape(pieces[i], shapes[i]) for i in indexes])
