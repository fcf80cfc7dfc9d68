"""Static sub-graphs: the :func:`static_graph` decorator of a chain's ``__call__``.

A static chain computes the same graph in every iteration (for a given configuration and
input signature). Its first call in a configuration traces the define-by-run code: it runs
with all the usual checks and records which functions ran. The later calls with the same
signature run the same code as a *schedule*: the type checks, which the first call has passed
for these shapes and dtypes, are skipped. Results and gradients are those of the
undecorated chain; double backprop works as for any define-by-run code.
"""
import functools
import threading

import chainer
from chainer import function_hook
from chainer import variable

_state = threading.local()


def _current_schedule():
    """The schedule being traced in this thread, or None."""
    return getattr(_state, 'schedule', None)


class ArrayInfo:
    """Shape, dtype and array type of an array (what makes two calls the same schedule).

    Args:
        array: A NumPy/CuPy/ChainerX array.
    """

    def __init__(self, array):
        self.shape = array.shape
        self.dtype = array.dtype
        self.array_type = type(array)

    def key(self):
        """``(shape, dtype, array type)``."""
        return self.shape, self.dtype, self.array_type

    def __repr__(self):
        return 'ArrayInfo(shape={}, dtype={})'.format(self.shape, self.dtype)


class ScheduleInfo:
    """One step recorded in a schedule: a function node applied, or a :func:`static_code`
    function called.

    The hook and array arguments are kept for the reports of the schedule.
    """

    def __init__(self, func, args, kwargs, inputs_hooks, outputs_hooks, return_hooks,
                 delete_hooks, unique_arrays, array_infos, func_name=None):
        self.func = func
        self.args = args
        self.kwargs = kwargs
        self.inputs_hooks = inputs_hooks
        self.outputs_hooks = outputs_hooks
        self.return_hooks = return_hooks
        self.delete_hooks = delete_hooks
        self.unique_arrays = unique_arrays
        self.array_infos = array_infos
        self.func_name = func_name or getattr(func, 'label', None) or getattr(
            func, '__name__', type(func).__name__)

    def __repr__(self):
        return '<ScheduleInfo {}>'.format(self.func_name)


def _signature(value):
    if isinstance(value, variable.Variable):
        array = value.array
        return 'var', array.shape, array.dtype, type(array), value.requires_grad
    if variable._is_array(value):
        return 'array', value.shape, value.dtype, type(value)
    if isinstance(value, (list, tuple)):
        return (type(value),) + tuple(_signature(v) for v in value)
    if isinstance(value, dict):
        return (dict,) + tuple(sorted((k, _signature(v)) for k, v in value.items()))
    try:
        hash(value)
    except TypeError:
        return ('object', id(value))
    return ('value', type(value), value)


class _TraceHook(function_hook.FunctionHook):
    """Records the function nodes applied while a schedule is traced."""

    name = 'StaticGraphTrace'

    def forward_preprocess(self, function, in_data):
        from chainer.graph_optimizations import static_graph_utilities
        static_graph_utilities.static_forward_optimizations(function, in_data)


class StaticScheduleFunction:
    """The schedule of a static chain for one configuration and input signature.

    Args:
        schedule_manager (ScheduleManager): The manager of the chain.
        verbosity_level (int): 0 is silent; 1 reports when the schedule is traced; 2 also
            lists the steps it recorded.
        enable_double_backprop (bool): Whether the chain's outputs are differentiated twice
            (accepted; define-by-run code supports it anyway).
    """

    def __init__(self, schedule_manager, verbosity_level=0, enable_double_backprop=False):
        self.schedule_manager = schedule_manager
        self.verbosity_level = verbosity_level
        self.enable_double_backprop = enable_double_backprop
        self.schedule_info_list = []
        self.traced = False
        self.iterations = 0

    def record_function(self, func, inputs):
        """Records the application of a function node while tracing."""
        infos = [ArrayInfo(getattr(x, 'array', x)) for x in inputs if x is not None]
        self.schedule_info_list.append(
            ScheduleInfo(func, inputs, {}, [], [], [], [], [], infos))

    def record_static_code(self, func_name):
        """Records a call of a :func:`static_code` function while tracing."""
        self.schedule_info_list.append(
            ScheduleInfo(None, (), {}, [], [], [], [], [], [], func_name=func_name))

    def is_empty(self):
        """Whether the trace recorded nothing."""
        return not self.schedule_info_list

    def __call__(self, forward, chain, args, kwargs):
        """Runs ``forward(chain, *args, **kwargs)`` as this schedule."""
        self.iterations += 1
        if self.traced:
            with chainer.using_config('type_check', False):
                return forward(chain, *args, **kwargs)
        previous = _current_schedule()
        _state.schedule = self
        try:
            with _TraceHook():
                outputs = forward(chain, *args, **kwargs)
        finally:
            _state.schedule = previous
        self.traced = True
        if self.verbosity_level >= 1:
            print('static_graph: traced a schedule of {} ({} steps)'.format(
                type(chain).__name__, len(self.schedule_info_list)))
            if self.verbosity_level >= 2:
                for info in self.schedule_info_list:
                    print('  {}'.format(info.func_name))
        return outputs


