"""Runtime information: versions of Chainer, NumPy, CuPy and the chainer-* distributions."""

import importlib.metadata
import platform
import sys

# The distributions of Chainer 8, in dependency order.
CHAINER_DISTRIBUTIONS = (
    'chainer-core', 'chainer-datasets', 'chainer-links', 'chainer-training', 'chainer-caffe',
    'chainer-mn', 'chainer',
)


def _dist_version(name):
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return None


def _cupy_distribution():
    """Returns ``(name, version)`` of the installed distribution providing ``cupy``, or None.

    Reads package metadata only: CuPy is never imported here (importing it is slow
    and initializes CUDA).
    """
    dists = importlib.metadata.packages_distributions().get('cupy', ())
    for name in sorted(set(dists)):
        version = _dist_version(name)
        if version is not None:
            return name, version
    return None


class _RuntimeInfo:
    """Versions of the software Chainer runs on; ``str()`` gives the report."""

    def __init__(self):
        import numpy

        import chainer

        self.platform_version = platform.platform()
        self.python_version = platform.python_version()
        self.chainer_version = getattr(chainer, '__version__', None) or _dist_version(
            'chainer-core')
        import chainerx
        self.chainerx_available = chainerx.is_available()
        self.numpy_version = numpy.__version__
        cupy = _cupy_distribution()
        self.cupy_version = None if cupy is None else cupy[1]
        self.cupy_distribution = None if cupy is None else cupy[0]
        from chainer.backends import intel64
        self.ideep_version = (
            getattr(intel64.ideep, '__version__', 'Available')
            if intel64.is_ideep_available() else None)
        self.distributions = {
            name: version for name in CHAINER_DISTRIBUTIONS
            if (version := _dist_version(name)) is not None}

    def __str__(self):
        if self.cupy_version is None:
            cupy = 'Not Available'
        else:
            cupy = f'{self.cupy_version} ({self.cupy_distribution})'
        dists = ', '.join(f'{name} {version}' for name, version in self.distributions.items())
        return (f'Platform: {self.platform_version}\n'
                f'Python: {self.python_version}\n'
                f'Chainer: {self.chainer_version}\n'
                f'ChainerX: {"Available" if self.chainerx_available else "Not Available"}\n'
                f'NumPy: {self.numpy_version}\n'
                f'CuPy: {cupy}\n'
                f'iDeep: {self.ideep_version or "Not Available"}\n'
                f'Distributions: {dists or "None (running from a source tree)"}\n')


def _get_runtime_info():
    return _RuntimeInfo()


def print_runtime_info(out=None):
    """Shows Chainer runtime information.

    Prints the platform, the versions of Python, Chainer, NumPy, CuPy and iDeep (or
    ``Not Available``; CuPy is looked up in the package metadata, not imported),
    and which chainer-* distributions are installed.

    Args:
        out: Output destination (a file-like object with ``write``). Defaults to
            ``sys.stdout``.

    .. admonition:: Example

        >>> chainer.print_runtime_info()
        Platform: ...
        Chainer: ...
        NumPy: ...
        CuPy: ...
        iDeep: ...
    """
    if out is None:
        out = sys.stdout
    out.write(str(_get_runtime_info()))
    if hasattr(out, 'flush'):
        out.flush()
