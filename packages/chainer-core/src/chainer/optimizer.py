"""Optimizer base classes: :class:`Optimizer`, :class:`GradientMethod`, :class:`UpdateRule`.

Each parameter of the target link owns an :class:`UpdateRule` (``param.update_rule``) whose
:class:`Hyperparameter` falls back to the optimizer's one, so a hyperparameter set on the
optimizer applies to every rule unless a rule overrides it.
"""

import copy
import math
import threading
import warnings

import numpy

import chainer
import chainerx
from chainer import backend
from chainer import optimizer_hooks
from chainer import serializer as serializer_module
from chainer import variable

__all__ = [
    'GradientClipping', 'GradientHardClipping', 'GradientMethod', 'GradientNoise',
    'Hyperparameter', 'HyperparameterProxy', 'Lasso', 'Optimizer', 'UpdateRule',
    'WeightDecay', 'make_deprecation_message',
]


class Hyperparameter:
    """Namespace of hyperparameter values, with fallback to a parent namespace.

    An attribute that is not set on this object is looked up on ``parent``, so the
    hyperparameters of an update rule default to those of its optimizer.

    Args:
        parent (Hyperparameter): Parent hyperparameter.
    """

    def __init__(self, parent=None):
        self._parent = parent

    def __getattr__(self, name):
        # Only called for names not set on this object.
        if '_parent' not in self.__dict__:
            raise AttributeError('_parent is not set up yet')
        parent = self._parent
        if parent is None:
            raise AttributeError('hyperparameter {!r} is not set'.format(name))
        return getattr(parent, name)

    def __repr__(self):
        d = self.get_dict()
        return 'Hyperparameter({})'.format(
            ', '.join('{}={}'.format(k, d[k]) for k in sorted(d)))

    @property
    def parent(self):
        """Parent hyperparameter object."""
        return self._parent

    def get_dict(self):
        """Returns a dict of all entries, including those inherited from the parents."""
        d = {} if self._parent is None else self._parent.get_dict()
        for k, v in self.__dict__.items():
            if k != '_parent':
                d[k] = v
        return d

    def _flat(self):
        # Mapping of every entry for fast lookups in update rules: the parent's own dict when
        # this object overrides nothing and the parent has no parent (the common case).
        own = self.__dict__
        parent = own['_parent']
        if len(own) == 1 and parent is not None and parent.__dict__['_parent'] is None:
            return parent.__dict__
        return self.get_dict()


class HyperparameterProxy:
    """Property descriptor that aliases ``obj.hyperparam.<attr_name>``."""

    def __init__(self, attr_name):
        self._attr_name = attr_name
        self.__doc__ = 'Alias to ``self.hyperparam.{}``'.format(attr_name)

    def __get__(self, obj, type=None):
        if obj is None:
            return self
        return getattr(obj.hyperparam, self._attr_name)

    def __set__(self, obj, value):
        setattr(obj.hyperparam, self._attr_name, value)


# --- scratch buffers -------------------------------------------------------------------------
# Update rules run one parameter at a time, so a single growing buffer per thread and dtype is
# enough for the temporaries of the fused CPU updates.

_scratch_local = threading.local()


def _get_scratch(shape, dtype, slot=0, size=None):
    """Returns an uninitialized CPU work array of ``shape``/``dtype`` reused across calls.

    Distinct ``slot`` values give non-overlapping buffers.
    """
    try:
        bufs = _scratch_local.bufs
    except AttributeError:
        bufs = _scratch_local.bufs = {}
    if size is None:
        size = 1
        for s in shape:
            size *= s
    key = (dtype, slot)
    buf = bufs.get(key)
    if buf is None or buf.size < size:
        buf = bufs[key] = numpy.empty(max(size, 1), dtype=dtype)
    return buf[:size].reshape(shape)


_CHUNK = 32768  # elements per block of the blocked CPU updates (keeps the passes in cache)
_BLOCKED_MIN = 4 * _CHUNK  # smaller arrays are updated in one go


