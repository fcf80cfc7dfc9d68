"""Fixtures of the vision model tests: skips for the optional packages some tests need."""
import importlib

import pytest


def _skip_unless_importable(module, reason):
    try:
        importlib.import_module(module)
    except ImportError:
        pytest.skip(reason)


@pytest.fixture
def needs_pillow():
    """Skips the test unless Pillow (the image extra, which ``prepare`` needs) is installed."""
    _skip_unless_importable('PIL', 'prepare needs Pillow (the image extra)')


@pytest.fixture
def needs_datasets():
    """Skips the test unless chainer-datasets (which ``pretrained_model='auto'`` needs) is
    installed."""
    _skip_unless_importable('chainer.dataset',
                            "pretrained_model='auto' needs chainer-datasets")
