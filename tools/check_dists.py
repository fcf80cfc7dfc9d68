"""Builds every Chainer 8 distribution and checks what would be uploaded.

Usage: python tools/check_dists.py [--outdir DIR] [--no-build]

Builds the sdist and the wheel (from the sdist, as ``python -m build`` does) of the
root ``chainer`` meta-package and of every ``packages/*``, then checks that

- ``twine check --strict`` passes on every sdist and wheel;
- no file is shipped by two wheels, and only chainer-core ships ``chainer/__init__.py``;
- every wheel ships only files under the package paths its pyproject declares;
- no wheel or sdist carries a ``file://`` or other URL/path requirement, bytecode or
  ``__pycache__``;
- all distributions carry the same version.

Needs ``build``, ``twine`` and ``poetry-core`` in the running environment (the nox
``build`` session installs them). Exits non-zero on any problem.
"""

import argparse
import collections
import email.parser
import pathlib
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = pathlib.Path(__file__).resolve().parent.parent


def project_dirs():
    """Directories holding a pyproject.toml: the root meta-package, then every package."""
    return [ROOT, *sorted(p.parent for p in ROOT.glob('packages/*/pyproject.toml'))]


def load_project(path):
    return tomllib.loads((path / 'pyproject.toml').read_text())


def build_all(outdir):
    """Builds sdist + wheel of every project into ``outdir``; returns {name: (sdist, wheel)}."""
    built = {}
    for path in project_dirs():
        name = load_project(path)['project']['name']
        dest = outdir / name
        dest.mkdir(parents=True)
        subprocess.run([sys.executable, '-m', 'build', '--no-isolation', '--outdir', str(dest),
                        str(path)], check=True, stdout=subprocess.DEVNULL)
        sdists = list(dest.glob('*.tar.gz'))
        wheels = list(dest.glob('*.whl'))
        if len(sdists) != 1 or len(wheels) != 1:
            raise RuntimeError(f'{name}: expected one sdist and one wheel, got {sdists + wheels}')
        built[name] = (sdists[0], wheels[0])
    return built


def _metadata(text):
    return email.parser.Parser().parsestr(text)


def check_requirements(label, metadata, problems):
    for key, value in metadata.items():  # the headers; the payload is the README
        if 'file:' in value:
            problems.append(f'{label}: metadata field {key} mentions file: {value!r}')
    for line in metadata.get_all('Requires-Dist') or ():
        req = Requirement(line)
        if req.url is not None:
            problems.append(f'{label}: URL/path requirement {line!r}')


def _declared_roots(path):
    """Wheel path prefixes the project's [tool.poetry] packages declare."""
    roots = []
    for pkg in load_project(path).get('tool', {}).get('poetry', {}).get('packages', []):
        formats = pkg.get('format', ['sdist', 'wheel'])
        if 'wheel' in ([formats] if isinstance(formats, str) else formats):
            roots.append(pkg['include'].rstrip('/'))
    return roots


def check(built):
    problems = []
    owners = collections.defaultdict(list)
    versions = {}
    dirs = {load_project(p)['project']['name']: p for p in project_dirs()}
    for name, (sdist, wheel) in built.items():
        roots = _declared_roots(dirs[name])
        with zipfile.ZipFile(wheel) as zf:
            files = zf.namelist()
            metadata_name = next(f for f in files if f.endswith('.dist-info/METADATA'))
            metadata = _metadata(zf.read(metadata_name).decode())
        versions[name] = metadata['Version']
        if canonicalize_name(metadata['Name']) != canonicalize_name(name):
            problems.append(f'{wheel.name}: Name {metadata["Name"]} != {name}')
        check_requirements(wheel.name, metadata, problems)
        for f in files:
            top = f.split('/', 1)[0]
            if top.endswith('.dist-info'):
                continue
            owners[f].append(name)
            if '__pycache__' in f or f.endswith(('.pyc', '.pyo')):
                problems.append(f'{wheel.name}: ships bytecode {f}')
            if not any(f == r or f.startswith(r + '/') for r in roots):
                problems.append(f'{wheel.name}: {f} is outside its declared packages {roots}')
        with tarfile.open(sdist) as tf:
            members = tf.getnames()
            pkg_info = next(m for m in members if m.count('/') == 1 and m.endswith('/PKG-INFO'))
            sdist_metadata = _metadata(tf.extractfile(pkg_info).read().decode())
        check_requirements(sdist.name, sdist_metadata, problems)
        for m in members:
            if '__pycache__' in m or m.endswith(('.pyc', '.pyo')):
                problems.append(f'{sdist.name}: ships bytecode {m}')
    for f, names in sorted(owners.items()):
        if len(names) > 1:
            problems.append(f'{f} is shipped by {len(names)} wheels: {", ".join(names)}')
    init_owners = owners.get('chainer/__init__.py', [])
    if init_owners != ['chainer-core']:
        problems.append(f'chainer/__init__.py must be shipped by chainer-core only: {init_owners}')
    if len(set(versions.values())) != 1:
        problems.append(f'distributions disagree on the version: {versions}')
    dists = [p for pair in built.values() for p in pair]
    twine = subprocess.run([sys.executable, '-m', 'twine', 'check', '--strict',
                            *map(str, dists)], capture_output=True, text=True)
    if twine.returncode != 0:
        problems.append('twine check --strict failed:\n' + twine.stdout + twine.stderr)
    return problems


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--outdir', type=pathlib.Path, default=ROOT / 'dist',
                        help='where to put the built distributions (emptied first)')
    parser.add_argument('--no-build', action='store_true',
                        help='check the distributions already in --outdir')
    args = parser.parse_args(argv)
    outdir = args.outdir.resolve()
    if args.no_build:
        built = {}
        for path in project_dirs():
            name = load_project(path)['project']['name']
            built[name] = (next((outdir / name).glob('*.tar.gz')),
                           next((outdir / name).glob('*.whl')))
    else:
        if outdir.exists():
            shutil.rmtree(outdir)
        built = build_all(outdir)
    problems = check(built)
    for name, (sdist, wheel) in built.items():
        print(f'{name}: {sdist.relative_to(outdir)}, {wheel.relative_to(outdir)}')
    if problems:
        print(f'\n{len(problems)} problem(s):', file=sys.stderr)
        for problem in problems:
            print(f'  - {problem}', file=sys.stderr)
        return 1
    print(f'OK: {len(built)} distributions; twine check --strict passed, no file shipped twice, '
          'no path requirements.')
    return 0


if __name__ == '__main__':
    sys.exit(main())
