"""Checks shared by each distribution's ``tests/test_distribution.py``.

Every Chainer 8 distribution (chainer-core, chainer-datasets, chainer-links, ...) ships part of
the one ``chainer`` namespace. These checks assert that the packages a distribution claims are
imported from its own files (its wheel, or its source tree when installed editable) and that
its metadata declares exactly the expected requirements. They only use the standard library and
``packaging`` (a dependency of pytest), since they run in the isolated venv of each wheel.
"""

import importlib
import importlib.metadata
import os
import pathlib

import chainer

_CORE = 'chainer-core'


def _editable_roots(dist):
    # Folders an editable install of ``dist`` puts on sys.path (its .pth lines).
    roots = []
    for f in dist.files or ():
        if f.suffix == '.pth':
            for line in dist.locate_file(f).read_text().splitlines():
                if line.strip() and not line.startswith(('#', 'import ')):
                    roots.append(pathlib.Path(line.strip()).resolve())
    return roots


def check_packages_come_from_distribution(dist_name, packages):
    """Asserts that each module of ``packages`` is imported from the distribution ``dist_name``.

    In the isolated session of ``dist_name`` (``CHAINER_TEST_ISOLATED`` names it), the module
    must be a file of the installed wheel; otherwise it may also lie under a source root of an
    editable install. Only chainer-core may ship ``chainer/__init__.py``.

    Args:
        dist_name (str): Name of the distribution, e.g. ``'chainer-links'``.
        packages (tuple of str): Module names the distribution provides.
    """
    dist = importlib.metadata.distribution(dist_name)
    shipped = {pathlib.Path(dist.locate_file(f)).resolve() for f in dist.files or ()}
    editable_roots = _editable_roots(dist)
    isolated = os.environ.get('CHAINER_TEST_ISOLATED') == dist_name
    for name in packages:
        module_file = pathlib.Path(importlib.import_module(name).__file__).resolve()
        if isolated:
            # the isolated nox session tests the installed wheel, not the source tree
            assert module_file in shipped, (name, module_file)
        assert module_file in shipped or any(
            module_file.is_relative_to(root) for root in editable_roots), (name, module_file)
    if dist_name != _CORE:
        assert not any(f.as_posix().endswith('chainer/__init__.py') for f in dist.files or ())


def check_metadata(dist_name, requires, extras=None):
    """Asserts the version and the requirements declared by the distribution ``dist_name``.

    Args:
        dist_name (str): Name of the distribution.
        requires (set of str): Names of its unconditional requirements.
        extras (dict): When given, ``{name: marker}`` of its conditional requirements.
    """
    from packaging.requirements import Requirement

    dist = importlib.metadata.distribution(dist_name)
    assert dist.version == chainer.__version__
    reqs = [Requirement(r) for r in dist.requires or ()]
    assert {req.name for req in reqs if req.marker is None} == requires
    if extras is not None:
        assert {req.name: str(req.marker) for req in reqs if req.marker is not None} == extras
