"""Links: the building blocks of models (``Link``, ``Chain`` and ``ChainList``)."""
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


def _is_shape(value):
    if value is None:
        return True
    elif isinstance(value, collections.abc.Sequence):
        try:
            return all(int(x) is not None for x in value)
        except TypeError:
            return False
    try:
        int(value)
        return True
    except TypeError:
        return False


def _ensure_shape_dtype(value):
    # ``Link(name=shape)`` or ``Link(name=(shape, dtype))``.
    if _is_shape(value):
        return value, numpy.float32
    return value


_MISSING = object()
_mixin_call_by_type = {}


def _find_mixin_call(cls):
    # The ``__call__`` defined by a class after Link in the MRO of ``cls`` (or None).
    mro = cls.__mro__
    call = None
    for klass in mro[mro.index(Link) + 1:]:
        if '__call__' in klass.__dict__:
            call = klass.__dict__['__call__']
            break
    _mixin_call_by_type[cls] = call
    return call


class Link(device_resident.DeviceResident):
    """Building block of model definitions.

    Link is a building block of neural network models that support various features like
    handling parameters, defining network fragments, serialization, etc.

    Parameters (:class:`~chainer.Parameter`) are registered by assigning them to attributes
    inside :meth:`init_scope`::

        class LinearLayer(chainer.Link):

            def __init__(self, n_in, n_out):
                super().__init__()
                with self.init_scope():
                    self.W = chainer.Parameter(
                        initializers.Normal(), (n_out, n_in))
                    self.b = chainer.Parameter(
                        initializers.Zero(), (n_out,))

            def forward(self, x):
                return F.linear(x, self.W, self.b)

    Persistent values (arrays, scalars or other serializable values that are not parameters)
    are registered with :meth:`add_persistent` or :meth:`register_persistent`.  Only
    parameters and persistent values are serialized and moved between devices.

    The forward computation is written in :meth:`forward`; calling the link dispatches to it
    and runs the registered link hooks.

    Args:
        params: Names, shapes, and optional dtypes of initial parameters.  The keywords are
            used as the parameter names and the corresponding values consist either of the
            shape or a tuple of shape and a dtype ``(shape, dtype)``.  If only the shape is
            supplied, the default dtype will be used.

    Attributes:
        name (str): Name of this link, given by the parent chain (if exists).
    """

    _local_link_hooks = None
    __init_done = False

    def __init__(self, **params):
        super().__init__()
        self._params = set()
        self._persistent = set()
        self._within_init_scope = False
        self.name = None
        self.__init_done = True

        for name, value in params.items():
            shape, dtype = _ensure_shape_dtype(value)
            self.add_param(name, shape, dtype=dtype)

    def __check_init_done(self):
        if not self.__init_done:
            raise RuntimeError('Link.__init__() has not been called.')

    def __str__(self):
        specs = ', '.join('{}={}'.format(k, v) for k, v in self.printable_specs)
        return '{cls}({specs})'.format(cls=self.__class__.__name__, specs=specs)

    @property
    def local_link_hooks(self):
        """Ordered dictionary of registered link hooks.

        Contrary to ``chainer.thread_local.link_hooks``, which registers its elements to all
        functions, link hooks in this property are specific to this link.
        """
        if self._local_link_hooks is None:
            self._local_link_hooks = collections.OrderedDict()
        return self._local_link_hooks

    @property
    def _n_local_link_hooks(self):
        return 0 if self._local_link_hooks is None else len(self._local_link_hooks)

    @property
    def _device_id(self):
        warnings.warn(
            'Link._device_id is left only for backward compatibility and '
            'likely to be removed. Use Link.device instead.',
            DeprecationWarning)
        device = self.device
        if device.xp.__name__ == 'cupy':
            return device.device.id
        return None

    @property
    def within_init_scope(self):
        """True if the current code is inside of an initialization scope.

        See :meth:`init_scope` for the details of the initialization scope.
        """
        return getattr(self, '_within_init_scope', False)

    @contextlib.contextmanager
    def init_scope(self):
        """Creates an initialization scope.

        This method returns a context manager object that enables registration of parameters
        (and links for :class:`~chainer.Chain`) by an assignment.  A
        :class:`~chainer.Parameter` object can be automatically registered by assigning it to
        an attribute under this context manager.
        """
        self.__check_init_done()
        old_flag = self.within_init_scope
        self._within_init_scope = True
        try:
            yield
        finally:
            self._within_init_scope = old_flag

    def __call__(self, *args, **kwargs):
        if not self.__init_done:
            raise RuntimeError('Link.__init__() has not been called.')

        # A ``__call__`` injected by a mixin class that follows Link in the MRO is preferred
        # over ``forward`` (backward compatibility).
        cls = type(self)
        mixin_call = _mixin_call_by_type.get(cls, _MISSING)
        if mixin_call is _MISSING:
            mixin_call = _find_mixin_call(cls)
        forward = self.forward if mixin_call is None else mixin_call.__get__(self, cls)

        global_hooks = link_hook._thread_local.link_hooks
        local_hooks = self._local_link_hooks
        if not global_hooks and not local_hooks:
            return forward(*args, **kwargs)

        if local_hooks:
            hooks = collections.OrderedDict(global_hooks)
            hooks.update(local_hooks)
        else:
            hooks = global_hooks
        hooks = tuple(hooks.values())

        pre_cb_args = link_hook._ForwardPreprocessCallbackArgs(
            self, 'forward', args, kwargs)
        for hook in hooks:
            hook.forward_preprocess(pre_cb_args)

        out = forward(*args, **kwargs)

        post_cb_args = link_hook._ForwardPostprocessCallbackArgs(
            self, 'forward', args, kwargs, out)
        for hook in hooks:
            hook.forward_postprocess(post_cb_args)

        return out

    def __setattr__(self, name, value):
        if self.within_init_scope and isinstance(value, variable.Parameter):
            value.name = name
            self._params.add(name)
            self._persistent.discard(name)
        super().__setattr__(name, value)

    def __delattr__(self, name):
        self._params.discard(name)
        self._persistent.discard(name)
        super().__delattr__(name)

    def add_param(self, name, shape=None, dtype=numpy.float32, initializer=None):
        """Registers a parameter to the link.

        Args:
            name (str): Name of the parameter.  This name is also used as the attribute name.
            shape (int or tuple of ints): Shape of the parameter array.  If it is omitted, the
                parameter variable is left uninitialized.
            dtype: Data type of the parameter array.
            initializer (:ref:`initializer <initializer>`): If it is not ``None``, the data
                is initialized with the given initializer.  If it is an array, the data is
                directly initialized by it.  If it is callable, it is used as a weight
                initializer.  Note that in these cases, ``dtype`` argument is ignored.  It can
                also be a scalar, in which case the data array will be filled by this scalar.
                Note that float32 is used in this case.
        """
        if name in self.__dict__:
            raise AttributeError(
                'cannot register a new parameter %s: attribute exists'
                % name)
        if initializer is None:
            initializer = initializers.NaN(dtype)
        param = variable.Parameter(initializer, shape)
        with self.init_scope():
            setattr(self, name, param)

    def add_persistent(self, name, value):
        """Registers a persistent value to the link.

        The registered value is saved and loaded on serialization and deserialization.  The
        value is set to an attribute of the link.

        Args:
            name (str): Name of the persistent value.  This name is also used for the attribute
                name.
            value: Value to be registered.
        """
        d = self.__dict__
        if name in d:
            raise AttributeError(
                'cannot register a new persistent value %s: attribute exists'
                % name)
        self._persistent.add(name)
        self._params.discard(name)
        d[name] = value

    def register_persistent(self, name):
        """Registers an attribute of a given name as a persistent value.

        This is a convenient method to register an existing attribute as a persistent value.
        If ``name`` has been already registered as a parameter, this method removes it from
        the list of parameter names and re-registers it as a persistent value.

        Args:
            name (str): Name of the attribute to be registered.
        """
        if not hasattr(self, name):
            raise AttributeError(
                'cannot register non-existent attribute %s as a persistent '
                'value' % name)
        self._persistent.add(name)
        self._params.discard(name)

    def copy(self, mode='share'):
        """Copies the link hierarchy to new one.

        The whole hierarchy rooted by this link is copied.  There are three modes to perform
        copy:

        - ``'share'``: the parameter variables are copied (new objects) but they share the
          data arrays with the original ones; gradients are not shared (set to ``None``).
        - ``'copy'``: all parameters and persistent values are deeply copied.
        - ``'init'``: as ``'copy'``, then every initialized parameter is re-initialized by its
          initializer.

        The name of the copied link is reset to ``None``.

        Args:
            mode (str): ``'share'``, ``'copy'`` or ``'init'``.

        Returns:
            Link: Copied link object.
        """
        if mode == 'share':
            ret = copy.copy(self)
            ret._params = set(self._params)
            ret._persistent = set(self._persistent)
            ret.name = None
            d = ret.__dict__
            for name in ret._params:
                d[name] = copy.copy(d[name])
                d[name].grad = None
            return ret
        elif mode == 'copy':
            ret = copy.deepcopy(self)
            ret.name = None
            return ret
        elif mode == 'init':
            ret = copy.deepcopy(self)
            ret.name = None
            for param in ret.params(include_uninit=False):
                param.initialize(param.shape)
            return ret
        else:
            raise ValueError(
                'The \'mode\' argument should be either \'init\','
                '\'copy\', or \'share\'. But {} was given.'.format(mode))

    def device_resident_accept(self, visitor):
        super().device_resident_accept(visitor)
        d = self.__dict__
        for name in self._params:
            visitor.visit_variable(d[name])
        array_types = _get_array_types()
        for name in self._persistent:
            x = d[name]
            if isinstance(x, array_types):
                d[name] = visitor.visit_array(x)

    def params(self, include_uninit=True):
        """Returns a generator of all parameters under the link hierarchy.

        Args:
            include_uninit (bool): If ``True``, it also generates uninitialized parameters.

        Returns:
            A generator object that generates all parameters.
        """
        d = self.__dict__
        for name in sorted(self._params):
            if include_uninit or d[name].array is not None:
                yield d[name]

    def namedparams(self, include_uninit=True):
        """Returns a generator of all (path, param) pairs under the hierarchy.

        Args:
            include_uninit (bool): If ``True``, it also generates uninitialized parameters.

        Returns:
            A generator object that generates all (path, parameter) pairs.  The paths are
            relative from this link.
        """
        d = self.__dict__
        for name in sorted(self._params):
            if include_uninit or d[name].array is not None:
                yield '/' + name, d[name]

    def links(self, skipself=False):
        """Returns a generator of all links under the hierarchy.

        Args:
            skipself (bool): If ``True``, then the generator skips this link and starts with
                the first child link.

        Returns:
            A generator object that generates all links.
        """
        if not skipself:
            yield self

    def namedlinks(self, skipself=False):
        """Returns a generator of all (path, link) pairs under the hierarchy.

        Args:
            skipself (bool): If ``True``, then the generator skips this link and starts with
                the first child link.

        Returns:
            A generator object that generates all (path, link) pairs.
        """
        if not skipself:
            yield '/', self

    def children(self):
        """Returns a generator of all child links.

        Returns:
            A generator object that generates all child links.
        """
        return iter(())

    def copyparams(self, link, copy_persistent=True):
        """Copies all parameters from given link.

        This method copies data arrays of all parameters in the hierarchy.  The copy is even
        done across the host and devices.  Note that this method does not copy the gradient
        arrays.

        *From v5.0.0:* this method also copies the persistent values (e.g. the moving
        statistics of :class:`~chainer.links.BatchNormalization`).  If the persistent value is
        an ndarray, the elements are copied.  Otherwise, it is copied using
        :func:`copy.deepcopy`.

        Args:
            link (Link): Source link object.
            copy_persistent (bool): If ``True``, persistent values are also copied.
        """
        src = link.__dict__
        dst = self.__dict__
        for name in self._params:
            dst[name].copydata(src[name])
        if copy_persistent:
            array_types = _get_array_types()
            for name in self._persistent:
                d = dst[name]
                s = src[name]
                if isinstance(d, array_types) and isinstance(s, array_types):
                    backend.copyto(d, s)
                else:
                    dst[name] = copy.deepcopy(s)

    def cleargrads(self):
        """Clears all gradient arrays.

        This method should be called before the backward computation at every iteration of
        the optimization.
        """
        for param in self.params():
            param.cleargrad()

    def zerograds(self):
        """Initializes all gradient arrays by zero.

        .. deprecated:: v1.15
           Use the more efficient :meth:`cleargrads` instead.
        """
        warnings.warn(
            'Link.zerograds is deprecated. Use Link.cleargrads instead.',
            DeprecationWarning)
        for param in self.params():
            param.zerograd()

    def addgrads(self, link):
        """Accumulates gradient values from given link.

        This method adds each gradient array of the given link to corresponding gradient
        array of this link.  The accumulation is even done across host and different devices.

        Args:
            link (Link): Source link object.
        """
        src = link.__dict__
        dst = self.__dict__
        for name in self._params:
            dst[name].addgrad(src[name])

    def enable_update(self):
        """Enables update rules of all parameters under the link hierarchy.

        This method sets the :attr:`~chainer.UpdateRule.enabled` flag of the update rule of
        each parameter variable to ``True``.
        """
        for param in self.params():
            rule = param.update_rule
            if rule is not None:
                rule.enabled = True

    def disable_update(self):
        """Disables update rules of all parameters under the link hierarchy.

        This method sets the :attr:`~chainer.UpdateRule.enabled` flag of the update rule of
        each parameter variable to ``False``.
        """
        for param in self.params():
            rule = param.update_rule
            if rule is not None:
                rule.enabled = False

    @property
    def update_enabled(self):
        """``True`` if at least one parameter has an update rule enabled."""
        for param in self.params():
            rule = param.update_rule
            if rule is not None and rule.enabled:
                return True
        return False

    def serialize(self, serializer):
        """Serializes the link object.

        Args:
            serializer (~chainer.AbstractSerializer): Serializer object.
        """
        d = self.__dict__
        for name in self._params:
            param = d[name]
            data = serializer(name, param.data)
            if param.data is None and data is not None:
                # Initialize the parameter here
                param.initialize(data.shape)
                with chainer.using_device(param.device):
                    param.data[...] = param.device.send(data)
        for name in self._persistent:
            d[name] = serializer(name, d[name])

    def repeat(self, n_repeat, mode='init'):
        """Repeats this link multiple times to make a :class:`~chainer.Sequential`.

        This method returns a :class:`~chainer.Sequential` object which has the same
        :class:`~chainer.Link` multiple times repeatedly.  The ``mode`` argument means how to
        copy this link to repeat (see :meth:`copy`); the default ``'init'`` re-initializes
        the parameters of every copy.

        Args:
            n_repeat (int): Number of times to repeat.
            mode (str): It should be either ``init``, ``copy``, or ``share``.

        Returns:
            ~chainer.Sequential: A Sequential object which has copies of this link as layers.
        """
        from chainer import sequential
        ret = sequential.Sequential()
        if n_repeat <= 0:
            return ret
        if mode not in ['init', 'copy', 'share']:
            raise ValueError(
                'The \'mode\' argument should be either \'init\','
                '\'copy\', or \'share\'. But {} was given.'.format(mode))
        link = self
        for _ in range(n_repeat):
            ret.append(link.copy(mode))
        return ret

    def count_params(self):
        """Counts the total number of parameters.

        This method counts the total number of scalar values included in all the
        :class:`~chainer.Parameter`\\ s held by this link and its descendants.  If the link
        contains uninitialized parameters, this method raises a warning.

        Returns:
            The total size of parameters (int)
        """
        size = 0
        for name, param in self.namedparams():
            if param.array is None:
                warnings.warn(
                    'Parameter \'{}\' has not been initialized, so the '
                    'resulting count will not include the number of parameters'
                    ' in it.'.format(name))
                continue
            size += param.size
        return size

    def add_hook(self, hook, name=None):
        """Registers a link hook.

        Args:
            hook (~chainer.LinkHook): Link hook to be registered.
            name (str): Name of the link hook.  The name must be unique among link hooks
                registered to this link.  If ``None``, the default name of the link hook is
                used.

        Returns:
            self
        """
        if not isinstance(hook, link_hook.LinkHook):
            raise TypeError('Hook must be of type LinkHook')
        if name is None:
            name = hook.name
        hooks = self.local_link_hooks
        if name in hooks:
            raise KeyError('Hook %s already exists' % name)
        hooks[name] = hook
        hook.added(self)
        return self

    def delete_hook(self, name):
        """Unregisters the link hook.

        Args:
            name (str): The name of the link hook to be unregistered.
        """
        if name in self.local_link_hooks:
            self.local_link_hooks[name].deleted(self)
            del self.local_link_hooks[name]
        else:
            raise KeyError('Hook %s does not exist' % name)

    @property
    def printable_specs(self):
        """Generator of printable specs of this link.

        Yields:
            specs (tuple of str and object): Basically, it returns the arguments (pair of
            keyword and value) that are passed to the :meth:`__init__`.  This pair of key and
            value is used for representing this class or subclass with :meth:`__str__`.
        """
        return iter(())


