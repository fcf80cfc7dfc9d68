"""All Chainer 8 distributions share one version; tools/set-version keeps it so."""

import importlib.metadata
import pathlib
import shutil
import subprocess
import sys
import tomllib

from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.version import Version

import chainer

ROOT = pathlib.Path(__file__).resolve().parents[3]
SET_VERSION = ROOT / 'tools' / 'set-version'
SIBLINGS = {'chainer', 'chainer-core', 'chainer-datasets', 'chainer-links', 'chainer-training',
            'chainer-caffe', 'chainer-mn'}


def _pyprojects(root):
    return [root / 'pyproject.toml', *sorted(root.glob('packages/*/pyproject.toml'))]


def _projects(root):
    return {p.relative_to(root).as_posix(): tomllib.loads(p.read_text())['project']
            for p in _pyprojects(root)}


def _sibling_requirements(project):
    reqs = list(project.get('dependencies', ()))
    for extra in project.get('optional-dependencies', {}).values():
        reqs += extra
    return [Requirement(r) for r in reqs if Requirement(r).name in SIBLINGS]


def _set_version(*args):
    return subprocess.run([sys.executable, str(SET_VERSION), *args], capture_output=True,
                          text=True, timeout=60)


def test_all_distributions_are_known():
    names = {project['name'] for project in _projects(ROOT).values()}
    assert names == SIBLINGS


def test_versions_agree():
    versions = {path: project['version'] for path, project in _projects(ROOT).items()}
    version = versions['pyproject.toml']
    assert set(versions.values()) == {version}, versions
    assert chainer.__version__ == version
    assert importlib.metadata.version('chainer-core') == version


def test_sibling_constraints():
    projects = _projects(ROOT)
    version = Version(projects['pyproject.toml']['version'])
    suffix = ''.join(map(str, version.pre or ())) + (
        f'.dev{version.dev}' if version.dev is not None else '')
    expected = SpecifierSet(f'>={version.major}.{version.minor}{suffix},<{version.major + 1}')
    found = 0
    for path, project in projects.items():
        for req in _sibling_requirements(project):
            found += 1
            assert req.specifier == expected, (path, str(req))
            assert req.specifier.contains(version, prereleases=True)
            assert not req.specifier.contains(Version(f'{version.major + 1}.0'))
    # at least: meta-package 5 + 4 extras; datasets, links: 1; training, caffe: 2 (packages
    # add sibling extras, e.g. chainer-links[pretrained])
    assert found >= 15


def test_set_version_check_passes():
    proc = _set_version('--check')
    assert proc.returncode == 0, proc.stderr


def _copy_tree(tmp_path):
    for path in _pyprojects(ROOT):
        dest = tmp_path / path.relative_to(ROOT)
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, dest)
    init = tmp_path / 'packages/chainer-core/src/chainer/__init__.py'
    init.parent.mkdir(parents=True)
    init.write_text("'''doc'''\nimport sys\n__version__ = '0.0.1'\nx = 1\n")
    return tmp_path


def test_set_version_rewrites_everything(tmp_path):
    root = _copy_tree(tmp_path)
    before = {p: p.read_text() for p in _pyprojects(root)}
    proc = _set_version('8.3.1', '--root', str(root))
    assert proc.returncode == 0, proc.stderr
    for path, project in _projects(root).items():
        assert project['version'] == '8.3.1', path
        for req in _sibling_requirements(project):
            assert req.specifier == SpecifierSet('>=8.3,<9'), (path, str(req))
    # Only the version lines and the sibling requirements changed.
    for path, old in before.items():
        new = path.read_text()
        assert len(new.splitlines()) == len(old.splitlines())
        changed = [(a, b) for a, b in zip(old.splitlines(), new.splitlines()) if a != b]
        assert changed
        assert all(a.startswith('version =') or '>=' in a for a, b in changed), changed
    init = root / 'packages/chainer-core/src/chainer/__init__.py'
    assert init.read_text() == "'''doc'''\nimport sys\n__version__ = '8.3.1'\nx = 1\n"
    assert _set_version('--check', '--root', str(root)).returncode == 0

    proc = _set_version('9.0.0rc2', '--root', str(root))
    assert proc.returncode == 0, proc.stderr
    core = _projects(root)['packages/chainer-core/pyproject.toml']
    assert core['version'] == '9.0.0rc2'
    links = _projects(root)['packages/chainer-links/pyproject.toml']
    assert links['dependencies'] == ['chainer-core>=9.0rc2,<10']
    assert _set_version('--check', '--root', str(root)).returncode == 0


def test_set_version_check_detects_disagreement(tmp_path):
    root = _copy_tree(tmp_path)
    assert _set_version('7.0.0', '--root', str(root)).returncode == 0
    path = root / 'packages/chainer-links/pyproject.toml'
    path.write_text(path.read_text().replace('version = "7.0.0"', 'version = "7.0.1"'))
    proc = _set_version('--check', '--root', str(root))
    assert proc.returncode == 1
    assert 'chainer-links' in proc.stderr and '7.0.1' in proc.stderr


def test_set_version_rejects_invalid_version(tmp_path):
    root = _copy_tree(tmp_path)
    proc = _set_version('not-a-version', '--root', str(root))
    assert proc.returncode != 0
    assert 'not a PEP 440 version' in proc.stderr


def test_version_module():
    from chainer import _version
    assert _version.__version__ == chainer.__version__
