"""nox sessions of the Chainer 8 monorepo (run them with ``python3 tools/run-tests [nox args]``).

Packages are discovered from ``packages/*/pyproject.toml``. Python interpreters are
those of 3.11+ found on the machine (on PATH or under pyenv); a session whose
interpreter is absent is skipped, not failed.
"""

import os
import pathlib
import re
import shutil
import subprocess
import sys
import tomllib

import nox

ROOT = pathlib.Path(__file__).resolve().parent
CANDIDATE_PYTHONS = ('3.11', '3.12', '3.13', '3.14')
SHIM_DIR = ROOT / '.nox' / '.pythons'
PYTEST = ('pytest', '-m', 'not gpu', '-n', '2', '-p', 'no:cacheprovider')

os.environ['OPENBLAS_NUM_THREADS'] = '1'
os.environ['OMP_NUM_THREADS'] = '1'
os.environ['MKL_NUM_THREADS'] = '1'
os.environ.setdefault('PIP_DISABLE_PIP_VERSION_CHECK', '1')

nox.options.error_on_missing_interpreters = False
nox.options.reuse_venv = 'yes'
if hasattr(nox.options, 'download_python'):
    nox.options.download_python = 'never'


# --- packages ---------------------------------------------------------------------------------

def _load(path):
    return tomllib.loads(path.read_text())


def _req_name(requirement):
    return re.split(r'[\s\[<>=!~;@(]', requirement.strip(), maxsplit=1)[0].lower()


PACKAGES = {}  # name -> {'path', 'requires', 'deps' (the sibling ones), 'test' (its test group)}
for _pyproject in sorted(ROOT.glob('packages/*/pyproject.toml')):
    _data = _load(_pyproject)
    PACKAGES[_data['project']['name']] = {
        'path': _pyproject.parent,
        'requires': [_req_name(r) for r in _data['project'].get('dependencies', ())],
        'test': list(nox.project.dependency_groups(_data, 'test'))
        if 'test' in _data.get('dependency-groups', {}) else ['pytest', 'pytest-xdist'],
    }
for _info in PACKAGES.values():
    _info['deps'] = [r for r in _info['requires'] if r in PACKAGES]
    # siblings a package's tests use (e.g. chainer-training's tests train chainer-links models)
    _info['test_deps'] = [n for n in map(_req_name, _info['test']) if n in PACKAGES]


def _closure(name):
    """``name`` and the sibling packages it needs, dependencies first."""
    order = []

    def visit(n):
        for dep in PACKAGES[n]['deps']:
            visit(dep)
        if n not in order:
            order.append(n)

    visit(name)
    return order


def _test_closure(name):
    """``_closure(name)`` and the sibling packages its tests use (with what they need)."""
    names = _closure(name)
    for sibling in PACKAGES[name]['test_deps']:
        names += [n for n in _closure(sibling) if n not in names]
    return names


def _topological():
    order = []
    for name in PACKAGES:
        order += [n for n in _closure(name) if n not in order]
    return order


# --- interpreters -----------------------------------------------------------------------------

