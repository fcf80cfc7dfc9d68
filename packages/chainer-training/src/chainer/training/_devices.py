"""Device arguments of the updaters and the Evaluator."""
from chainer import backend


def get_device_or_none(device_spec):
    """Returns ``chainer.get_device(device_spec)``, or None for None."""
    return None if device_spec is None else backend.get_device(device_spec)