def _cpu_update(fn, arrays, dtype, n_scratch, *args):
    """Runs an elementwise CPU update ``fn(*arrays, *scratch, *args)`` in place.

    ``arrays`` (parameter, gradient, states; all of one shape) are updated by ``fn`` with
    in-place NumPy operations using ``n_scratch`` work arrays of ``dtype``. Large contiguous
    arrays are processed in blocks of ``_CHUNK`` elements, so that the successive passes of
    ``fn`` run on cache-resident data.
    """
    a0 = arrays[0]
    size = a0.size
    if size < _BLOCKED_MIN or not all(a.flags.c_contiguous for a in arrays):
        shape = a0.shape
        if n_scratch == 1:
            fn(*arrays, _get_scratch(shape, dtype, 0, size), *args)
        elif n_scratch == 2:
            fn(*arrays, _get_scratch(shape, dtype, 0, size), _get_scratch(shape, dtype, 1, size),
               *args)
        else:
            fn(*arrays, *[_get_scratch(shape, dtype, i, size) for i in range(n_scratch)],
               *args)
        return
    flats = [a.reshape(-1) for a in arrays]
    scratch = [_get_scratch((_CHUNK,), dtype, i, _CHUNK) for i in range(n_scratch)]
    for i in range(0, size, _CHUNK):
        j = i + _CHUNK
        if j > size:
            j = size
            scratch = [w[:j - i] for w in scratch]
        fn(*[f[i:j] for f in flats], *scratch, *args)


_float32 = numpy.dtype(numpy.float32)


def _interm_dtype(dtype):
    # dtype of the intermediate values of updates (float32 for float16 params)
    return _float32 if dtype == numpy.float16 else dtype


def _array_location(arr):
    # A cheap key of where an array lives (used to decide whether states must move).
    t = type(arr)
    if t is numpy.ndarray:
        return t
    dev = getattr(arr, 'device', None)
    return t, getattr(dev, 'id', dev)


class _Hookable:
    """Ordered pre- and post-update hooks of an update rule or an optimizer.

    Args:
        invalid_timing_fallback (bool): What to do with a hook whose ``timing`` attribute is
            neither ``'pre'`` nor ``'post'`` when it is added with ``timing='auto'``: warn and
            use ``'pre'`` (``True``, optimizers) or file it as a post hook (``False``, update
            rules), as v7 does.
    """

    def __init__(self, invalid_timing_fallback):
        self._pre_update_hooks = {}
        self._post_update_hooks = {}
        self._invalid_timing_fallback = invalid_timing_fallback

    def add_hook(self, hook, name=None, timing='auto'):
        if not callable(hook):
            raise TypeError('hook function must be callable')
        if timing not in ('pre', 'post', 'auto'):
            raise ValueError("timing must be one of ('pre', 'post', 'auto')")
        if timing == 'auto':
            timing = getattr(hook, 'timing', 'pre')
            if timing not in ('pre', 'post') and self._invalid_timing_fallback:
                warnings.warn(
                    "Hook timing attribute not in ('pre', 'post'), defaulting timing to 'pre'.")
                timing = 'pre'
        if name is None:
            name = getattr(hook, 'name', getattr(hook, '__name__', None))
            if name is None:
                raise ValueError('the name of the hook function is not specified')
        if name in self._pre_update_hooks or name in self._post_update_hooks:
            raise KeyError('hook "{}" already exists'.format(name))
        if timing == 'pre':
            self._pre_update_hooks[name] = hook
        else:
            self._post_update_hooks[name] = hook

    def remove_hook(self, name):
        try:
            del self._pre_update_hooks[name]
        except KeyError:
            del self._post_update_hooks[name]


