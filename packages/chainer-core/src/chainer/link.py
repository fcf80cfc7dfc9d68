"""Links: the building blocks of models (``Link``, ``Chain`` and ``ChainList``).

A link owns *parameters* (:class:`~chainer.Parameter` attributes registered inside
:meth:`Link.init_scope`) and *persistent values* (registered with :meth:`Link.add_persistent`
or :meth:`Link.register_persistent`).  :class:`Chain` and :class:`ChainList` additionally own
child links, addressed by name or by position.  Every hierarchy walk (parameters, links,
serialization, device transfer, copies) goes through :meth:`Link._child_items`, which plain
links leave empty.
"""
import collections
import collections.abc
import contextlib
import copy
import warnings

import numpy

import chainer
from chainer import backend
from chainer import device_resident
from chainer import initializers
from chainer.initializer import _get_array_types
from chainer import link_hook
from chainer import variable

_COPY_MODES = ('init', 'copy', 'share')


def _check_copy_mode(mode):
    if mode not in _COPY_MODES:
        raise ValueError(
            "Unknown copy mode {!r}: expected one of 'init', 'copy' or 'share'.".format(mode))


def _looks_like_shape(value):
    # A shape is None, an integer, or a sequence of integers.
    if value is None:
        return True
    items = value if isinstance(value, collections.abc.Sequence) else (value,)
    try:
        for item in items:
            int(item)
    except TypeError:
        return False
    return True


def _shape_and_dtype(spec):
    # v1-style ``Link(name=spec)``: ``spec`` is a shape or a ``(shape, dtype)`` pair.
    if _looks_like_shape(spec):
        return spec, numpy.float32
    shape, dtype = spec
    return shape, dtype


def _render_entries(owner, entries):
    """Formats ``Owner(\\n  (key): child,\\n  ...)`` with nested lines indented."""
    lines = []
    for key, text in entries:
        for line in '({}): {},'.format(key, text).splitlines():
            lines.append('  ' + line + '\n')
    body = ''.join(lines)
    if body:
        body = '\n' + body
    return '{}({})'.format(type(owner).__name__, body)


# type -> ``__call__`` of a class placed after Link in the MRO (None when there is none)
_injected_calls = {}
_NOT_LOOKED_UP = object()


def _injected_call(cls):
    try:
        return _injected_calls[cls]
    except KeyError:
        pass
    found = None
    mro = cls.__mro__
    for klass in mro[mro.index(Link) + 1:]:
        found = klass.__dict__.get('__call__')
        if found is not None:
            break
    _injected_calls[cls] = found
    return found


