"""Tabular datasets: datasets of named columns (``chainer.dataset.tabular``)."""
from chainer.dataset.tabular import delegate_dataset  # NOQA
from chainer.dataset.tabular import tabular_dataset  # NOQA

from chainer.dataset.tabular.delegate_dataset import DelegateDataset  # NOQA
from chainer.dataset.tabular.from_data import from_data  # NOQA