class UpdateRule:
    """Base class of the per-parameter update rules.

    An update rule holds the state of the optimization for one parameter (``state``), its own
    hyperparameters (``hyperparam``, falling back to the parent's), its update count ``t`` and
    its own pre/post update hooks (called as ``hook(rule, param)``).

    Subclasses implement :meth:`init_state` and :meth:`update_core_cpu` /
    :meth:`update_core_gpu` (or :meth:`update_core`).

    Args:
        parent_hyperparam (Hyperparameter): Hyperparameter that provides the defaults.

    Attributes:
        enabled (bool): When ``False``, :meth:`update` does nothing.
        hyperparam (Hyperparameter): Hyperparameters of this rule.
        t (int): Number of updates made by this rule.
    """

    is_elementwise = False

    def __init__(self, parent_hyperparam=None):
        self._hookable = _Hookable(invalid_timing_fallback=False)
        self._state = None
        self._state_location = None
        self.enabled = True
        self.hyperparam = Hyperparameter(parent_hyperparam)
        self.t = 0
        self._use_fp32_update = False
        self._fp32_param = None

    @property
    def state(self):
        """State dict of this rule (``None`` until the first update or deserialization)."""
        return self._state

    def add_hook(self, hook, name=None, timing='auto'):
        """Adds a hook called as ``hook(rule, param)`` before or after each update.

        Args:
            hook (callable): Hook function.
            name (str): Name of the hook (default: ``hook.name`` or ``hook.__name__``).
            timing (str): ``'pre'``, ``'post'`` or ``'auto'`` (the hook's ``timing``
                attribute, ``'pre'`` when it has none).
        """
        self._hookable.add_hook(hook, name, timing)

    def remove_hook(self, name):
        """Removes the hook of the given name."""
        self._hookable.remove_hook(name)

    def update(self, param):
        """Updates ``param`` with its gradient (does nothing when disabled).

        Increments ``t``, initializes the state on first use, divides the gradient by the loss
        scale, then runs the pre hooks, :meth:`update_core` and the post hooks.
        """
        if not self.enabled:
            return
        self.t += 1

        arr = param.array
        if self._use_fp32_update and arr is not None and arr.dtype == numpy.float16:
            fp32_param = self._fp32_param
            if fp32_param is None:
                fp32_param = self._fp32_param = variable.Parameter(
                    arr.astype(numpy.float32), name=param.name)
            grad = param.grad
            fp32_param.grad = None if grad is None else grad.astype(numpy.float32)
            target = fp32_param
            if target.array is not None:
                self._prepare(target)
        else:
            target = param
            # (a CPU state already in place needs no preparation)
            if arr is not None and (self._state is None
                                    or type(arr) is not self._state_location):
                self._prepare(target)
        loss_scale = getattr(param, '_loss_scale', None)
        if loss_scale is not None:
            grad = target.grad
            if grad is not None:
                grad /= loss_scale
        hookable = self._hookable
        for hook in hookable._pre_update_hooks.values():
            hook(self, target)
        self.update_core(target)
        for hook in hookable._post_update_hooks.values():
            hook(self, target)

        if target is not param:
            param.array[...] = fp32_param.array
            fp32_param.grad = None

    def update_core(self, param):
        """Updates ``param`` in place; dispatches to the CPU, GPU or ChainerX implementation."""
        arr = param.array
        if type(arr) is numpy.ndarray or arr is None or isinstance(arr, numpy.ndarray):
            self.update_core_cpu(param)
        elif type(arr) is chainerx.ndarray:
            self.update_core_chainerx(param)
        else:
            from chainer.backends import cuda
            with cuda.get_device_from_array(arr):
                self.update_core_gpu(param)

    def update_core_cpu(self, param):
        """Updates a CPU parameter (implemented by subclasses)."""
        raise NotImplementedError

    def update_core_gpu(self, param):
        """Updates a GPU parameter (implemented by subclasses)."""
        raise NotImplementedError

    def update_core_chainerx(self, param):
        """Updates a ChainerX parameter.

        The default implementation runs :meth:`update_core` on NumPy/CuPy views of the
        parameter, its gradient and the ChainerX state arrays, which share their memory, so the
        update is made in place. Override it to update with ChainerX routines instead.
        """
        state = self._state or {}
        swapped = {}
        for name, value in state.items():
            if type(value) is chainerx.ndarray:
                view = backend.from_chx(value)
                state[name] = view
                swapped[name] = (value, view)
        array = backend.from_chx(param.array)
        temp = variable.Variable(array, name=param.name)
        grad = param.grad
        if grad is not None:
            temp.grad = backend.from_chx(grad)
        try:
            self.update_core(temp)
        finally:
            for name, (original, view) in swapped.items():
                current = state[name]
                state[name] = original if current is view else backend.to_chx(current)
        if temp.array is not array:  # the rule replaced the array instead of updating it
            backend.copyto(param.array, temp.array)

    def init_state(self, param):
        """Initializes ``self.state`` for ``param`` (no state by default)."""
        pass

    def serialize(self, serializer):
        """Serializes ``t`` and each state entry of this rule.

        When deserializing into a rule without state, the state is created from the loaded
        arrays (its keys are found by running :meth:`init_state` on a dummy parameter); if the
        snapshot lacks them the state stays ``None`` and is initialized on the next update.
        """
        self.t = serializer('t', self.t)
        if self._state is None:
            if isinstance(serializer, serializer_module.Deserializer):
                self._state = {}
                self._state_location = None
                self_copy = copy.copy(self)
                arr = numpy.empty(1, dtype=numpy.float32)
                self_copy.init_state(chainer.Variable(arr, grad=arr))
                for key in list(self._state):
                    try:
                        value = serializer(key, None)
                    except KeyError:
                        if self.enabled:
                            raise
                        value = None
                    if value is None:
                        self._state = None
                        break
                    self._state[key] = value
        else:
            state = self._state
            for key in state:
                state[key] = serializer(key, state[key])

    def _prepare(self, param):
        arr = param.array
        loc = _array_location(arr)
        state = self._state
        if state is None:
            state = self._state = {}
            if loc is numpy.ndarray:
                self.init_state(param)
            else:
                with backend.using_device(backend.get_device_from_array(arr)):
                    self.init_state(param)
            self._state_location = loc
        elif loc != self._state_location:
            device = backend.get_device_from_array(arr)
            with backend.using_device(device):
                for name, value in state.items():
                    if hasattr(value, 'shape') and hasattr(value, 'dtype'):
                        state[name] = device.send(value)
            self._state_location = loc

    def use_fp32_update(self, flag=True):
        """Enables the update in float32 (with a float32 master copy) for float16 params."""
        self._use_fp32_update = flag


