"""``chainer.LinkHook``: callbacks run around the forward computation of links."""
import collections
import threading


class _HookRegistry(threading.local):
    # Globally registered link hooks; each thread starts with an empty ordered dict.

    def __init__(self):
        self.link_hooks = collections.OrderedDict()


_thread_local = _HookRegistry()


def _get_link_hooks():
    """Returns the ordered dict (name -> hook) of the link hooks registered in this thread."""
    return _thread_local.link_hooks


class _CallbackArgs:
    # Plain record whose repr lists the fields named in ``__slots__``.

    __slots__ = ()

    def __repr__(self):
        fields = ' '.join(
            '{}={!r}'.format(field, getattr(self, field)) for field in self.__slots__)
        return '<{} {}>'.format(type(self).__name__, fields)


class _ForwardPreprocessCallbackArgs(_CallbackArgs):
    """What :meth:`LinkHook.forward_preprocess` receives.

    Attributes:
        link (~chainer.Link): The called link.
        forward_name (str): Name of the invoked method (``'forward'``).
        args (tuple): Positional arguments of the call.
        kwargs (dict): Keyword arguments of the call.
    """

    __slots__ = ('link', 'forward_name', 'args', 'kwargs')

    def __init__(self, link, forward_name, args, kwargs):
        self.link = link
        self.forward_name = forward_name
        self.args = args
        self.kwargs = kwargs


class _ForwardPostprocessCallbackArgs(_CallbackArgs):
    """What :meth:`LinkHook.forward_postprocess` receives.

    Attributes:
        link (~chainer.Link): The called link.
        forward_name (str): Name of the invoked method (``'forward'``).
        args (tuple): Positional arguments of the call.
        kwargs (dict): Keyword arguments of the call.
        out: What the forward method returned.
    """

    __slots__ = ('link', 'forward_name', 'args', 'kwargs', 'out')

    def __init__(self, link, forward_name, args, kwargs, out):
        self.link = link
        self.forward_name = forward_name
        self.args = args
        self.kwargs = kwargs
        self.out = out


class LinkHook:
    """Base class of link hooks.

    Subclasses override any of :meth:`forward_preprocess`, :meth:`forward_postprocess`,
    :meth:`added` and :meth:`deleted`.  A hook is attached either to one link with
    :meth:`chainer.Link.add_hook`, or to every link called in the current thread while a
    ``with hook:`` block runs; in the latter case the link passed to :meth:`added` and
    :meth:`deleted` is ``None``.  Thread-wide hooks run before the link's own hooks.

    Attributes:
        name (str): Default registration key of the hook.
    """

    name = 'LinkHook'

    def __enter__(self):
        registry = _get_link_hooks()
        if self.name in registry:
            raise KeyError('hook %s already exists' % self.name)
        registry[self.name] = self
        self.added(None)
        return self

    def __exit__(self, *exc_info):
        registry = _get_link_hooks()
        registry[self.name].deleted(None)
        del registry[self.name]

    def added(self, link):
        """Called once the hook has been registered.

        Args:
            link (~chainer.Link): The link it was attached to, or ``None`` for a thread-wide
                registration.
        """

    def deleted(self, link):
        """Called when the hook is unregistered.

        Args:
            link (~chainer.Link): The link it was detached from, or ``None`` for a
                thread-wide registration.
        """

    def forward_preprocess(self, args):
        """Called just before the forward method of a link runs.

        Args:
            args: Record with the fields ``link``, ``forward_name``, ``args`` and ``kwargs``.
        """

    def forward_postprocess(self, args):
        """Called right after the forward method of a link returned.

        Args:
            args: Record with the fields ``link``, ``forward_name``, ``args``, ``kwargs`` and
                ``out``.
        """
