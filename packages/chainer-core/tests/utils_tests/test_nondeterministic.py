"""chainer.utils.nondeterministic (the function, as v7 exposes it)."""
import warnings

import pytest

import chainer
from chainer.utils import nondeterministic


def test_nondeterministic():
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        with chainer.using_config('warn_nondeterministic', False):
            nondeterministic('f')
    with chainer.using_config('warn_nondeterministic', True):
        with pytest.warns(UserWarning, match='Source: scatter_add'):
            nondeterministic('scatter_add')
