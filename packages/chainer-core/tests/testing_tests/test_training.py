"""chainer.testing.training: availability (the mock updater is tested with chainer-training)."""
from unittest import mock

import pytest

from chainer import testing
from chainer.testing import training as testing_training


def test_training_availability():
    try:
        import chainer.training  # noqa: F401
        installed = True
    except ImportError:
        installed = False
    assert testing_training.is_available() is installed
    assert (testing_training.get_error() is None) is installed
    with mock.patch('importlib.util.find_spec', side_effect=ImportError('missing')):
        assert not testing_training.is_available()
        with pytest.raises(RuntimeError, match='missing'):
            testing_training.check_available()
        with pytest.raises(RuntimeError):
            testing.get_trainer_with_mock_updater()
