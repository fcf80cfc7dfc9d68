"""chainermn.testing.get_device: the device of a test process."""
import pytest

import chainer
import chainermn.testing


def test_cpu():
    device = chainermn.testing.get_device()
    assert device == chainer.get_device('@numpy')
    assert chainermn.testing.get_device(None, False) == device


@pytest.mark.gpu
def test_gpu(comm):
    device = chainermn.testing.get_device(comm.intra_rank)
    assert device == chainer.get_device('@cupy:{}'.format(comm.intra_rank))
