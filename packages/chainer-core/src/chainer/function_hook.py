"""``chainer.FunctionHook``: callbacks run around the computations of function nodes."""
from chainer import _hooks


def _impl_name(function):
    """Name reported for a function node (the wrapped class name for old-style functions)."""
    name = getattr(function, '_impl_name', None)
    return type(function).__name__ if name is None else name


class FunctionHook:
    """Base class of function hooks.

    Subclasses override some of the callbacks: :meth:`forward_preprocess` and
    :meth:`forward_postprocess` run around each forward computation, and
    :meth:`backward_preprocess` and :meth:`backward_postprocess` around the backward
    computation of every function that backpropagation goes through.

    Using the hook in a ``with`` block registers it for all functions called by the current
    thread within the block (:meth:`added` and :meth:`deleted` then receive ``None``);
    ``FunctionNode.add_hook`` attaches it to a single function node instead::

        with chainer.function_hooks.TimerHook() as timer:
            loss = model(x)
            loss.backward()
        timer.print_report()

    Attributes:
        name (str): Registration key of the hook; two hooks registered at the same time must
            have different names.
    """

    name = 'FunctionHook'

    def __enter__(self):
        registry = _hooks.global_hooks()
        if self.name in registry:
            raise KeyError('hook %s already exists' % self.name)
        registry[self.name] = self
        self.added(None)
        return self

    def __exit__(self, *exc_info):
        registry = _hooks.global_hooks()
        registry[self.name].deleted(None)
        del registry[self.name]

    def added(self, function):
        """Called once the hook has been registered.

        Args:
            function (~chainer.FunctionNode): The node it was attached to, or ``None`` for a
                thread-wide registration.
        """

    def deleted(self, function):
        """Called when the hook is unregistered.

        Args:
            function (~chainer.FunctionNode): The node it was detached from, or ``None`` for
                a thread-wide registration.
        """

    def forward_preprocess(self, function, in_data):
        """Called just before a forward computation.

        Args:
            function (~chainer.FunctionNode): The function about to run.
            in_data (tuple of arrays): Its inputs.
        """

    def forward_postprocess(self, function, in_data):
        """Called right after a forward computation.

        Args:
            function (~chainer.FunctionNode): The function that ran.
            in_data (tuple of arrays): Its inputs.
        """

    def backward_preprocess(self, function, in_data, out_grad):
        """Called just before a backward computation.

        Args:
            function (~chainer.FunctionNode): The function whose backward is about to run.
            in_data (tuple of arrays): Inputs of its forward computation.
            out_grad (tuple of arrays): Gradients with respect to its outputs.
        """

    def backward_postprocess(self, function, in_data, out_grad):
        """Called right after a backward computation.

        Args:
            function (~chainer.FunctionNode): The function whose backward ran.
            in_data (tuple of arrays): Inputs of its forward computation.
            out_grad (tuple of arrays): Gradients with respect to its outputs.
        """
