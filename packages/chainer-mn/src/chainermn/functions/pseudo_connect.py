"""``pseudo_connect``: attaching a delegate variable to the graph of other variables."""
import chainer
from chainer import function_node
from chainermn.functions import _delegate


class PseudoConnect(function_node.FunctionNode):
    """Passes its actual inputs through; the delegate input only joins the graph.

    Inputs are ``(delegate, *actual)``; outputs are the actual arrays unchanged. In backward
    the actual gradients pass through and the delegate gets a zero gradient (an empty one for
    a delegate variable), which runs the backward of the communication that produced it.
    """

    def __init__(self):
        self._delegate_template = None

    def forward(self, inputs):
        self._delegate_template = _delegate.template(inputs[0])
        return tuple(inputs[1:])

    def backward(self, indexes, grad_outputs):
        gxs = []
        for i in indexes:
            if i == 0:
                gxs.append(_delegate.zero_grad(self._delegate_template))
            else:
                gxs.append(grad_outputs[i - 1])
        return tuple(gxs)


def pseudo_connect(delegate_variable, *actual_variables):
    """Connects a delegate variable to the graph of ``actual_variables``.

    A process that sends a variable (getting a delegate variable from :func:`send`) and then
    computes something else would need two ``backward()`` calls. ``pseudo_connect`` returns
    ``actual_variables`` unchanged but attached to the delegate, so one ``backward()`` from the
    final loss also runs the backward of the send.

    Args:
        delegate_variable (~chainer.Variable): The delegate variable of a communication, or
            ``None`` (then the variables are returned as they are).
        actual_variables (~chainer.Variable): The variables to attach it to.

    Returns:
        tuple of ~chainer.Variable: The actual variables, connected to the delegate.
    """
    chainer.utils.experimental('chainermn.functions.pseudo_connect')
    if delegate_variable is None:
        return tuple(actual_variables)
    return PseudoConnect().apply((delegate_variable,) + tuple(actual_variables))
