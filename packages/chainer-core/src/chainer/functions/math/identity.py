"""Identity function (a graph node that passes its inputs through)."""
from chainer import function_node


class Identity(function_node.FunctionNode):
    """Identity function: outputs are the inputs."""

    def check_type_forward(self, in_types):
        pass

    def forward(self, xs):
        return xs

    def backward(self, indexes, gys):
        return tuple(gys[i] for i in indexes)

    _backward_arrays = backward  # the same selection works on raw arrays


def identity(*inputs):
    """Passes the inputs through a graph node unchanged.

    Args:
        inputs: Variables or arrays.

    Returns:
        ~chainer.Variable or tuple of ~chainer.Variable: The single output when given one
        input, otherwise a tuple.

    .. admonition:: Example

        >>> x = chainer.Variable(np.array([1, 2], np.float32))
        >>> y = F.identity(x)
        >>> y.array
        array([1., 2.], dtype=float32)
        >>> y is x, y.creator is not None
        (False, True)
        >>> a, b = F.identity(x, x * 2)  # several inputs give a tuple
        >>> b.array
        array([2., 4.], dtype=float32)
    """
    ret = Identity().apply(inputs)
    return ret[0] if len(ret) == 1 else ret
