import warnings

import pytest

import chainer
from chainer import utils


def test_experimental_warns():
    with pytest.warns(FutureWarning, match='^f is experimental. The interface can change in '
                                           'the future.$'):
        utils.experimental('f')


def test_experimental_disabled(monkeypatch):
    monkeypatch.setattr(chainer, 'disable_experimental_feature_warning', True)
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        utils.experimental('f')


def test_experimental_module_path():
    from chainer.utils.experimental import experimental
    assert experimental is utils.experimental
