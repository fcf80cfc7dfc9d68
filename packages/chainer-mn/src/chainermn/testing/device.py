"""The device of a test process (``chainermn.testing.get_device``)."""
import chainer


def get_device(device_id=None, use_chainerx=False):
    """The device a test runs on: the CPU, or the GPU ``device_id`` (made current).

    Args:
        device_id (int): GPU id (usually ``comm.intra_rank``); ``None`` for the CPU.
        use_chainerx (bool): Use the ChainerX device of that kind.

    Returns:
        ~chainer.backend.Device: The device.
    """
    if device_id is None:
        spec = 'native:0' if use_chainerx else '@numpy'
    else:
        spec = 'cuda:{}'.format(device_id) if use_chainerx else '@cupy:{}'.format(device_id)
    device = chainer.get_device(spec)
    device.use()
    return device
