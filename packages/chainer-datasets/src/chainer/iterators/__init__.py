"""Iterators over datasets: serial, multiprocess and multithread (``chainer.iterators``).

Provided by the chainer-datasets distribution.
"""
from chainer.iterators.order_samplers import OrderSampler  # NOQA
from chainer.iterators.order_samplers import ShuffleOrderSampler  # NOQA
from chainer.iterators.serial_iterator import SerialIterator  # NOQA