def _reallocate_cleared_grads(params):
    # Zero gradients for the initialized parameters among ``params`` whose grad is None.
    for param in params:
        arr = param.array
        if arr is not None and param.grad is None:
            if type(arr) is numpy.ndarray:
                param.grad = numpy.zeros_like(arr)
            else:
                xp = backend.get_array_module(arr)
                with backend.using_device(backend.get_device_from_array(arr)):
                    param.grad = xp.zeros_like(arr)


class Optimizer:
    """Base class of optimizers: objects that update the parameters of a target link.

    Call :meth:`setup` with the target link, then :meth:`update` at every iteration.

    Attributes:
        target: Target link set by :meth:`setup`.
        t (int): Number of update steps.
        epoch (int): Current epoch (incremented by :meth:`new_epoch`).
        use_auto_new_epoch (bool): ``True`` when the updater calls ``new_epoch(auto=True)``.
    """

    target = None
    t = 0
    epoch = 0
    _pre_update_hooks = None  # v7 class attributes (the hooks live in ``_hookable``)
    _post_update_hooks = None
    _hookable = None
    _loss_scale = None
    _loss_scale_max = 65504  # max value representable in float16
    _loss_scaling_is_dynamic = False
    _loss_scaling_isnan = False
    _loss_scaling_isnan_ever = False
    _loss_scaling_multiplier = 2.0
    use_auto_new_epoch = False

    def setup(self, link):
        """Sets ``link`` as the target, resets ``t``/``epoch`` and the hooks; returns self."""
        from chainer import link as link_module
        if not isinstance(link, link_module.Link):
            raise TypeError('optimization target must be a link')
        self.target = link
        self.t = 0
        self.epoch = 0
        self._hookable = _Hookable(invalid_timing_fallback=True)
        return self

    def _check_set_up(self):
        if self._hookable is None:
            raise RuntimeError('Optimizer is not set up. Call `setup` method.')

    def update(self, lossfun=None, *args, **kwds):
        """Updates the parameters (implemented by subclasses)."""
        raise NotImplementedError

    def new_epoch(self, auto=False):
        """Increments ``epoch``.

        Args:
            auto (bool): ``True`` when called by an updater with ``auto_new_epoch``.
        """
        if auto:
            if not self.use_auto_new_epoch:
                raise RuntimeError(
                    'invalid new_epoch call with auto=True.\n'
                    'Fix the updater to set optimizer.use_auto_new_epoch = True.')
        else:
            if self.use_auto_new_epoch:
                raise RuntimeError(
                    'duplicated new_epoch with the updater.\n'
                    'Pass auto_new_epoch=False to the updater or stop calling '
                    'new_epoch outside the updater.')
        self.epoch += 1

    def add_hook(self, hook, name=None, timing='auto'):
        """Registers a hook function.

        A hook with ``call_for_each_param = True`` is called as ``hook(param.update_rule,
        param)`` for each parameter, any other as ``hook(optimizer)``.

        Args:
            hook (callable): Hook function.
            name (str): Name of the hook (default: ``hook.name`` or ``hook.__name__``).
            timing (str): ``'pre'`` (before the update), ``'post'`` (after it), or ``'auto'``
                (the hook's ``timing`` attribute; ``'pre'`` when it has none, and with a
                warning when it is neither ``'pre'`` nor ``'post'``).
        """
        self._check_set_up()
        self._hookable.add_hook(hook, name, timing)

    def remove_hook(self, name):
        """Removes the hook of the given name."""
        self._check_set_up()
        self._hookable.remove_hook(name)

    def call_hooks(self, timing='pre'):
        """Invokes the hooks of the given timing in registration order."""
        self._check_set_up()
        if timing not in ('pre', 'post'):
            raise ValueError("timing must be either 'pre' or 'post'")
        hookable = self._hookable
        hooks = hookable._pre_update_hooks if timing == 'pre' else hookable._post_update_hooks
        for hook in hooks.values():
            self.call_hook(hook)

    def call_hook(self, hook):
        """Calls one hook: as ``hook(param.update_rule, param)`` for each parameter when its
        ``call_for_each_param`` is true, as ``hook(self)`` otherwise."""
        if getattr(hook, 'call_for_each_param', False):
            for param in self.target.params():
                hook(param.update_rule, param)
        else:
            hook(self)

    def serialize(self, serializer):
        """Serializes ``t``, ``epoch`` and each parameter's update rule (under its path)."""
        self.t = serializer('t', self.t)
        self.epoch = serializer('epoch', self.epoch)
        for name, param in self.target.namedparams():
            rule = getattr(param, 'update_rule', None)
            if rule is not None:
                rule.serialize(serializer[name])

    def loss_scaling(self, interval=1000, scale=None):
        """Configures loss scaling.

        Args:
            interval (int): Number of iterations over which the scale doubles (dynamic mode).
            scale (float): Loss scale. ``None`` turns on dynamic loss scaling from a scale of
                1, where the scale halves when a non-finite gradient is found (that update is
                skipped) and grows again otherwise; a number sets the current scale (a static
                one unless dynamic loss scaling is already on, as in v7).
        """
        if scale is None:
            self._loss_scaling_is_dynamic = True
            if interval < 1:
                raise ValueError(
                    'interval must be greater than or equal to 1. Actual: {}'.format(interval))
            scale = 1.0
            self._loss_scaling_multiplier = math.pow(2.0, 1.0 / interval)
            self._loss_scaling_isnan_ever = False
        elif scale <= 0:
            raise ValueError('loss_scale must be a positive number. Actual: {}'.format(scale))
        self._loss_scale = scale

    def set_loss_scale(self, loss_scale):
        """Sets the loss scale: ``loss_scaling(scale=loss_scale)`` (``None`` turns on dynamic
        loss scaling, as in v7)."""
        self.loss_scaling(scale=loss_scale)

    def check_nan_in_grads(self):
        """Checks the gradients for non-finite values when dynamic loss scaling is used (with
        a warning for each parameter that has some)."""
        self._loss_scaling_isnan = False
        if not self._loss_scaling_is_dynamic:
            return
        for name, param in self.target.namedparams(False):
            grad = param.grad
            if grad is None:
                continue
            xp = backend.get_array_module(grad)
            if not bool(xp.isfinite(grad).all()):
                self._loss_scaling_isnan = True
                self._loss_scaling_isnan_ever = True
                warnings.warn(
                    'Non finite number found in param.grad of {} (iteration: {}, '
                    'loss_scale: {})'.format(name, self.t, self._loss_scale))

    def is_safe_to_update(self):
        """``False`` when the last check found non-finite gradients."""
        return not self._loss_scaling_isnan

    def update_loss_scale(self):
        """Adjusts the dynamic loss scale after an update."""
        if not self._loss_scaling_is_dynamic:
            return
        if self._loss_scaling_isnan:
            multiplier = 0.5
        elif self._loss_scaling_isnan_ever:
            multiplier = self._loss_scaling_multiplier
        else:
            multiplier = 2.0
        self._loss_scale = max(1, min(self._loss_scale_max, self._loss_scale * multiplier))