class ScheduleManager:
    """Keeps the schedules of a static chain (``chain.schedule_manager``).

    Args:
        minimize_cache_size (bool): Keep only the latest schedule of each configuration
            (train/test, backprop on/off) instead of one per input signature.
        verbosity_level (int): Passed to the schedules.
    """

    def __init__(self, minimize_cache_size=True, verbosity_level=0):
        self.minimize_cache_size = minimize_cache_size
        self.verbosity_level = verbosity_level
        self.schedules = {}

    def get_schedule(self, in_vars, enable_double_backprop=False):
        """Returns the schedule for the inputs ``in_vars`` in the current configuration."""
        config = chainer.config
        mode = (bool(config.train), bool(config.enable_backprop), enable_double_backprop)
        signature = _signature(tuple(in_vars))
        key = mode if self.minimize_cache_size else (mode, signature)
        entry = self.schedules.get(key)
        if entry is None or entry[0] != signature:
            schedule = StaticScheduleFunction(
                self, self.verbosity_level, enable_double_backprop)
            self.schedules[key] = (signature, schedule)
        else:
            schedule = entry[1]
        return schedule

    def end_forward(self):
        """Marks the end of the forward pass of an iteration (call it when no backward pass
        follows, as v7 asks; the schedules here need no other bookkeeping)."""


def _as_static_inputs(value):
    """The arguments as a static chain sees them (as v7): arrays become variables and lists
    become tuples, at any depth."""
    if variable._is_array(value):
        return variable.Variable(value)
    if isinstance(value, (list, tuple)):
        return tuple(_as_static_inputs(v) for v in value)
    return value


def _as_static_outputs(value):
    """The return value as a static chain gives it (as v7): lists become tuples."""
    if isinstance(value, (list, tuple)):
        return tuple(_as_static_outputs(v) for v in value)
    return value


def static_graph(*args, **kwargs):
    """Decorator marking a chain's ``__call__`` (or ``forward``) as a static sub-graph.

    The decorated method must compute the same graph in every iteration for inputs of the
    same shapes and dtypes (the graph may differ between training and test mode). Its first
    call traces the schedule with the usual checks; later calls skip the type checks that the
    trace has passed. Code with side effects belongs in :func:`static_code` functions.
    As in v7, the method gets array arguments as variables and lists as tuples, and a list
    it returns is given back as a tuple.

    Use it as ``@static_graph`` or with keyword arguments:

    Args:
        force_test_define_by_run (bool): Run the plain define-by-run code in test mode
            (``chainer.config.train`` False).
        minimize_cache_size (bool): See :class:`ScheduleManager`.
        verbosity_level (int): 0 (silent), 1 or 2 (reports the traced schedules).
        enable_double_backprop (bool): Accepted for v7 compatibility.

    The chain gets a ``schedule_manager`` attribute (a :class:`ScheduleManager`).
    """
    options = {'force_test_define_by_run': False, 'minimize_cache_size': True,
               'verbosity_level': 0, 'enable_double_backprop': False}

    def decorate(func):
        @functools.wraps(func)
        def wrapped(chain, *call_args, **call_kwargs):
            manager = chain.__dict__.get('schedule_manager')
            if manager is None:
                manager = ScheduleManager(options['minimize_cache_size'],
                                          options['verbosity_level'])
                chain.schedule_manager = manager
            config = chainer.config
            if not config.use_static_graph or (
                    options['force_test_define_by_run'] and not config.train):
                return func(chain, *call_args, **call_kwargs)
            call_args = _as_static_inputs(call_args)
            schedule = manager.get_schedule(
                call_args + tuple(call_kwargs.values()), options['enable_double_backprop'])
            return _as_static_outputs(schedule(func, chain, call_args, call_kwargs))
        wrapped._chainer_static_graph = True
        return wrapped

    if len(args) == 1 and callable(args[0]) and not kwargs:
        return decorate(args[0])
    if args:
        raise TypeError('static_graph takes the method, or keyword arguments only')
    unknown = set(kwargs) - set(options)
    if unknown:
        raise TypeError('static_graph got unexpected keyword argument(s): {}'.format(
            ', '.join(sorted(unknown))))
    options.update(kwargs)
    return decorate