class Link(device_resident.DeviceResident):
    """Base class of model components that own parameters.

    Parameters are declared by assigning :class:`~chainer.Parameter` objects to attributes
    within :meth:`init_scope`; other state that must be saved and moved between devices is
    declared as persistent values.  Calling a link runs :meth:`forward` (implemented by
    subclasses) surrounded by the registered link hooks::

        class Affine(chainer.Link):

            def __init__(self, n_in, n_out):
                super().__init__()
                with self.init_scope():
                    self.W = chainer.Parameter(initializers.Normal(), (n_out, n_in))
                    self.b = chainer.Parameter(0, (n_out,))

            def forward(self, x):
                return F.linear(x, self.W, self.b)

    Args:
        params: Legacy (v1) parameter declarations: each keyword names a parameter whose
            value is a shape, or a ``(shape, dtype)`` pair (float32 by default).  The
            parameters are filled with NaN.

    Attributes:
        name (str): Name given to this link by its parent (``None`` for a root link).
    """

    _local_link_hooks = None
    _link_ready = False  # becomes True in __init__; guards against a missing super() call

    def __init__(self, **params):
        super().__init__()
        self._params = set()
        self._persistent = set()
        self._within_init_scope = False
        self.name = None
        self._link_ready = True
        for name, spec in params.items():
            shape, dtype = _shape_and_dtype(spec)
            self.add_param(name, shape, dtype=dtype)

    def _require_ready(self):
        if not self._link_ready:
            raise RuntimeError(
                'Link.__init__() has not been called: call super().__init__() in the '
                'constructor of {}.'.format(type(self).__name__))

    def __str__(self):
        specs = ', '.join('{}={}'.format(key, value) for key, value in self.printable_specs)
        return '{}({})'.format(type(self).__name__, specs)

    # --- hooks -------------------------------------------------------------------------------

    @property
    def local_link_hooks(self):
        """Ordered dict of the hooks registered to this link only (name -> hook)."""
        hooks = self._local_link_hooks
        if hooks is None:
            hooks = self._local_link_hooks = collections.OrderedDict()
        return hooks

    def add_hook(self, hook, name=None):
        """Registers a :class:`~chainer.LinkHook` to this link.

        Args:
            hook (~chainer.LinkHook): The hook.
            name (str): Registration key; ``hook.name`` when omitted.  It must not be in use.

        Returns:
            This link.
        """
        if not isinstance(hook, link_hook.LinkHook):
            raise TypeError('Hook must be of type LinkHook')
        key = hook.name if name is None else name
        hooks = self.local_link_hooks
        if key in hooks:
            raise KeyError('Hook %s already exists' % key)
        hooks[key] = hook
        hook.added(self)
        return self

    def delete_hook(self, name):
        """Unregisters the local link hook registered under ``name``.

        Args:
            name (str): Registration key of the hook.
        """
        hooks = self.local_link_hooks
        if name not in hooks:
            raise KeyError('Hook %s does not exist' % name)
        hooks[name].deleted(self)
        del hooks[name]

    def __call__(self, *args, **kwargs):
        if not self._link_ready:
            self._require_ready()
        cls = type(self)
        # A ``__call__`` brought in by a mixin listed after Link wins over ``forward`` (v7).
        injected = _injected_calls.get(cls, _NOT_LOOKED_UP)
        if injected is _NOT_LOOKED_UP:
            injected = _injected_call(cls)
        run = self.forward if injected is None else injected.__get__(self, cls)

        global_hooks = link_hook._thread_local.link_hooks
        own_hooks = self._local_link_hooks
        if not global_hooks and not own_hooks:
            return run(*args, **kwargs)
        if own_hooks:
            merged = collections.OrderedDict(global_hooks)
            merged.update(own_hooks)
            hooks = list(merged.values())
        else:
            hooks = list(global_hooks.values())

        before = link_hook._ForwardPreprocessCallbackArgs(self, 'forward', args, kwargs)
        for hook in hooks:
            hook.forward_preprocess(before)
        out = run(*args, **kwargs)
        after = link_hook._ForwardPostprocessCallbackArgs(self, 'forward', args, kwargs, out)
        for hook in hooks:
            hook.forward_postprocess(after)
        return out

    # --- registration ------------------------------------------------------------------------

    @property
    def _device_id(self):
        warnings.warn(
            'Link._device_id is deprecated and kept only for backward compatibility; '
            'use Link.device instead.', DeprecationWarning)
        device = self.device
        if device.xp.__name__ == 'cupy':
            return device.device.id
        return None

    @property
    def within_init_scope(self):
        """Whether attribute assignments are currently registered (inside :meth:`init_scope`)."""
        return getattr(self, '_within_init_scope', False)

    @contextlib.contextmanager
    def init_scope(self):
        """Context manager inside which assigned parameters (and child links) are registered.

        Scopes may be nested; the previous state is restored on exit.
        """
        self._require_ready()
        saved = self.within_init_scope
        self._within_init_scope = True
        try:
            yield
        finally:
            self._within_init_scope = saved

    def __setattr__(self, name, value):
        if isinstance(value, variable.Parameter) and self.within_init_scope:
            value.name = name
            self._persistent.discard(name)
            self._params.add(name)
        super().__setattr__(name, value)

    def __delattr__(self, name):
        self._persistent.discard(name)
        self._params.discard(name)
        super().__delattr__(name)

    def add_param(self, name, shape=None, dtype=numpy.float32, initializer=None):
        """Creates a parameter and registers it as the attribute ``name``.

        Args:
            name (str): Attribute name of the new parameter (must not exist yet).
            shape (int or tuple of ints): Shape of the parameter; ``None`` leaves it
                uninitialized until it is initialized explicitly.
            dtype: Data type used when no initializer is given (the data is filled with NaN).
            initializer: Initializer, array or scalar used to fill the data; it decides the
                dtype by itself.
        """
        if name in self.__dict__:
            raise AttributeError(
                'cannot register a new parameter %s: attribute exists' % name)
        if initializer is None:
            initializer = initializers.NaN(dtype)
        with self.init_scope():
            setattr(self, name, variable.Parameter(initializer, shape))

    def add_persistent(self, name, value):
        """Stores ``value`` as the new attribute ``name`` and registers it as persistent.

        Persistent values are serialized, copied by :meth:`copyparams` and (when they are
        arrays) moved with the link between devices.

        Args:
            name (str): Attribute name (must not exist yet).
            value: The value.
        """
        attrs = self.__dict__
        if name in attrs:
            raise AttributeError(
                'cannot register a new persistent value %s: attribute exists' % name)
        self._params.discard(name)
        self._persistent.add(name)
        attrs[name] = value

    def register_persistent(self, name):
        """Marks the existing attribute ``name`` as a persistent value.

        A parameter of that name stops being treated as a parameter.

        Args:
            name (str): Name of an existing attribute.
        """
        if not hasattr(self, name):
            raise AttributeError(
                'cannot register non-existent attribute %s as a persistent value' % name)
        self._params.discard(name)
        self._persistent.add(name)

    # --- hierarchy ---------------------------------------------------------------------------

    def _child_items(self):
        """Yields ``(name, child link)`` pairs in traversal order (none for a plain link)."""
        return ()

    def _child_named(self, name):
        """Returns the child link registered under ``name``."""
        raise KeyError(name)

    def _own_params(self, include_uninit):
        attrs = self.__dict__
        for name in sorted(self._params):
            param = attrs[name]
            if include_uninit or param.array is not None:
                yield name, param

    def params(self, include_uninit=True):
        """Iterates over the parameters of this link and of all its descendants.

        Args:
            include_uninit (bool): Whether uninitialized parameters are included.
        """
        # Collected into a list in one recursive pass (optimizers and ``cleargrads`` walk
        # the hierarchy at every iteration; nested generators cost more).
        out = []
        self._collect_params(out, include_uninit)
        return iter(out)

    def _collect_params(self, out, include_uninit):
        # Appends what ``params(include_uninit)`` yields to ``out``; a descendant whose
        # class overrides ``params`` is asked through it.
        names = self._params
        if names:
            attrs = self.__dict__
            for name in sorted(names) if len(names) > 1 else names:
                param = attrs[name]
                if include_uninit or param.array is not None:
                    out.append(param)
        for _, child in self._child_items():
            if type(child).params is _link_params:
                child._collect_params(out, include_uninit)
            else:
                out.extend(child.params(include_uninit))

    def namedparams(self, include_uninit=True):
        """Iterates over ``(path, parameter)`` pairs of the hierarchy.

        Paths are relative to this link, e.g. ``'/W'`` or ``'/layer1/b'``.

        Args:
            include_uninit (bool): Whether uninitialized parameters are included.
        """
        for name, param in self._own_params(include_uninit):
            yield '/' + name, param
        for name, child in self._child_items():
            head = '/' + name
            for path, param in child.namedparams(include_uninit):
                yield head + path, param

    def links(self, skipself=False):
        """Iterates over this link (unless ``skipself``) and all its descendants."""
        if not skipself:
            yield self
        for _, child in self._child_items():
            yield from child.links()

    def namedlinks(self, skipself=False):
        """Iterates over ``(path, link)`` pairs of the hierarchy; this link's path is ``'/'``.

        Args:
            skipself (bool): Whether to leave this link out.
        """
        if not skipself:
            yield '/', self
        for name, child in self._child_items():
            head = '/' + name
            yield head, child
            for path, link in child.namedlinks(True):
                yield head + path, link

    def children(self):
        """Iterates over the direct child links."""
        for _, child in self._child_items():
            yield child

    def device_resident_accept(self, visitor):
        super().device_resident_accept(visitor)
        attrs = self.__dict__
        for name in self._params:
            visitor.visit_variable(attrs[name])
        array_types = _get_array_types()
        for name in self._persistent:
            value = attrs[name]
            if isinstance(value, array_types):
                attrs[name] = visitor.visit_array(value)
        for _, child in self._child_items():
            child.device_resident_accept(visitor)

    # --- copies ------------------------------------------------------------------------------

    def copy(self, mode='share'):
        """Returns a copy of the hierarchy rooted at this link; the copy is unnamed.

        Args:
            mode (str): ``'share'`` makes new parameter objects that share the data arrays of
                the originals (without gradients); ``'copy'`` deep-copies all parameters and
                persistent values; ``'init'`` deep-copies and then re-initializes every
                initialized parameter with its initializer.

        Returns:
            Link: The copy.
        """
        _check_copy_mode(mode)
        if mode == 'share':
            dup = copy.copy(self)
            dup._params = set(self._params)
            dup._persistent = set(self._persistent)
            attrs = dup.__dict__
            for name in dup._params:
                param = copy.copy(attrs[name])
                param.grad = None
                attrs[name] = param
        else:
            dup = copy.deepcopy(self)
            if mode == 'init':
                for _, param in dup._own_params(False):
                    param.initialize(param.shape)
        dup.name = None
        dup._copy_children(mode)
        return dup

    def _copy_children(self, mode):
        """Replaces the children of a fresh copy with their own copies (``mode`` as in copy)."""
        pass

    def copyparams(self, link, copy_persistent=True):
        """Copies parameter data (and persistent values) of ``link`` into this hierarchy.

        Data are copied in place, across devices if needed; gradients are not copied.
        Persistent arrays are copied elementwise, other persistent values are deep-copied.

        Args:
            link (Link): Source link with the same structure.
            copy_persistent (bool): Whether to copy persistent values too.
        """
        src = link.__dict__
        dst = self.__dict__
        for name in self._params:
            dst[name].copydata(src[name])
        if copy_persistent:
            array_types = _get_array_types()
            for name in self._persistent:
                mine, theirs = dst[name], src[name]
                if isinstance(mine, array_types) and isinstance(theirs, array_types):
                    backend.copyto(mine, theirs)
                else:
                    dst[name] = copy.deepcopy(theirs)
        for name, child in self._child_items():
            child.copyparams(link._child_named(name), copy_persistent)

    # --- gradients and updates ---------------------------------------------------------------

    def cleargrads(self):
        """Sets the gradient of every parameter in the hierarchy to ``None``."""
        for param in self.params():
            param.cleargrad()

    def zerograds(self):
        """Fills the gradients with zeros (deprecated: use :meth:`cleargrads`)."""
        warnings.warn(
            'Link.zerograds is deprecated. Use Link.cleargrads instead.', DeprecationWarning)
        for param in self.params():
            param.zerograd()

    def addgrads(self, link):
        """Adds the gradients of ``link`` (same structure, any device) to this hierarchy's."""
        src = link.__dict__
        dst = self.__dict__
        for name in self._params:
            dst[name].addgrad(src[name])
        for name, child in self._child_items():
            child.addgrads(link._child_named(name))

    def _set_update_enabled(self, flag):
        for param in self.params():
            rule = param.update_rule
            if rule is not None:
                rule.enabled = flag

    def enable_update(self):
        """Turns on the update rules of all parameters in the hierarchy."""
        self._set_update_enabled(True)

    def disable_update(self):
        """Turns off the update rules of all parameters in the hierarchy."""
        self._set_update_enabled(False)

    @property
    def update_enabled(self):
        """``True`` if some parameter of the hierarchy has an enabled update rule."""
        return any(param.update_rule is not None and param.update_rule.enabled
                   for param in self.params())

    # --- serialization and misc --------------------------------------------------------------

    def serialize(self, serializer):
        """Saves or loads parameters, persistent values and children with ``serializer``.

        When loading data into an uninitialized parameter, the parameter is initialized with
        the shape of the loaded array first.

        Args:
            serializer (~chainer.AbstractSerializer): Serializer or deserializer.
        """
        attrs = self.__dict__
        for name in self._params:
            param = attrs[name]
            loaded = serializer(name, param.array)
            if loaded is not None and param.array is None:
                param.initialize(loaded.shape)
                with chainer.using_device(param.device):
                    param.array[...] = param.device.send(loaded)
        for name in self._persistent:
            attrs[name] = serializer(name, attrs[name])
        for name, child in self._child_items():
            child.serialize(serializer[name])

    @classmethod
    def from_params(cls, *args, **kwargs):
        """Builds the link from given arrays (its parameters) and constants.

        Links that support it (e.g. :class:`~chainer.links.Linear`,
        :class:`~chainer.links.Convolution2D`) override this classmethod; the others raise
        :class:`NotImplementedError`, as in Chainer v7.
        """
        raise NotImplementedError('This link does not implement `from_params`.')

    def repeat(self, n_repeat, mode='init'):
        """Builds a :class:`~chainer.Sequential` of ``n_repeat`` copies of this link.

        Args:
            n_repeat (int): Number of copies (an empty Sequential when not positive).
            mode (str): Copy mode of each copy (see :meth:`copy`); ``'init'`` by default.

        Returns:
            ~chainer.Sequential: The stacked copies.
        """
        from chainer import sequential
        stacked = sequential.Sequential()
        if n_repeat > 0:
            _check_copy_mode(mode)
            for _ in range(n_repeat):
                stacked.append(self.copy(mode))
        return stacked

    def count_params(self):
        """Returns the number of scalar parameter entries in the hierarchy.

        Uninitialized parameters are skipped with a warning.
        """
        total = 0
        for path, param in self.namedparams():
            if param.array is None:
                warnings.warn(
                    "Parameter '{}' has not been initialized, so the resulting count will "
                    'not include the number of parameters in it.'.format(path))
            else:
                total += param.size
        return total

    @property
    def printable_specs(self):
        """Iterator of ``(keyword, value)`` pairs shown by :meth:`__str__`.

        Subclasses yield their constructor arguments here; a plain link has none.
        """
        return iter(())


