"""Scattering datasets over the processes of a ChainerMN job."""
from chainermn.datasets.empty_dataset import create_empty_dataset
from chainermn.datasets.scatter import DataSizeError
from chainermn.datasets.scatter import scatter_dataset
from chainermn.datasets.scatter import scatter_index
