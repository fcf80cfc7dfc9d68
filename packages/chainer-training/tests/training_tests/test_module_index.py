"""chainer-training provides every ``chainer.training`` module of Chainer v7.8 with the public
names v7 defines there (``data/v7_training_module_index.txt``, the chainer.training part of
the project's v7.8 module index), each with a docstring."""
import importlib
import inspect
import os

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, '..', 'data', 'v7_training_module_index.txt')
SPEC = os.path.join(HERE, '..', '..', '..', '..', '..', 'shared', 'spec',
                    'v7-module-index.txt')


def _parse(path, prefix='chainer.training'):
    entries = []
    with open(path) as f:
        for line in f:
            if line.startswith('#') or not line.strip():
                continue
            module, *items = line.split()
            if module == prefix or module.startswith(prefix + '.'):
                entries.append((module, [tuple(item.split(':')) for item in items]))
    return entries


INDEX = _parse(DATA)


def test_index_data_is_the_training_part_of_the_shared_index():
    assert len(INDEX) == 41
    if os.path.exists(SPEC):
        assert INDEX == _parse(SPEC)


@pytest.mark.parametrize('module_name,names', INDEX, ids=[m for m, _ in INDEX])
def test_module_has_v7_names(module_name, names):
    module = importlib.import_module(module_name)
    for name, kind in names:
        obj = getattr(module, name)
        if kind == 'class':
            assert inspect.isclass(obj), '{}.{} is not a class'.format(module_name, name)
        else:
            assert callable(obj), '{}.{} is not callable'.format(module_name, name)
        if getattr(obj, '__module__', None) == module_name:
            assert (obj.__doc__ or '').strip(), '{}.{}: no docstring'.format(
                module_name, name)
