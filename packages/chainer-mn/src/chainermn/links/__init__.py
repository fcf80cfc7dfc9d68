"""Links for multi-node training: MultiNodeBatchNormalization and model-parallel chains."""
from chainermn.links.batch_normalization import MultiNodeBatchNormalization
from chainermn.links.create_mnbn_model import create_mnbn_model
from chainermn.links.multi_node_chain_list import MultiNodeChainList
from chainermn.links.n_step_rnn import create_multi_node_n_step_rnn