_link_params = Link.params


class Chain(Link):
    """Link that holds named child links (object-like composition).

    Children are registered by assigning links to attributes inside :meth:`init_scope` (or
    with :meth:`add_link`); their paths in the hierarchy are ``'/<attribute name>'``::

        class MLP(chainer.Chain):

            def __init__(self):
                super().__init__()
                with self.init_scope():
                    self.hidden = L.Linear(None, 100)
                    self.out = L.Linear(100, 10)

            def forward(self, x):
                return self.out(F.relu(self.hidden(x)))

    Args:
        links: Initial children, by name.
    """

    def __init__(self, **links):
        super().__init__()
        self._children = set()
        for name, link in links.items():
            self.add_link(name, link)

    def __str__(self):
        return _render_entries(self, [(child.name, str(child)) for child in self.children()])

    def __getitem__(self, name):
        """Returns the attribute ``name`` (usually a child link)."""
        return getattr(self, name)

    def __setattr__(self, name, value):
        if isinstance(value, Link) and self.within_init_scope:
            if hasattr(self, name):
                raise AttributeError(
                    'cannot register a new link %s: attribute exists' % name)
            value.name = name
            self._children.add(name)
        super().__setattr__(name, value)

    def __delattr__(self, name):
        self._children.discard(name)
        super().__delattr__(name)

    def add_link(self, name, link):
        """Registers ``link`` as the child (and attribute) ``name``.

        Args:
            name (str): Attribute name (must not exist yet).
            link (Link): The child.
        """
        if name in self.__dict__:
            raise AttributeError(
                'cannot register a new link %s: attribute exists' % name)
        if not isinstance(link, Link):
            raise TypeError('cannot register a non-link object as a child')
        with self.init_scope():
            setattr(self, name, link)

    def _child_items(self):
        attrs = self.__dict__
        return [(name, attrs[name]) for name in sorted(self._children)]

    def _child_named(self, name):
        return self.__dict__[name]

    def _copy_children(self, mode):
        names = set(self._children)
        self._children = names
        attrs = self.__dict__
        for name in names:
            dup = attrs[name].copy(mode)
            dup.name = name
            attrs[name] = dup