class GradientMethod(Optimizer):
    """Base class of optimizers that update each parameter from its own gradient.

    Subclasses implement :meth:`create_update_rule`; :meth:`setup` sets one rule on each
    parameter of the target.

    Attributes:
        hyperparam (Hyperparameter): Hyperparameters shared by the update rules.
    """

    def __init__(self):
        super().__init__()
        self.hyperparam = Hyperparameter()
        self._use_fp32_update = False

    def setup(self, link):
        """Sets up the target and one update rule per parameter; returns self."""
        super().setup(link)
        for param in link.params():
            param.update_rule = self.create_update_rule()
            if self._use_fp32_update:
                param.update_rule.use_fp32_update()
        return self

    def reallocate_cleared_grads(self):
        """Allocates zero gradients for initialized parameters whose grad is ``None``."""
        _reallocate_cleared_grads(self.target.params(False))

    def call_hook(self, hook):
        """Calls one hook (see :meth:`Optimizer.call_hook`), then reallocates the gradients it
        cleared."""
        super().call_hook(hook)
        self.reallocate_cleared_grads()

    def use_cleargrads(self, use=True):
        """Deprecated: :meth:`update` always uses ``cleargrads`` unless ``use`` is False."""
        warnings.warn('GradientMethod.use_cleargrads is deprecated.', DeprecationWarning)
        self._use_cleargrads = use

    def update(self, lossfun=None, *args, **kwds):
        """Updates the parameters.

        With ``lossfun``, computes ``loss = lossfun(*args, **kwds)``, clears the gradients of
        the target and runs ``loss.backward(loss_scale=...)`` first; otherwise uses the
        gradients already computed. Then runs the pre hooks, increments ``t``, updates each
        parameter with its rule and runs the post hooks.
        """
        if lossfun is not None:
            use_cleargrads = getattr(self, '_use_cleargrads', True)
            loss = lossfun(*args, **kwds)
            if use_cleargrads:
                self.target.cleargrads()
            else:
                self.target.zerograds()
            loss.backward(loss_scale=self._loss_scale)
            del loss

        # The hierarchy is traversed once (again after hooks, which may change it).
        params = list(self.target.params())
        _reallocate_cleared_grads(params)

        # Non-finite gradients (dynamic loss scaling) are looked for before the hooks run; the
        # step then runs the hooks and counts, but updates no parameter (as v7).
        self.check_nan_in_grads()

        self.call_hooks('pre')
        if self._hookable._pre_update_hooks:
            params = list(self.target.params())

        self.t += 1
        if self.is_safe_to_update():
            for param in params:
                param.update()

        _reallocate_cleared_grads(params)

        self.call_hooks('post')
        self.update_loss_scale()

    def use_fp32_update(self, flag=True):
        """Updates float16 parameters through float32 master copies.

        ``flag`` applies to the update rules created by later :meth:`setup` calls; the rules
        of the current target are switched on whatever ``flag`` is (as v7).
        """
        self._use_fp32_update = flag
        link = self.target
        if link is not None:
            for param in link.params():
                param.update_rule.use_fp32_update()

    def create_update_rule(self):
        """Creates a new :class:`UpdateRule` for one parameter (implemented by subclasses)."""
        raise NotImplementedError


