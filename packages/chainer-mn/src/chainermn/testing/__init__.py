"""Helpers for the tests of multi-node code."""
from chainermn.testing.device import get_device