def _python_version(executable):
    try:
        out = subprocess.run(
            [executable, '-c', 'import sys; print("%d.%d" % sys.version_info[:2])'],
            capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() if out.returncode == 0 else None


def _find_interpreter(version):
    """A working ``pythonX.Y``: on PATH (skipping pyenv shims that fail) or under pyenv."""
    candidates = []
    if _python_version(sys.executable) == version:
        candidates.append(sys.executable)
    if exe := shutil.which(f'python{version}'):
        candidates.append(exe)
    pyenv_root = pathlib.Path(os.environ.get('PYENV_ROOT', pathlib.Path.home() / '.pyenv'))
    candidates += sorted(map(str, pyenv_root.glob(f'versions/{version}.*/bin/python{version}')),
                         reverse=True)
    for exe in candidates:
        if _python_version(exe) == version:
            return exe
    return None


def _discover_pythons():
    """Finds the interpreters and exposes them to nox as ``pythonX.Y`` on PATH."""
    found = {}
    for version in CANDIDATE_PYTHONS:
        exe = _find_interpreter(version)
        if exe is not None:
            found[version] = exe
    if os.name == 'posix' and found:
        SHIM_DIR.mkdir(parents=True, exist_ok=True)
        for version, exe in found.items():
            link = SHIM_DIR / f'python{version}'
            if link.is_symlink() or link.exists():
                if os.path.realpath(link) == os.path.realpath(exe):
                    continue
                link.unlink()
            link.symlink_to(exe)
        os.environ['PATH'] = os.pathsep.join([str(SHIM_DIR), os.environ.get('PATH', '')])
    return list(found)


PYTHONS = _discover_pythons() or [f'{sys.version_info[0]}.{sys.version_info[1]}']
OLDEST, NEWEST = PYTHONS[0], PYTHONS[-1]

nox.options.sessions = ['lint', 'build', f'tests-{NEWEST}', 'isolated', 'numpy1', 'caffe',
                        'examples', 'mn']


# --- sessions ---------------------------------------------------------------------------------

def _test_requirements(names):
    """The test groups of ``names`` but their sibling packages (installed editable already: pip
    does not match a named requirement with an editable install of it)."""
    reqs = []
    for name in names:
        reqs += [r for r in PACKAGES[name]['test']
                 if r not in reqs and _req_name(r) not in PACKAGES]
    return reqs


@nox.session(python=PYTHONS)
def tests(session):
    """All packages installed editable together; every test but the gpu ones, then doctests.

    The doctest run checks the ``>>>`` examples of every docstring in the sources (namespace:
    ``conftest.py``, options: the root ``pyproject.toml``); the session's arguments go to the
    test run only.
    """
    names = _topological()
    editable = [arg for n in names for arg in ('-e', str(PACKAGES[n]['path']))]
    session.install(*editable, *_test_requirements(names))
    _install_example_plugin(session)
    session.run(*PYTEST, *session.posargs, *(str(PACKAGES[n]['path'] / 'tests') for n in names))
    session.run(*PYTEST, '--doctest-modules', *(str(PACKAGES[n]['path'] / 'src') for n in names))


_WHEELS = {}  # package name -> wheel built during this nox run (shared by the sessions)
_WHEEL_DIR = ROOT / '.nox' / '.wheels'


def _wheels(session, names):
    """The wheels of ``names``, built once per nox run with pip (isolated build: poetry-core)."""
    missing = [n for n in names if n not in _WHEELS]
    if missing:
        if not _WHEELS and _WHEEL_DIR.exists():
            shutil.rmtree(_WHEEL_DIR)  # wheels of an earlier run may be stale
        outdir = _WHEEL_DIR / str(len(_WHEELS))
        session.run('python', '-m', 'pip', 'wheel', '--no-deps', '--quiet', '-w', str(outdir),
                    *(str(PACKAGES[n]['path']) for n in missing))
        for name in missing:
            prefix = name.replace('-', '_') + '-'
            found = [w for w in outdir.glob('*.whl') if w.name.startswith(prefix)]
            if len(found) != 1:
                session.error(f'expected one wheel of {name} in {outdir}, found {found}')
            _WHEELS[name] = str(found[0])
    return [_WHEELS[n] for n in names]


@nox.session(python=OLDEST, reuse_venv=False)
@nox.parametrize('package', [nox.param(name, id=name) for name in PACKAGES])
def isolated(session, package):
    """One package's wheel (+ the sibling wheels it needs) alone in a fresh venv, its tests."""
    wheels = _wheels(session, _test_closure(package))
    # Only the declared dependencies (resolved by pip from the wheels) and the test group
    # (whose sibling packages come from their wheels).
    session.install(*wheels, *PACKAGES[package]['test'])
    if package == 'chainer-training':
        _install_example_plugin(session)
    installed = session.run('python', '-m', 'pip', 'list', '--format=freeze', silent=True)
    session.log('installed: ' + ' '.join(installed.split()))
    tests_dir = PACKAGES[package]['path'] / 'tests'
    # From the repository root, so the root pyproject.toml configures pytest; the source
    # trees are not on sys.path (importlib import mode), so the installed wheels are tested.
    session.run(*PYTEST, *session.posargs, str(tests_dir),
                env={'CHAINER_TEST_ISOLATED': package})


@nox.session(python='3.11')
def numpy1(session):
    """chainer-core's tests and docstring examples against NumPy 1.26."""
    core = PACKAGES['chainer-core']
    session.install('-e', str(core['path']), 'numpy>=1.26,<2', *core['test'])
    session.run('python', '-c', 'import numpy; assert numpy.__version__.startswith("1.26"), '
                'numpy.__version__; print("numpy", numpy.__version__)')
    session.run(*PYTEST, *session.posargs, str(core['path'] / 'tests'))
    session.run(*PYTEST, '--doctest-modules', str(core['path'] / 'src'))


@nox.session(python=NEWEST)
def lint(session):
    """ruff check (configured in the root pyproject.toml)."""
    session.install('ruff')
    session.run('ruff', 'check', *session.posargs, 'packages', 'tools', 'meta', 'examples',
                'noxfile.py')


@nox.session(python=OLDEST)
def build(session):
    """Builds every sdist and wheel and checks them (tools/check_dists.py); installs them all."""
    session.install('build', 'twine', 'poetry-core>=2.0', 'packaging')
    outdir = pathlib.Path(session.create_tmp()) / 'dist'
    session.run('python', str(ROOT / 'tools' / 'check_dists.py'), '--outdir', str(outdir))
    # The meta-package's wheel and the five resolve together into one working install.
    session.install(*map(str, sorted(outdir.glob('*/*.whl'))))
    session.run('python', '-c', _INSTALLED_CHECK, *PACKAGES, 'chainer')


_INSTALLED_CHECK = """
import importlib.metadata, io, sys
import chainer, chainer.links, chainer.links.caffe, chainer.training, chainer.datasets
import chainer.dataset, chainer.iterators, chainermn
out = io.StringIO()
chainer.print_runtime_info(out)
print(out.getvalue())
for name in sys.argv[1:]:
    version = importlib.metadata.version(name)
    assert version == chainer.__version__, (name, version, chainer.__version__)
    assert name + ' ' + version in out.getvalue(), (name, out.getvalue())
"""


# --- chainer-caffe against the protobuf releases and backends users have ---------------------

_PROTOBUF_RELEASES = [nox.param('protobuf>=5.26,<6', id='protobuf5'),
                      nox.param('protobuf', id='protobuf-newest')]
_PROTOBUF_BACKENDS = [nox.param('upb', id='upb'), nox.param('python', id='python')]
_PROTOBUF_CHECK = """
import sys
from google.protobuf import __version__
from google.protobuf.internal import api_implementation
release, backend = sys.argv[1:]
print('protobuf', __version__, api_implementation.Type())
assert (api_implementation.Type() == 'python') == (backend == 'python'), backend
assert release == 'protobuf' or __version__.startswith('5.'), __version__
"""


@nox.session(python=NEWEST)
@nox.parametrize('release', _PROTOBUF_RELEASES)
@nox.parametrize('backend', _PROTOBUF_BACKENDS)
def caffe(session, release, backend):
    """chainer-caffe's tests with protobuf 5.x and the newest, upb and pure-Python backends."""
    names = _closure('chainer-caffe') + ['chainer-datasets']  # datasets: the model zoo's 'auto'
    editable = [arg for n in names for arg in ('-e', str(PACKAGES[n]['path']))]
    session.install('--upgrade', release, *editable, *_test_requirements(names))
    env = {'PROTOCOL_BUFFERS_PYTHON_IMPLEMENTATION': 'python'} if backend == 'python' else {}
    session.run('python', '-c', _PROTOBUF_CHECK, release, backend, env=env)
    session.run(*PYTEST, *session.posargs, str(PACKAGES['chainer-caffe']['path'] / 'tests'),
                env=env)


# --- chainer-training: its third-party plugin test, the examples ------------------------------

EXAMPLE_PLUGIN = ROOT / 'packages' / 'chainer-training' / 'tests' / 'example_plugin'


def _install_example_plugin(session):
    """Builds and installs the example third-party extension distribution (its own
    pyproject.toml, entry point ``chainer.training.extensions``) that the plugin tests train
    with."""
    session.install('--no-deps', str(EXAMPLE_PLUGIN))


# The files of a checkout that the README's Quickstart uses.
_QUICKSTART_FILES = ('README.md', 'LICENSE', 'pyproject.toml', 'meta', 'packages', 'examples')
# Distributions the Quickstart must not install: ChainerMN comes only with the extra `mn`.
_NOT_IN_QUICKSTART = ('chainer-mn', 'mpi4py')


def _quickstart_command():
    """The first command of the README's Quickstart, as written there."""
    text = (ROOT / 'README.md').read_text()
    found = re.search(r'^## Quickstart\n.*?^```sh\n(.+?)\n', text, re.M | re.S)
    if found is None:
        raise RuntimeError('README.md has no ```sh block under "## Quickstart"')
    return found.group(1)


def _copy_checkout(destination):
    shutil.rmtree(destination, ignore_errors=True)
    destination.mkdir(parents=True)
    ignore = shutil.ignore_patterns('__pycache__', '*.egg-info', 'build', 'dist', 'result')
    for name in _QUICKSTART_FILES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, destination / name, ignore=ignore)
        else:
            shutil.copy2(source, destination / name)


