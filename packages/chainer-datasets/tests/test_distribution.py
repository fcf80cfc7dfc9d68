"""The chainer-datasets distribution provides chainer.dataset, .datasets and .iterators."""

import importlib
import importlib.metadata
import os
import pathlib

from packaging.requirements import Requirement

import chainer

DIST = 'chainer-datasets'
PACKAGES = ('chainer.dataset', 'chainer.datasets', 'chainer.iterators')
REQUIRES = {'chainer-core', 'filelock'}


def _package_roots(dist):
    """Folders an editable install of ``dist`` puts on sys.path (its .pth lines)."""
    roots = []
    for f in dist.files or ():
        if f.suffix == '.pth':
            for line in dist.locate_file(f).read_text().splitlines():
                if line.strip() and not line.startswith(('#', 'import ')):
                    roots.append(pathlib.Path(line.strip()).resolve())
    return roots


def test_packages_come_from_the_distribution():
    dist = importlib.metadata.distribution(DIST)
    shipped = {pathlib.Path(dist.locate_file(f)).resolve() for f in dist.files or ()}
    editable_roots = _package_roots(dist)
    for name in PACKAGES:
        module_file = pathlib.Path(importlib.import_module(name).__file__).resolve()
        if os.environ.get('CHAINER_TEST_ISOLATED') == DIST:
            # the isolated nox session tests the installed wheel, not the source tree
            assert module_file in shipped, (name, module_file)
        assert module_file in shipped or any(
            module_file.is_relative_to(root) for root in editable_roots), (name, module_file)
    # Only chainer-core ships chainer/__init__.py.
    assert not any(f.as_posix().endswith('chainer/__init__.py') for f in dist.files or ())


def test_metadata():
    dist = importlib.metadata.distribution(DIST)
    assert dist.version == chainer.__version__
    requires = {req.name for req in map(Requirement, dist.requires or ()) if req.marker is None}
    assert requires == REQUIRES