class _NotALinkError(TypeError, AttributeError):
    """A ChainList was given a child that is not a link.

    Also an :class:`AttributeError`, which is what Chainer v7 raises there.
    """


class ChainList(Link, collections.abc.MutableSequence):
    """Link that holds a list of child links (list-like composition).

    Children are indexed by position and named ``'0'``, ``'1'``, ... accordingly; they are
    added with :meth:`add_link` / :meth:`append` and support the usual list operations.
    Useful for models with a variable number of similar layers.

    Args:
        links: Initial children, in order.
    """

    def __init__(self, *links):
        super().__init__()
        self._children = []
        for link in links:
            self.add_link(link)

    def __str__(self):
        return _render_entries(self, [(i, str(c)) for i, c in enumerate(self._children)])

    def __setattr__(self, name, value):
        if isinstance(value, Link) and self.within_init_scope:
            raise TypeError(
                'cannot register a new link within a "with chainlist.init_scope():" block.')
        super().__setattr__(name, value)

    def _renumber_children(self):
        for index, child in enumerate(self._children):
            child.name = str(index)

    @staticmethod
    def _check_link(value):
        if not isinstance(value, Link):
            raise _NotALinkError(
                'a child of a ChainList must be a Link, but is {}'.format(type(value)))

    def __getitem__(self, index):
        """Returns the child (or a list of children for a slice) at ``index``."""
        return self._children[index]

    def __setitem__(self, index, value):
        if isinstance(index, slice):
            new_links = list(value)
            for link in new_links:
                self._check_link(link)
            self._children[index] = new_links
            self._renumber_children()
        else:
            self._check_link(value)
            self._children[index] = value
            value.name = str(index % len(self._children))

    def __delitem__(self, index):
        del self._children[index]
        self._renumber_children()

    def __iter__(self):
        return iter(self._children)

    def __len__(self):
        """Returns the number of children."""
        return len(self._children)

    def insert(self, index, link):
        """Inserts the child ``link`` before position ``index``."""
        self._check_link(link)
        children = self._children
        if index == len(children):
            link.name = str(index)
            children.append(link)
        else:
            children.insert(index, link)
            self._renumber_children()

    def add_link(self, link):
        """Appends ``link`` as the last child."""
        self.append(link)

    def _child_items(self):
        return [(str(i), child) for i, child in enumerate(self._children)]

    def _child_named(self, name):
        return self._children[int(name)]

    def _copy_children(self, mode):
        copies = [child.copy(mode) for child in self._children]
        self._children = copies
        self._renumber_children()