def _test_accuracy(output):
    found = re.search(r'Test accuracy \(digits\): ([0-9.]+)', output)
    return None if found is None else float(found.group(1))


def _check_test_accuracy(session, output, what):
    accuracy = _test_accuracy(output)
    if accuracy is None or accuracy < 0.9:
        session.error('{} did not reach a test accuracy of 0.9 on the digits'.format(what))


@nox.session(python=NEWEST)
def examples(session):
    """The README's Quickstart exactly as written, in a copy of the checkout: a fresh venv
    with what it installs (never chainer-mn or mpi4py) and a short run of examples/mnist
    offline, so on scikit-learn's digits; then a run resumed from its snapshot (with v7's
    older option --gpu). Both must reach a test accuracy of 0.9."""
    tmp = pathlib.Path(session.create_tmp()).resolve()
    checkout = tmp / 'checkout'
    _copy_checkout(checkout)
    # MNIST's servers are reached over http: a dead proxy keeps them out of reach, while pip
    # installs over https (or from files) as usual.
    offline = {'CHAINER_DATASET_ROOT': str(tmp / 'dataset'), 'http_proxy': 'http://127.0.0.1:9',
               'HTTP_PROXY': 'http://127.0.0.1:9', 'no_proxy': '', 'NO_PROXY': ''}
    with session.chdir(checkout):
        output = session.run('sh', '-c', _quickstart_command(), env=offline, external=True,
                             silent=True)
        print(output)
        _check_test_accuracy(session, output, "The README's Quickstart")
        python = str(checkout / '.venv-quickstart' / 'bin' / 'python')
        installed = session.run(python, '-m', 'pip', 'list', '--format=freeze',
                                external=True, silent=True)
        names = {line.split('==')[0].lower() for line in installed.split()}
        unwanted = sorted(names.intersection(_NOT_IN_QUICKSTART))
        if unwanted or 'chainer' not in names:
            session.error('the Quickstart installed {} (unwanted: {})'.format(
                ' '.join(sorted(names)), unwanted))

        out = checkout / 'result' / 'mnist'
        snapshot = next(out.glob('snapshot_iter_*'))
        output = session.run(python, 'examples/mnist/train_mnist.py', '--epoch', '12',
                             '--resume', str(snapshot), '--gpu', '-1', '--unit', '100',
                             '--batchsize', '50', '--out', str(out), env=offline,
                             external=True, silent=True)
        print(output)
        _check_test_accuracy(session, output, 'examples/mnist resumed from a snapshot')
        for pattern in ('log', 'loss.png', 'accuracy.png', 'cg.dot', 'snapshot_iter_*'):
            if not any(path.is_file() for path in out.glob(pattern)):
                session.error('examples/mnist did not write {}'.format(out / pattern))


