"""Marking code of static sub-graphs: :func:`static_code`, :func:`static_forward_optimizations`.
"""
import functools


def static_code(*dec_args, **dec_kwargs):
    """Decorator marking a function whose code must run in every iteration of a static chain.

    In a chain whose ``__call__`` (or ``forward``) is decorated with
    :func:`chainer.static_graph`, code with side effects (updating a counter, drawing random
    numbers, preparing arrays, ...) belongs in a function decorated with this. The schedules
    of :func:`~chainer.static_graph` run the chain's define-by-run code in every iteration, so
    such a function is called in every iteration, in the order of the define-by-run code,
    with the arguments it is given there.

    Use it as ``@static_code`` or ``@static_code(func_name='name')`` (the optional name
    labels the function in verbose reports of the schedule).
    """
    def decorate(func, func_name=None):
        name = func_name or getattr(func, '__name__', 'static_code')

        @functools.wraps(func)
        def wrapped(*args, **kwargs):
            from chainer.graph_optimizations import static_graph
            schedule = static_graph._current_schedule()
            if schedule is not None:
                schedule.record_static_code(name)
            return func(*args, **kwargs)
        wrapped._chainer_static_code = True
        return wrapped

    if len(dec_args) == 1 and callable(dec_args[0]) and not dec_kwargs:
        return decorate(dec_args[0])
    if dec_args:
        raise TypeError('static_code takes the function, or keyword arguments only')
    func_name = dec_kwargs.pop('func_name', None)
    if dec_kwargs:
        raise TypeError('unexpected keyword arguments: {}'.format(', '.join(dec_kwargs)))
    return lambda func: decorate(func, func_name)


def static_forward_optimizations(func, inputs):
    """Notes the application of the function node ``func`` to ``inputs`` in the schedule of
    the static chain being run, if any (verbose schedules list the functions they ran).

    Args:
        func (~chainer.FunctionNode): The function being applied.
        inputs (tuple): Its inputs.
    """
    from chainer.graph_optimizations import static_graph
    schedule = static_graph._current_schedule()
    if schedule is not None:
        schedule.record_function(func, inputs)