class Chain(Link):
    """Composable link with object-like interface.

    Composability is one of the most important features of neural nets.  Neural net models
    consist of many reusable fragments, and each model itself might be embedded into a larger
    learnable system.  Chain enables us to write a neural net based on composition, without
    bothering about routine works like collecting parameters, serialization, copying the
    structure with parameters shared, etc.

    Child links are registered by assigning them to attributes inside :meth:`init_scope`::

        class MultiLayerPerceptron(chainer.Chain):

            def __init__(self, n_in, n_hidden, n_out):
                super().__init__()
                with self.init_scope():
                    self.layer1 = L.Linear(n_in, n_hidden)
                    self.layer2 = L.Linear(n_hidden, n_out)

            def forward(self, x):
                return self.layer2(F.relu(self.layer1(x)))

    Child links are addressed by ``/``-joined paths such as ``'/layer1/W'``.

    Args:
        links: Child links.  The keywords are used as their names.  The names are also set to
            the links.
    """

    def __init__(self, **links):
        super().__init__()
        self._children = set()

        for name, link in links.items():
            self.add_link(name, link)

    def __str__(self):
        reps = []
        for child in self.children():
            rep = '({name}): {rep},'.format(name=child.name, rep=str(child))
            # Add indentation to each line.
            for line in rep.splitlines():
                reps.append('  {line}\n'.format(line=line))
        reps = ''.join(reps)
        if reps:  # No newline with no children.
            reps = '\n' + reps
        return '{cls}({children})'.format(cls=self.__class__.__name__, children=reps)

    def __getitem__(self, name):
        """Equivalent to getattr."""
        return getattr(self, name)

    def __setattr__(self, name, value):
        if self.within_init_scope and isinstance(value, Link):
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
        """Registers a child link to this chain.

        Args:
            name (str): Name of the child link.  This name is also used as the attribute name.
            link (Link): The link object to be registered.
        """
        if name in self.__dict__:
            raise AttributeError(
                'cannot register a new link %s: attribute exists' % name)
        if not isinstance(link, Link):
            raise TypeError('cannot register a non-link object as a child')
        with self.init_scope():
            setattr(self, name, link)

    def copy(self, mode='share'):
        ret = super().copy(mode)
        ret._children = set(ret._children)
        d = ret.__dict__
        for name in ret._children:
            # copy child links recursively
            copied = d[name].copy(mode)
            copied.name = name
            d[name] = copied
        return ret

    def device_resident_accept(self, visitor):
        super().device_resident_accept(visitor)
        d = self.__dict__
        for name in self._children:
            d[name].device_resident_accept(visitor)

    def params(self, include_uninit=True):
        yield from super().params(include_uninit)
        d = self.__dict__
        for name in sorted(self._children):
            yield from d[name].params(include_uninit)

    def namedparams(self, include_uninit=True):
        yield from super().namedparams(include_uninit)
        d = self.__dict__
        for name in sorted(self._children):
            prefix = '/' + name
            for path, param in d[name].namedparams(include_uninit):
                yield prefix + path, param

    def links(self, skipself=False):
        if not skipself:
            yield self
        d = self.__dict__
        for name in sorted(self._children):
            yield from d[name].links()

    def namedlinks(self, skipself=False):
        if not skipself:
            yield '/', self
        d = self.__dict__
        for name in sorted(self._children):
            child = d[name]
            prefix = '/' + name
            yield prefix, child
            for path, link in child.namedlinks(True):
                yield prefix + path, link

    def children(self):
        d = self.__dict__
        for name in sorted(self._children):
            yield d[name]

    def copyparams(self, link, copy_persistent=True):
        super().copyparams(link, copy_persistent)
        src = link.__dict__
        dst = self.__dict__
        for name in self._children:
            dst[name].copyparams(src[name], copy_persistent)

    def addgrads(self, link):
        super().addgrads(link)
        src = link.__dict__
        dst = self.__dict__
        for name in self._children:
            dst[name].addgrads(src[name])

    def serialize(self, serializer):
        super().serialize(serializer)
        d = self.__dict__
        for name in self._children:
            d[name].serialize(serializer[name])


