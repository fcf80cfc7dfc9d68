"""chainermn provides every public module of v7.8's chainermn with the classes and functions
v7 defines there (``data/v7_chainermn_module_index.txt``), and v7's re-exports, each name with
a docstring."""
import importlib
import inspect
import os

import pytest

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'data',
                    'v7_chainermn_module_index.txt')


def _parse(path):
    entries = []
    with open(path) as f:
        for line in f:
            if line.startswith('#') or not line.strip():
                continue
            module, *items = line.split()
            entries.append((module, [tuple(item.split(':')) for item in items]))
    return entries


INDEX = _parse(DATA)

# Names v7 re-exports from the packages (besides their submodules).
EXPORTS = {
    'chainermn': ['CommunicatorBase', 'DataSizeError', 'MultiNodeChainList',
                  'create_communicator', 'create_multi_node_checkpointer',
                  'create_multi_node_evaluator', 'create_multi_node_optimizer',
                  'scatter_dataset', 'scatter_index'],
    'chainermn.communicators': ['CommunicatorBase', 'create_communicator'],
    'chainermn.datasets': ['DataSizeError', 'create_empty_dataset', 'scatter_dataset',
                           'scatter_index'],
    'chainermn.extensions': ['AllreducePersistent', 'GenericMultiNodeEvaluator',
                             'MultiNodeEarlyStoppingTrigger', 'ObservationAggregator',
                             'create_multi_node_checkpointer', 'create_multi_node_evaluator',
                             'multi_node_snapshot'],
    'chainermn.functions': ['allgather', 'alltoall', 'bcast', 'gather', 'pseudo_connect',
                            'recv', 'scatter', 'send'],
    'chainermn.iterators': ['create_multi_node_iterator', 'create_synchronized_iterator'],
    'chainermn.links': ['MultiNodeBatchNormalization', 'MultiNodeChainList',
                        'create_mnbn_model', 'create_multi_node_n_step_rnn'],
    'chainermn.testing': ['get_device'],
}


def test_index_is_complete():
    assert len(INDEX) == 36


@pytest.mark.parametrize('module_name,names', INDEX, ids=[m for m, _ in INDEX])
def test_module_has_v7_names(module_name, names):
    module = importlib.import_module(module_name)
    for name, kind in names:
        obj = getattr(module, name)
        assert inspect.isclass(obj) if kind == 'class' else callable(obj), name
        assert obj.__module__ == module_name, name
        assert inspect.getdoc(obj), '{}.{} has no docstring'.format(module_name, name)


@pytest.mark.parametrize('module_name,names', sorted(EXPORTS.items()))
def test_package_exports(module_name, names):
    module = importlib.import_module(module_name)
    for name in names:
        assert inspect.getdoc(getattr(module, name)), name


def test_version():
    import chainer
    import chainermn
    assert chainermn.__version__ == chainer.__version__


def test_import_does_not_start_mpi_or_load_cupy():
    import subprocess
    import sys
    code = ('import sys, chainermn; '
            'print("mpi4py.MPI" in sys.modules, "cupy" in sys.modules)')
    out = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True,
                         env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path)))
    assert out.stdout.split() == ['False', 'False'], out.stderr
