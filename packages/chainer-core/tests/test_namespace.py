"""The ``chainer`` namespace across distributions (chainer._namespace).

A subpackage whose distribution is installed imports and resolves as an attribute
of its parent; one whose distribution is missing raises an ImportError naming the
pip package. The real state of the environment is checked (in the ``isolated``
nox session of chainer-core, none of the siblings is installed), and the missing
case is also simulated by hiding the namespace's other folders. Each check runs in
a fresh interpreter.
"""

import importlib.metadata
import subprocess
import sys
import textwrap

import pytest

from chainer import _namespace

PROVIDED_BY = {
    'chainer.dataset': 'chainer-datasets',
    'chainer.datasets': 'chainer-datasets',
    'chainer.iterators': 'chainer-datasets',
    'chainer.links': 'chainer-links',
    'chainer.training': 'chainer-training',
    'chainer.links.caffe': 'chainer-caffe',
    'chainer.exporters': 'chainer-caffe',
}


def _installed(dist):
    try:
        importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return False
    return True


def _run(code):
    proc = subprocess.run([sys.executable, '-c', textwrap.dedent(code)], capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc.stdout


def test_distribution_map():
    assert _namespace.DISTRIBUTIONS == PROVIDED_BY


@pytest.mark.parametrize('fullname', sorted(PROVIDED_BY))
def test_import_matches_installed_distributions(fullname):
    # The first distribution on the way to ``fullname`` that is missing is the one named.
    needed = [PROVIDED_BY[name] for name in PROVIDED_BY
              if fullname == name or fullname.startswith(name + '.')]
    missing = next((dist for dist in needed if not _installed(dist)), None)
    parent, _, child = fullname.rpartition('.')
    out = _run(f"""
        import importlib, chainer
        try:
            module = importlib.import_module({fullname!r})
        except ImportError as e:
            assert isinstance(e, ModuleNotFoundError), type(e)
            print('missing', e.name, '|', e)
        else:
            parent = importlib.import_module({parent!r})
            assert getattr(parent, {child!r}) is module
            print('found', module.__name__)
    """)
    if missing is None:
        assert out.strip() == f'found {fullname}'
    else:
        assert out.startswith('missing chainer.')
        assert f'pip install {missing}' in out
        assert missing in out.split('|')[1]


_HIDE_SIBLINGS = """
    import sys, tempfile
    import chainer
    # Only an empty folder remains in the namespace: no sibling distribution is found.
    chainer.__path__[:] = [tempfile.mkdtemp()]
    for name in [m for m in sys.modules if m.startswith(('chainer.links', 'chainer.training',
                                                         'chainer.dataset', 'chainer.iterators'))]:
        del sys.modules[name]
        vars(chainer).pop(name.split('.')[1], None)
"""


@pytest.mark.parametrize('fullname', ['chainer.links', 'chainer.training', 'chainer.datasets',
                                      'chainer.dataset', 'chainer.iterators'])
def test_missing_distribution_is_named(fullname):
    dist = PROVIDED_BY[fullname]
    attr = fullname.split('.')[1]
    out = _run(_HIDE_SIBLINGS + f"""
    import importlib
    for how in ('import', 'attribute', 'from'):
        try:
            if how == 'import':
                importlib.import_module({fullname!r})
            elif how == 'attribute':
                getattr(chainer, {attr!r})
            else:
                exec('from chainer import {attr}')
        except ModuleNotFoundError as e:
            assert e.name == {fullname!r}, (how, e.name)
            print(how, '|', e)
        else:
            raise AssertionError(how + ' did not raise')
    """)
    lines = out.strip().splitlines()
    assert [line.split(' | ')[0] for line in lines] == ['import', 'attribute', 'from']
    for line in lines:
        message = line.split(' | ', 1)[1]
        assert message.startswith(f'{fullname} is provided by the {dist} distribution')
        assert message.endswith(f'pip install {dist}')


def test_finder_is_last_and_installed_once():
    out = _run("""
        import sys
        import chainer
        from chainer import _namespace
        _namespace.install()
        finders = [f for f in sys.meta_path if isinstance(f, _namespace.MissingDistributionFinder)]
        assert len(finders) == 1, sys.meta_path
        assert sys.meta_path[-1] is finders[0], sys.meta_path
        print('ok')
    """)
    assert out.strip() == 'ok'


def test_unrelated_modules_are_not_affected():
    out = _run(_HIDE_SIBLINGS + """
    try:
        import chainer.no_such_module
    except ModuleNotFoundError as e:
        assert 'pip install' not in str(e), e
        assert e.name == 'chainer.no_such_module', e.name
    try:
        chainer.no_such_attribute
    except AttributeError as e:
        assert 'no_such_attribute' in str(e), e
    assert not hasattr(chainer, 'no_such_attribute')
    print('ok')
    """)
    assert out.strip() == 'ok'


def test_lazy_submodule():
    with pytest.raises(AttributeError, match='no_such_name'):
        _namespace.lazy_submodule('no_such_name')
    with pytest.raises(AttributeError):
        _namespace.lazy_submodule('functions')  # a core subpackage: not the namespace's job
    with pytest.raises(AttributeError):
        _namespace.lazy_submodule('training', 'chainer.links')
    if _installed('chainer-links'):
        import chainer.links
        assert _namespace.lazy_submodule('links') is chainer.links
    else:
        with pytest.raises(ImportError, match='pip install chainer-links'):
            _namespace.lazy_submodule('links')


def test_finder_ignores_probes_of_other_folders(tmp_path):
    # pytest's importlib import mode asks every meta path finder for a subpackage with a
    # folder of its own; only a search of the parent package's path is an import to explain.
    import chainer
    finder = _namespace.MissingDistributionFinder()
    assert finder.find_spec('chainer.links', [str(tmp_path)]) is None
    with pytest.raises(ModuleNotFoundError, match='pip install chainer-links'):
        finder.find_spec('chainer.links', list(chainer.__path__))
    assert finder.find_spec('chainer.functions', list(chainer.__path__)) is None
