"""Base class of function hooks (``chainer.FunctionHook``)."""
from chainer import _hooks


def _impl_name(function):
    """Name of the implementation of a function node (the wrapped class for old-style ones)."""
    name = getattr(function, '_impl_name', None)
    if name is not None:
        return name
    wrapped = getattr(function, '_function', None)
    if wrapped is not None:
        return wrapped.__class__.__name__
    return function.__class__.__name__


class FunctionHook:
    """Base class of hooks for functions.

    A function hook is called around the forward and backward computations of functions:
    :meth:`forward_preprocess` / :meth:`forward_postprocess` around each forward computation and
    :meth:`backward_preprocess` / :meth:`backward_postprocess` around the backward computation of
    each function that backprop passes through.

    A hook is registered *globally* (for every function called in the current thread) with a
    ``with`` statement, or *locally* to one function with ``FunctionNode.add_hook``::

        with chainer.function_hooks.TimerHook() as hook:
            loss = model(x)
            loss.backward()
        hook.print_report()

    Attributes:
        name (str): Name of the hook, the key of its registration (must be unique among the
            registered hooks). Subclasses override it.
    """

    name = 'FunctionHook'

    def __enter__(self):
        function_hooks = _hooks.global_hooks()
        if self.name in function_hooks:
            raise KeyError('hook %s already exists' % self.name)
        function_hooks[self.name] = self
        self.added(None)
        return self

    def __exit__(self, *_):
        function_hooks = _hooks.global_hooks()
        function_hooks[self.name].deleted(None)
        del function_hooks[self.name]

    def added(self, function):
        """Callback invoked when the hook is registered.

        Args:
            function (~chainer.FunctionNode): The function the hook is added to, or ``None``
                when it is registered globally.
        """
        pass

    def deleted(self, function):
        """Callback invoked when the hook is unregistered.

        Args:
            function (~chainer.FunctionNode): The function the hook is deleted from, or
                ``None`` when it was registered globally.
        """
        pass

    # forward
    def forward_preprocess(self, function, in_data):
        """Callback invoked before the forward computation.

        Args:
            function (~chainer.FunctionNode): The function being called.
            in_data (tuple of arrays): Input arrays of the forward computation.
        """
        pass

    def forward_postprocess(self, function, in_data):
        """Callback invoked after the forward computation.

        Args:
            function (~chainer.FunctionNode): The function being called.
            in_data (tuple of arrays): Input arrays of the forward computation.
        """
        pass

    # backward
    def backward_preprocess(self, function, in_data, out_grad):
        """Callback invoked before the backward computation.

        Args:
            function (~chainer.FunctionNode): The function being called.
            in_data (tuple of arrays): Input arrays of the forward computation.
            out_grad (tuple of arrays): Gradient arrays w.r.t. the outputs.
        """
        pass

    def backward_postprocess(self, function, in_data, out_grad):
        """Callback invoked after the backward computation.

        Args:
            function (~chainer.FunctionNode): The function being called.
            in_data (tuple of arrays): Input arrays of the forward computation.
            out_grad (tuple of arrays): Gradient arrays w.r.t. the outputs.
        """
        pass
