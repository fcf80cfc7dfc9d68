"""Fixtures of the vision model tests: whether the optional packages some tests need are
there, and skips when they are not."""
import builtins
import importlib
import io
import os
import urllib.request

import pytest


def _importable(module):
    try:
        importlib.import_module(module)
    except ImportError:
        return False
    return True


@pytest.fixture
def pillow_importable():
    """Whether Pillow (the image extra, which ``prepare`` needs) imports."""
    return _importable('PIL')


@pytest.fixture
def needs_pillow():
    """Skips the test unless Pillow (the image extra, which ``prepare`` needs) is installed."""
    if not _importable('PIL'):
        pytest.skip('prepare needs Pillow (the image extra)')


@pytest.fixture
def needs_datasets():
    """Skips the test unless chainer-datasets (which ``pretrained_model='auto'`` needs) is
    installed."""
    if not _importable('chainer.dataset'):
        pytest.skip("pretrained_model='auto' needs chainer-datasets")


@pytest.fixture
def no_file_access(monkeypatch):
    """Makes opening a file or a URL fail the test (``pretrained_model=None`` needs
    neither)."""
    def refuse(*args, **kwargs):
        raise AssertionError(f'unexpected file or network access: {args}')
    for module, name in ((builtins, 'open'), (io, 'open'), (os, 'open'),
                         (urllib.request, 'urlopen')):
        monkeypatch.setattr(module, name, refuse)
