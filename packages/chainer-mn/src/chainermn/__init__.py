"""ChainerMN: distributed deep learning with Chainer over MPI.

Start every process with ``mpiexec``, create a communicator with :func:`create_communicator`,
wrap the optimizer with :func:`create_multi_node_optimizer`, give each process its part of the
data with :func:`scatter_dataset`, and train as usual.
"""
import chainer

from chainermn import communicators
from chainermn import datasets
from chainermn import extensions
from chainermn import functions
from chainermn import global_except_hook
from chainermn import iterators
from chainermn import links
from chainermn import optimizers

from chainermn.communicators import create_communicator
from chainermn.communicators.communicator_base import CommunicatorBase
from chainermn.datasets import DataSizeError
from chainermn.datasets import scatter_dataset
from chainermn.datasets import scatter_index
from chainermn.extensions import create_multi_node_checkpointer
from chainermn.extensions import create_multi_node_evaluator
from chainermn.links import MultiNodeChainList
from chainermn.optimizers import create_multi_node_optimizer

__version__ = chainer.__version__

global_except_hook._add_hook_if_enabled()