def make_deprecation_message(module_name):
    """Returns the deprecation message of the ``chainer.optimizer.<module_name>`` hook
    aliases."""
    return ('chainer.optimizer.{0} is deprecated from v4. '
            'Use chainer.optimizer_hooks.{0} instead.'.format(module_name))


class WeightDecay(optimizer_hooks.WeightDecay):
    """Deprecated alias of :class:`chainer.optimizer_hooks.WeightDecay`."""

    def __init__(self, *args, **kwargs):
        warnings.warn(make_deprecation_message('WeightDecay'), DeprecationWarning)
        super().__init__(*args, **kwargs)


class Lasso(optimizer_hooks.Lasso):
    """Deprecated alias of :class:`chainer.optimizer_hooks.Lasso`."""

    def __init__(self, *args, **kwargs):
        warnings.warn(make_deprecation_message('Lasso'), DeprecationWarning)
        super().__init__(*args, **kwargs)


class GradientClipping(optimizer_hooks.GradientClipping):
    """Deprecated alias of :class:`chainer.optimizer_hooks.GradientClipping`."""

    def __init__(self, *args, **kwargs):
        warnings.warn(make_deprecation_message('GradientClipping'), DeprecationWarning)
        super().__init__(*args, **kwargs)


class GradientNoise(optimizer_hooks.GradientNoise):
    """Deprecated alias of :class:`chainer.optimizer_hooks.GradientNoise`."""

    def __init__(self, *args, **kwargs):
        warnings.warn(make_deprecation_message('GradientNoise'), DeprecationWarning)
        super().__init__(*args, **kwargs)


class GradientHardClipping(optimizer_hooks.GradientHardClipping):
    """Deprecated alias of :class:`chainer.optimizer_hooks.GradientHardClipping`."""

    def __init__(self, *args, **kwargs):
        warnings.warn(make_deprecation_message('GradientHardClipping'), DeprecationWarning)
        super().__init__(*args, **kwargs)
