"""chainer-core provides every module of Chainer v7.8 it owns, with the public names v7 defines.

The expected names come from ``data/v7_core_module_index.txt``, the chainer-core subset of the
project's v7.8 module index (``../shared/spec/v7-module-index.txt``): every ``chainer.*``
module except ``chainer.functions.*`` (checked by the function tests) and the modules of the
other distributions.
"""
import importlib
import inspect
import os
import re

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, 'data', 'v7_core_module_index.txt')
SPEC = os.path.join(HERE, '..', '..', '..', '..', 'shared', 'spec', 'v7-module-index.txt')
EXCLUDED = re.compile(
    r'^chainer\.(functions|links|training|datasets|dataset|iterators)(\.|$)')
KINDS = {'class', 'func'}


def _parse(path):
    entries = []
    with open(path) as f:
        for line in f:
            if line.startswith('#') or not line.strip():
                continue
            module, *items = line.split()
            names = []
            for item in items:
                name, _, kind = item.partition(':')
                names.append((name, kind))
            entries.append((module, names))
    return entries


INDEX = _parse(DATA)
IDS = [module for module, _ in INDEX]


def test_index_data():
    modules = [module for module, _ in INDEX]
    assert len(modules) > 100
    assert len(set(modules)) == len(modules)
    for module, names in INDEX:
        assert module.startswith('chainer.') and not EXCLUDED.match(module), module
        for name, kind in names:
            assert kind in KINDS, (module, name, kind)
    if os.path.exists(SPEC):
        # the copy is the chainer-core subset of the shared module index
        expected = [(m, n) for m, n in _parse(SPEC)
                    if m.startswith('chainer.') and not EXCLUDED.match(m)]
        assert INDEX == expected


@pytest.mark.parametrize('module_name,names', INDEX, ids=IDS)
def test_module_has_v7_names(module_name, names):
    module = importlib.import_module(module_name)
    missing = [name for name, _ in names if not hasattr(module, name)]
    assert not missing, '{} lacks {}'.format(module_name, missing)
    for name, kind in names:
        obj = getattr(module, name)
        if kind == 'class':
            assert inspect.isclass(obj), '{}.{} is not a class'.format(module_name, name)
        else:
            assert callable(obj), '{}.{} is not callable'.format(module_name, name)


def _public_definitions(module):
    for name, obj in sorted(vars(module).items()):
        if name.startswith('_'):
            continue
        if not (inspect.isclass(obj) or inspect.isfunction(obj)):
            continue
        if getattr(obj, '__module__', None) != module.__name__:
            continue  # imported from elsewhere
        yield name, obj


@pytest.mark.parametrize('module_name', IDS)
def test_public_definitions_have_docstrings(module_name):
    module = importlib.import_module(module_name)
    undocumented = [name for name, obj in _public_definitions(module)
                    if not (obj.__doc__ or '').strip()]
    assert not undocumented, '{}: no docstring: {}'.format(module_name, undocumented)


def test_functions_exports_have_docstrings():
    import chainer.functions as F
    names = [n for n in dir(F) if not n.startswith('_')]
    exported = [(n, getattr(F, n)) for n in names]
    exported = [(n, obj) for n, obj in exported if not inspect.ismodule(obj)]
    assert len(exported) > 100
    undocumented = [n for n, obj in exported if not (obj.__doc__ or '').strip()]
    assert not undocumented, 'chainer.functions: no docstring: {}'.format(undocumented)
