"""Base class of link hooks (``chainer.LinkHook``)."""
import collections
import threading

class _ThreadLocal(threading.local):
    # Every thread sees its own ``link_hooks`` (initialized on first access in the thread).

    def __init__(self):
        self.link_hooks = collections.OrderedDict()


_thread_local = _ThreadLocal()


def _get_link_hooks():
    """Returns the thread-local ordered dict of globally registered link hooks."""
    return _thread_local.link_hooks


def _cb_args_repr(obj, names):
    return '<{} {}>'.format(
        type(obj).__name__,
        ' '.join('{}={!r}'.format(k, getattr(obj, k)) for k in names))


class _ForwardPreprocessCallbackArgs:
    """Callback argument of :meth:`LinkHook.forward_preprocess`.

    Attributes:
        link (~chainer.Link): The link being called.
        forward_name (str): Name of the forward method (``'forward'``).
        args (tuple): Non-keyword arguments given to the forward method.
        kwargs (dict): Keyword arguments given to the forward method.
    """

    __slots__ = ('link', 'forward_name', 'args', 'kwargs')

    def __init__(self, link, forward_name, args, kwargs):
        self.link = link
        self.forward_name = forward_name
        self.args = args
        self.kwargs = kwargs

    def __repr__(self):
        return _cb_args_repr(self, self.__slots__)


class _ForwardPostprocessCallbackArgs:
    """Callback argument of :meth:`LinkHook.forward_postprocess`.

    Attributes:
        link (~chainer.Link): The link being called.
        forward_name (str): Name of the forward method (``'forward'``).
        args (tuple): Non-keyword arguments given to the forward method.
        kwargs (dict): Keyword arguments given to the forward method.
        out: Return value of the forward method.
    """

    __slots__ = ('link', 'forward_name', 'args', 'kwargs', 'out')

    def __init__(self, link, forward_name, args, kwargs, out):
        self.link = link
        self.forward_name = forward_name
        self.args = args
        self.kwargs = kwargs
        self.out = out

    def __repr__(self):
        return _cb_args_repr(self, self.__slots__)


class LinkHook:
    """Base class of hooks for links.

    :class:`~chainer.LinkHook` is a callback object that is registered to a
    :class:`~chainer.Link`.  Registered link hooks are invoked before and after the forward
    computation of the link (i.e. when the link is called).

    A hook is registered either to a single link with :meth:`chainer.Link.add_hook` (local
    hook; :meth:`added` and :meth:`deleted` receive the link), or to every link of the current
    thread by using the hook as a context manager (global hook; :meth:`added` and
    :meth:`deleted` receive ``None``)::

        with MyLinkHook():
            y = model(x)

    Global hooks run before local ones.

    Attributes:
        name (str): Name of this link hook (used as the default registration key).
    """

    name = 'LinkHook'

    def __enter__(self):
        link_hooks = _get_link_hooks()
        if self.name in link_hooks:
            raise KeyError('hook %s already exists' % self.name)
        link_hooks[self.name] = self
        self.added(None)
        return self

    def __exit__(self, *_):
        link_hooks = _get_link_hooks()
        link_hooks[self.name].deleted(None)
        del link_hooks[self.name]

    def added(self, link):
        """Callback function invoked when the link hook is registered.

        Args:
            link (~chainer.Link): Link object to which the link hook is registered, or
                ``None`` when the hook is registered globally.
        """
        pass

    def deleted(self, link):
        """Callback function invoked when the link hook is unregistered.

        Args:
            link (~chainer.Link): Link object from which the link hook is unregistered, or
                ``None`` when the hook was registered globally.
        """
        pass

    def forward_preprocess(self, args):
        """Callback function invoked before a forward call of a link.

        Args:
            args: Callback data with the attributes ``link``, ``forward_name``, ``args`` and
                ``kwargs``.
        """
        pass

    def forward_postprocess(self, args):
        """Callback function invoked after a forward call of a link.

        Args:
            args: Callback data with the attributes ``link``, ``forward_name``, ``args``,
                ``kwargs`` and ``out``.
        """
        pass