class ChainList(Link, collections.abc.MutableSequence):
    """Composable link with list-like interface.

    This is another example of compositional link.  Unlike :class:`Chain`, this class can be
    used like a list of child links.  Each child link is indexed by a non-negative integer,
    and it maintains the current number of registered child links.  The :meth:`add_link`
    method inserts a new link at the end of the list.  It is useful to write a chain with
    arbitrary number of child links, e.g. an arbitrarily deep multi-layer perceptron.

    Child links are named ``'0'``, ``'1'``, ... after their positions, and addressed by paths
    such as ``'/0/W'``.

    Args:
        links: Initial child links.
    """

    def __init__(self, *links):
        super().__init__()
        self._children = []

        for link in links:
            self.add_link(link)

    def __str__(self):
        reps = []
        for index, child in enumerate(self._children):
            rep = '({index}): {rep},'.format(index=index, rep=str(child))
            # Add indentation to each line.
            for line in rep.splitlines():
                reps.append('  {line}\n'.format(line=line))
        reps = ''.join(reps)
        if reps:  # No newline with no children.
            reps = '\n' + reps
        return '{cls}({children})'.format(cls=self.__class__.__name__, children=reps)

    def __setattr__(self, name, value):
        if self.within_init_scope and isinstance(value, Link):
            raise TypeError(
                'cannot register a new link'
                ' within a "with chainlist.init_scope():" block.')
        super().__setattr__(name, value)

    def __setitem__(self, index, value):
        if isinstance(index, slice):
            links = list(value)
            for link in links:
                if not isinstance(link, Link):
                    raise TypeError('value must be a Link, but is {}'.format(type(link)))
            self._children[index] = links
            self._rename_children()
            return
        if not isinstance(value, Link):
            raise TypeError('value must be a Link, but is {}'.format(type(value)))
        self._children[index] = value
        value.name = str(index % len(self._children))

    def __getitem__(self, index):
        """Returns the child at given index.

        Args:
            index (int): Index of the child in the list.

        Returns:
            Link: The ``index``-th child link.
        """
        return self._children[index]

    def __delitem__(self, index):
        del self._children[index]
        self._rename_children()

    def _rename_children(self):
        for i, child in enumerate(self._children):
            child.name = str(i)

    def insert(self, index, link):
        """Insert a child link at the given index.

        Args:
            index (int): The position of the list where the new link is inserted.
            link (Link): The link to be inserted.
        """
        if not isinstance(link, Link):
            raise TypeError('cannot register a non-link object as a child')
        if index == len(self._children):
            self._children.append(link)
            link.name = str(index)
        else:
            self._children.insert(index, link)
            self._rename_children()

    def __iter__(self):
        return iter(self._children)

    def __len__(self):
        """Returns the number of children."""
        return len(self._children)

    def add_link(self, link):
        """Registers a child link and adds it to the tail of the list.

        Args:
            link (Link): The link object to be registered.
        """
        self.append(link)

    def copy(self, mode='share'):
        ret = super().copy(mode)
        ret._children = list(ret._children)  # copy
        children = ret._children
        for i, child in enumerate(children):
            child = child.copy(mode)
            child.name = str(i)
            children[i] = child
        return ret

    def device_resident_accept(self, visitor):
        super().device_resident_accept(visitor)
        for link in self._children:
            link.device_resident_accept(visitor)

    def params(self, include_uninit=True):
        yield from super().params(include_uninit)
        for link in self._children:
            yield from link.params(include_uninit)

    def namedparams(self, include_uninit=True):
        yield from super().namedparams(include_uninit)
        for idx, link in enumerate(self._children):
            prefix = '/%d' % idx
            for path, param in link.namedparams(include_uninit):
                yield prefix + path, param

    def links(self, skipself=False):
        if not skipself:
            yield self
        for child in self._children:
            yield from child.links()

    def namedlinks(self, skipself=False):
        if not skipself:
            yield '/', self
        for idx, child in enumerate(self._children):
            prefix = '/%d' % idx
            yield prefix, child
            for path, link in child.namedlinks(True):
                yield prefix + path, link

    def children(self):
        yield from self._children

    def copyparams(self, link, copy_persistent=True):
        super().copyparams(link, copy_persistent)
        for idx, child in enumerate(self._children):
            child.copyparams(link._children[idx], copy_persistent)

    def addgrads(self, link):
        super().addgrads(link)
        for idx, child in enumerate(self._children):
            child.addgrads(link._children[idx])

    def serialize(self, serializer):
        super().serialize(serializer)
        for idx, child in enumerate(self._children):
            child.serialize(serializer['%d' % idx])
