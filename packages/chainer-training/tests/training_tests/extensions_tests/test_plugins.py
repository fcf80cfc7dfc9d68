"""Third-party extensions registered under the entry-point group
``chainer.training.extensions``: discovery, use, broken and colliding plugins.

Most tests install throwaway distributions (a ``.dist-info`` directory and a module, what pip
writes) on ``sys.path``; one trains with the example distribution of ``tests/example_plugin``,
which the nox sessions build and install.
"""
import importlib.metadata
import subprocess
import sys
import textwrap
import warnings

import pytest

from chainer import testing
from chainer.training import extensions
from chainer.training.extensions import _plugins


@pytest.fixture
def site(tmp_path, monkeypatch):
    """A directory on sys.path where ``install(...)`` puts a distribution."""
    root = tmp_path / 'site'
    root.mkdir()
    monkeypatch.syspath_prepend(str(root))
    _plugins._reset()

    def install(dist, module, source, entry_points):
        (root / (module + '.py')).write_text(textwrap.dedent(source))
        info = root / '{}-1.0.dist-info'.format(dist.replace('-', '_'))
        info.mkdir()
        (info / 'METADATA').write_text(
            'Metadata-Version: 2.1\nName: {}\nVersion: 1.0\n'.format(dist))
        lines = ['{} = {}'.format(name, target) for name, target in entry_points.items()]
        (info / 'entry_points.txt').write_text(
            '[chainer.training.extensions]\n' + '\n'.join(lines) + '\n')
        _plugins._reset()

    yield install
    _plugins._reset()
    for name in [m for m in sys.modules if m.startswith('fake_plugin')]:
        del sys.modules[name]


def _fake(available):
    # The plugins of the throwaway distributions (others may be installed).
    return {name: dist for name, dist in available.items() if dist.startswith('fake-')}


COUNTER = '''
from chainer import training

class Counter(training.Extension):
    def __init__(self, key='count', start=0):
        self.key = key
        self.value = start

    def __call__(self, trainer):
        self.value += 1
        trainer.observation[self.key] = self.value

@training.make_extension(trigger=(2, 'iteration'))
def ready(trainer):
    trainer.observation['ready'] = True

def factory(key):
    return Counter(key=key, start=100)
'''


def test_plugins_are_found_and_used(site):
    site('fake-counter', 'fake_plugin_counter', COUNTER, {
        'counter': 'fake_plugin_counter:Counter',
        'ready_made': 'fake_plugin_counter:ready',
        'counter_factory': 'fake_plugin_counter:factory'})
    assert _fake(extensions.available()) == {'counter': 'fake-counter',
                                      'counter_factory': 'fake-counter',
                                      'ready_made': 'fake-counter'}
    assert {'counter', 'counter_factory', 'ready_made'} <= set(dir(extensions))
    from fake_plugin_counter import Counter
    assert extensions.counter is Counter

    trainer = testing.get_trainer_with_mock_updater((4, 'iteration'))
    trainer.extend('counter', key='n')
    trainer.extend('counter_factory', key='m', trigger=(2, 'iteration'))
    trainer.extend('ready_made')
    trainer.run()
    assert trainer.get_extension('Counter').value == 4
    assert trainer.get_extension('Counter_1').value == 102
    assert trainer.observation == {'n': 4, 'm': 102, 'ready': True}
    with pytest.raises(TypeError, match="'ready_made' takes no arguments"):
        trainer.extend('ready_made', x=1)


def test_discovery_is_lazy(site):
    code = ('import sys, chainer.training; '
            'print("importlib.metadata" in sys.modules, '
            'chainer.training.extensions._plugins._entry_points is None)')
    out = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True,
                         check=True).stdout
    assert out.split()[1] == 'True'  # nothing read at import
    site('fake-counter', 'fake_plugin_counter', COUNTER,
         {'counter': 'fake_plugin_counter:Counter'})
    assert _plugins._entry_points is None
    extensions.counter
    assert 'counter' in _plugins._entry_points
    assert 'fake_plugin_counter' in sys.modules


def test_broken_plugin_warns_once_and_is_left_out(site):
    site('fake-broken', 'fake_plugin_broken', 'raise ImportError("missing dependency")\n',
         {'broken': 'fake_plugin_broken:Thing'})
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter('always')
        import chainer.training  # noqa: F401  (never broken by a plugin)
        assert _fake(extensions.available()) == {}
        with pytest.raises(AttributeError, match="no attribute 'broken'"):
            extensions.broken
        with pytest.raises(ValueError, match="'broken' is neither"):
            testing.get_trainer_with_mock_updater().extend('broken')
    messages = [str(w.message) for w in record]
    assert messages == [
        "chainer.training.extensions: the plugin 'broken' of the distribution 'fake-broken' "
        'failed to load (ImportError: missing dependency)']


def test_plugin_colliding_with_a_builtin_is_refused(site):
    site('fake-collide', 'fake_plugin_collide', COUNTER, {
        'LogReport': 'fake_plugin_collide:Counter',
        'fine': 'fake_plugin_collide:Counter'})
    with pytest.warns(UserWarning, match="plugin 'LogReport' of the distribution "
                                         "'fake-collide' is ignored: its name is taken"):
        assert _fake(extensions.available()) == {'fine': 'fake-collide'}
    assert extensions.LogReport.__module__ == 'chainer.training.extensions.log_report'


def test_unknown_attribute():
    _plugins._reset()
    with pytest.raises(AttributeError, match="no attribute 'no_such_plugin'"):
        extensions.no_such_plugin
    with pytest.raises(AttributeError):
        extensions.__wrapped__


def _example_distribution():
    try:
        return importlib.metadata.distribution('chainer-training-example-plugin')
    except importlib.metadata.PackageNotFoundError:
        return None


@pytest.mark.skipif(_example_distribution() is None,
                    reason='the example plugin distribution (tests/example_plugin) is not '
                           'installed; the nox sessions tests and isolated install it')
def test_example_distribution_trains(task):
    _plugins._reset()
    assert extensions.available()['throughput'] == 'chainer-training-example-plugin'
    trainer = task.trainer(stop=(2, 'epoch'))
    trainer.extend('throughput')
    trainer.extend(extensions.LogReport())
    trainer.run()
    log = trainer.get_extension('LogReport').log
    assert len(log) == 2 and all(entry['iterations/sec'] > 0 for entry in log)