# --- chainer-mn under MPI ---------------------------------------------------------------------

# Open MPI from pip, allowed to run as root (CI may), its processes on this machine only and
# talking through shared memory (no TCP transport); more processes than cores, so a waiting
# process yields its core.
_MPI_ENV = {'OMPI_ALLOW_RUN_AS_ROOT': '1', 'OMPI_ALLOW_RUN_AS_ROOT_CONFIRM': '1',
            'OMPI_MCA_btl': 'self,sm', 'OMPI_MCA_rmaps_base_oversubscribe': '1',
            'OMPI_MCA_mpi_yield_when_idle': '1'}


def _mpiexec(n, *command):
    return ('mpiexec', '-n', str(n), '--oversubscribe', '--host', f'127.0.0.1:{n}', *command)


@nox.session(python=NEWEST)
def mn(session):
    """chainer-mn's tests on 2 and 3 MPI processes (Open MPI and mpi4py from pip), the tests
    of a failing process aborting its job (from one process: they start their own jobs), and
    the multi-process MNIST example against the single-process run (offline, on the digits)."""
    names = _test_closure('chainer-mn')
    editable = [arg for n in names for arg in ('-e', str(PACKAGES[n]['path']))]
    session.install(*editable, *_test_requirements(['chainer-mn']), 'scikit-learn>=1.3')
    tests = str(PACKAGES['chainer-mn']['path'] / 'tests')
    for n in (2, 3):
        session.run(*_mpiexec(n, 'python', '-m', 'pytest', '-m', 'not gpu', '-q',
                              '-p', 'no:cacheprovider', *session.posargs, tests), env=_MPI_ENV)
    # The tests of a failing process aborting the job start MPI jobs of their own: from one
    # process outside mpiexec (under it they skip).
    session.run('python', '-m', 'pytest', '-q', '-p', 'no:cacheprovider', *session.posargs,
                str(pathlib.Path(tests) / 'test_global_except_hook.py'), env=_MPI_ENV)

    tmp = pathlib.Path(session.create_tmp())
    offline = {'CHAINER_DATASET_ROOT': str(tmp / 'dataset'), 'http_proxy': 'http://127.0.0.1:9',
               'https_proxy': 'http://127.0.0.1:9', 'no_proxy': '', **_MPI_ENV}
    script = str(ROOT / 'examples' / 'mnist' / 'train_mnist_multi.py')
    common = ('--epoch', '10', '--unit', '100', '--seed', '1')
    accuracies = []
    for n in (1, 2):  # the same global batch of 50
        out = tmp / f'mnist-{n}'
        shutil.rmtree(out, ignore_errors=True)
        output = session.run(*_mpiexec(n, 'python', script, '--batchsize', str(50 // n),
                                       '--out', str(out), *common), env=offline, silent=True)
        print(output)
        accuracies.append(_test_accuracy(output))
        if accuracies[-1] is None:
            session.error(f'examples/mnist/train_mnist_multi.py on {n} processes printed no '
                          'test accuracy')
    if accuracies[1] < accuracies[0] - 0.01:
        session.error('2 processes reached a test accuracy of {:.4f}, more than 1 point below '
                      'the {:.4f} of 1 process'.format(accuracies[1], accuracies[0]))
