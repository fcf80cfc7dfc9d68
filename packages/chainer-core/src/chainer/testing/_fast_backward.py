"""Checks that a node's array-level backward (``_backward_arrays``) equals its ``backward``.

The backward walk takes ``FunctionNode._backward_arrays`` when neither double backprop nor
function hooks are active; ``backward`` (written with differentiable functions, used for
double backprop and under hooks) is the reference. Both must compute one formula:

- :func:`check_fast_backward` runs both on one graph and compares the gradients, making sure
  the fast path really ran (:func:`chainer.gradient_check.check_double_backward` also
  compares the two paths' first-order gradients of any function);
- :func:`fast_backward_nodes` lists the node classes that define a fast path and
  :func:`nodes_checked_in` the ones that test files pass to :func:`check_fast_backward`, so
  that a test can require every fast path to be checked.
"""
import ast
import importlib
import inspect
import pkgutil

import numpy

import chainer
from chainer import function_node


def _grads_of(func, inputs, grad_outputs, no_grads, double):
    xs = [chainer.Variable(numpy.array(x, copy=True), requires_grad=not skip)
          for x, skip in zip(inputs, no_grads)]
    ys = func(*xs)
    if not isinstance(ys, (tuple, list)):
        ys = (ys,)
    ys = [y for y, gy in zip(ys, grad_outputs) if gy is not None]
    gys = [chainer.Variable(numpy.array(gy, copy=True)) for gy in grad_outputs
           if gy is not None]
    targets = [x for x in xs if x.requires_grad]
    gxs = iter(chainer.grad(ys, targets, gys, enable_double_backprop=double))
    return [None if skip else _array_or_none(next(gxs)) for skip in no_grads]


def _array_or_none(g):
    return None if g is None else g.array


def check_fast_backward(node_class, func, inputs, grad_outputs, atol=0, rtol=1e-6,
                        no_grads=None):
    """Asserts that ``node_class._backward_arrays`` computes what ``backward`` computes.

    Args:
        node_class: The FunctionNode class whose fast path is checked (it may inherit the
            fast path from the class that defines it).
        func: Callable taking Variables (one per entry of ``inputs``) and returning the output
            Variable or a tuple of them; it must apply ``node_class`` once.
        inputs (list of numpy.ndarray): Input arrays.
        grad_outputs (list of numpy.ndarray or None): Gradients of the outputs (None where an
            output gets no gradient).
        atol (float): Absolute tolerance of the comparison.
        rtol (float): Relative tolerance of the comparison.
        no_grads (list of bool): Inputs that require no gradient (default: the non-float
            ones); the fast path must then compute only the others.
    """
    if no_grads is None:
        no_grads = [numpy.asarray(x).dtype.kind != 'f' for x in inputs]
    fast_backward = node_class._backward_arrays
    assert fast_backward is not None, '%s has no _backward_arrays' % node_class.__name__
    own = '_backward_arrays' in node_class.__dict__
    calls = []

    def spy(self, indexes, gys):
        gxs = fast_backward(self, indexes, gys)
        calls.append(len(gxs) == len(indexes))
        return gxs

    node_class._backward_arrays = spy
    try:
        fast = _grads_of(func, inputs, grad_outputs, no_grads, double=False)
        assert calls == [True], ('fast path of %s ran %d times (one tuple entry per index '
                                 'expected)' % (node_class.__name__, len(calls)))
        reference = _grads_of(func, inputs, grad_outputs, no_grads, double=True)
        assert len(calls) == 1, 'double backprop must not take the fast path'
    finally:
        if own:
            node_class._backward_arrays = fast_backward
        else:
            del node_class._backward_arrays
    for i, (got, want, x, skip) in enumerate(zip(fast, reference, inputs, no_grads)):
        if skip:
            continue
        if want is None:
            assert got is None or not numpy.any(got), 'input %d: unexpected gradient' % i
            continue
        assert got is not None, 'input %d: missing gradient' % i
        assert type(got) is numpy.ndarray, 'input %d: %s' % (i, type(got))
        assert got.dtype == want.dtype == x.dtype, 'input %d dtype' % i
        assert got.shape == want.shape == x.shape, 'input %d shape' % i
        numpy.testing.assert_allclose(got, want, atol=atol, rtol=rtol,
                                      err_msg='input %d' % i)


def fast_backward_nodes(package_names=('chainer',)):
    """Returns the FunctionNode subclasses of the given packages that define their own
    ``_backward_arrays``.

    Every module of the given packages is imported first (modules that cannot be imported,
    e.g. for a missing or too old optional dependency, are skipped), so that all classes are
    defined.
    """
    for name in package_names:
        package = importlib.import_module(name)
        for info in pkgutil.walk_packages(package.__path__, name + '.', onerror=_ignore):
            try:
                importlib.import_module(info.name)
            except Exception:  # an optional dependency missing or unusable here
                continue
    found = set()
    pending = [function_node.FunctionNode]
    while pending:
        cls = pending.pop()
        for sub in cls.__subclasses__():
            if sub not in found:
                found.add(sub)
                pending.append(sub)
    return {cls for cls in found if cls.__dict__.get('_backward_arrays') is not None
            and cls.__module__.split('.')[0] in package_names}


def _ignore(name):
    pass


def nodes_checked_in(paths):
    """Returns the classes that the test files ``paths`` pass to :func:`check_fast_backward`.

    A file counts when it calls ``check_fast_backward``; then every name it refers to that
    resolves (through the file's imports) to a FunctionNode subclass counts as checked, so
    that tables of node classes given to a parametrized test are found too. A class
    defining ``_backward_arrays`` is covered by a check of any subclass that inherits it.
    """
    checked = set()
    for path in paths:
        with open(path, encoding='utf-8') as f:
            source = f.read()
        if 'check_fast_backward' not in source:
            continue
        tree = ast.parse(source, str(path))
        aliases = _imported_names(tree)
        for node in ast.walk(tree):
            if isinstance(node, (ast.Name, ast.Attribute)):
                obj = _resolve(node, aliases)
                if (inspect.isclass(obj) and issubclass(obj, function_node.FunctionNode)
                        and obj._backward_arrays is not None):
                    checked.add(_defining_class(obj))
    return checked


def _imported_names(tree):
    # local name -> dotted path of what it was imported as
    names = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    names[alias.asname] = alias.name
                else:
                    top = alias.name.split('.')[0]
                    names[top] = top
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                names[alias.asname or alias.name] = node.module + '.' + alias.name
    return names


def _resolve(node, aliases):
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name) or node.id not in aliases:
        return None
    dotted = aliases[node.id].split('.') + parts[::-1]
    for i in range(len(dotted), 0, -1):  # the longest importable module prefix
        try:
            obj = importlib.import_module('.'.join(dotted[:i]))
        except ImportError:
            continue
        for attr in dotted[i:]:
            try:
                obj = getattr(obj, attr, None)
            except Exception:  # e.g. a lazy attribute that needs a GPU
                return None
        return obj
    return None


def _defining_class(cls):
    for klass in cls.__mro__:
        if '_backward_arrays' in klass.__dict__:
            return klass
    return None
