"""The public functions of chainer-core show their use in a ``>>>`` example, as v7's do.

The examples themselves are run by the doctest step of the ``tests`` and ``numpy1`` nox
sessions (``pytest --doctest-modules`` over the sources; namespace in the root conftest.py).
This test keeps a new function from arriving without one.
"""
import doctest
import importlib
import inspect

import pytest

import chainer.functions as F

FUNCTIONS = sorted(name for name, value in vars(F).items()
                   if not name.startswith('_') and inspect.isfunction(value))

# the functions of the other chainer-core modules that users call directly
CORE = [
    'chainer.as_array', 'chainer.as_variable', 'chainer.backward', 'chainer.grad',
    'chainer.using_config', 'chainer.no_backprop_mode', 'chainer.force_backprop_mode',
    'chainer.get_device', 'chainer.using_device', 'chainer.get_dtype', 'chainer.is_debug',
    'chainer.set_debug', 'chainer.print_runtime_info', 'chainer.backend.get_array_module',
    'chainer.backend.copyto', 'chainer.backends.cuda.to_cpu', 'chainer.serializers.save_npz',
    'chainer.serializers.load_npz', 'chainer.serializers.save_hdf5',
    'chainer.serializers.load_hdf5', 'chainer.gradient_check.check_backward',
    'chainer.gradient_check.numerical_grad', 'chainer.reporter.report',
    'chainer.computational_graph.build_computational_graph',
]


def _examples(function):
    return doctest.DocTestParser().get_examples(inspect.getdoc(function) or '')


def test_every_function_is_listed():
    assert len(FUNCTIONS) > 200
    assert {'relu', 'linear', 'softmax_cross_entropy', 'n_step_lstm'} <= set(FUNCTIONS)


@pytest.mark.parametrize('name', FUNCTIONS)
def test_function_has_example(name):
    assert _examples(getattr(F, name)), f'chainer.functions.{name}: no >>> example'


@pytest.mark.parametrize('path', CORE)
def test_core_function_has_example(path):
    module, _, name = path.rpartition('.')
    function = getattr(importlib.import_module(module), name)
    assert _examples(function), f'{path}: no >>> example'
