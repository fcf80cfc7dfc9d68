"""chainer.print_runtime_info()."""

import importlib.metadata
import io
import platform
import subprocess
import sys

import numpy

import chainer
from chainer import _runtime_info

DISTRIBUTIONS = ('chainer-core', 'chainer-datasets', 'chainer-links', 'chainer-training',
                 'chainer-caffe', 'chainer-mn', 'chainer')


def _installed():
    found = {}
    for name in DISTRIBUTIONS:
        try:
            found[name] = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            pass
    return found


def _lines(text):
    return dict(line.split(': ', 1) for line in text.splitlines())


def test_print_runtime_info_to_stream():
    out = io.StringIO()
    chainer.print_runtime_info(out)
    info = _lines(out.getvalue())
    assert info['Chainer'] == chainer.__version__
    assert info['NumPy'] == numpy.__version__
    assert info['Python'] == platform.python_version()
    assert info['Platform'] == platform.platform()
    installed = _installed()
    assert 'chainer-core' in installed
    assert info['Distributions'] == ', '.join(f'{n} {v}' for n, v in installed.items())
    cupy = importlib.metadata.packages_distributions().get('cupy')
    if cupy:
        assert info['CuPy'].startswith(importlib.metadata.version(sorted(set(cupy))[0]))
    else:
        assert info['CuPy'] == 'Not Available'


def test_print_runtime_info_reports_chainerx():
    out = io.StringIO()
    chainer.print_runtime_info(out)
    info = _lines(out.getvalue())
    assert info['ChainerX'] == 'Available'
    assert list(info).index('ChainerX') == list(info).index('Chainer') + 1


def test_print_runtime_info_reports_ideep():
    # as v7: an iDeep line after the CuPy one
    out = io.StringIO()
    chainer.print_runtime_info(out)
    info = _lines(out.getvalue())
    assert info['iDeep'] == 'Not Available'
    assert list(info).index('iDeep') == list(info).index('CuPy') + 1


def test_print_runtime_info_defaults_to_stdout(capsys):
    chainer.print_runtime_info()
    assert _lines(capsys.readouterr().out)['Chainer'] == chainer.__version__


def test_runtime_info_attributes():
    info = _runtime_info._get_runtime_info()
    assert info.chainer_version == chainer.__version__
    assert info.numpy_version == numpy.__version__
    assert info.distributions == _installed()
    assert str(info).startswith('Platform: ')


def test_print_runtime_info_does_not_import_cupy():
    code = ('import sys, io, chainer; chainer.print_runtime_info(io.StringIO()); '
            'print([m for m in ("cupy", "cupyx") if m in sys.modules])')
    proc = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == '[]'
