"""``import chainer`` and its subpackages never import the optional heavy dependencies.

Each check runs in a fresh interpreter so that ``sys.modules`` reflects only the
imports under test. Subpackages of every installed chainer-* distribution are
included (they join the ``chainer`` namespace).
"""

import importlib.metadata
import json
import subprocess
import sys

FORBIDDEN = ('cupy', 'cupyx', 'h5py', 'PIL', 'matplotlib', 'google.protobuf', 'mpi4py')
SIBLING_PACKAGES = ('chainer.links', 'chainer.training', 'chainer.datasets', 'chainer.dataset',
                    'chainer.iterators')
PACKAGES_OF = {
    'chainer-datasets': ('chainer.dataset', 'chainer.datasets', 'chainer.iterators'),
    'chainer-links': ('chainer.links',),
    'chainer-training': ('chainer.training',),
    'chainer-caffe': ('chainer.links.caffe', 'chainer.exporters'),
}


def _installed(dist):
    try:
        importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return False
    return True


_REPORT = """
import json, sys
forbidden = %r
print(json.dumps({
    'loaded': [m for m in forbidden if m in sys.modules],
    'siblings': [m for m in %r if m in sys.modules],
    'imported': imported,
}))
"""


def _run(code):
    proc = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True,
                          timeout=600)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_import_chainer_is_cheap():
    result = _run('import chainer\nimported = ["chainer"]\n'
                  + _REPORT % (FORBIDDEN, SIBLING_PACKAGES))
    assert result['loaded'] == []
    # The sibling distributions' packages are resolved lazily, on first use.
    assert result['siblings'] == []


_IMPORT_ALL = """
import importlib, pkgutil
import chainer, chainerx
imported = ['chainer', 'chainerx']

def walk(package):
    for info in sorted(pkgutil.iter_modules(package.__path__, package.__name__ + '.'),
                       key=lambda info: info.name):
        if info.ispkg and info.name not in imported:
            imported.append(info.name)
            walk(importlib.import_module(info.name))

walk(chainer)
walk(chainerx)
"""


def test_every_subpackage_imports_without_optional_dependencies():
    result = _run(_IMPORT_ALL + _REPORT % (FORBIDDEN, ()))
    assert result['loaded'] == [], f'imported by one of {result["imported"]}'
    imported = set(result['imported'])
    assert {'chainer', 'chainer.functions', 'chainer.utils'} <= imported
    # The installed sibling distributions' packages were found through the namespace.
    for dist, packages in PACKAGES_OF.items():
        if _installed(dist):
            assert set(packages) <= imported, dist
        else:
            assert not set(packages) & imported, dist
