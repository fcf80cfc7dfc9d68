"""Function nodes that can also be called like the old-style Functions of v7's chainermn."""
from chainer import function_node


class CallableFunctionNode(function_node.FunctionNode):
    """A FunctionNode whose instance can be called on variables, as ``Function`` objects are.

    ChainerMN v7 implemented its communication functions as old-style ``Function`` objects,
    used as ``Send(comm, peer_rank, peer_tag)(x)``; calling one of these nodes applies it and
    returns the output variable (a tuple when there are several).
    """

    def __call__(self, *inputs):
        outputs = self.apply(inputs)
        return outputs[0] if len(outputs) == 1 else outputs
