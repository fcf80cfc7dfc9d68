"""Differentiable communication functions: their backward communicates the gradients."""
from chainermn.functions.collective_communication import allgather
from chainermn.functions.collective_communication import alltoall
from chainermn.functions.collective_communication import bcast
from chainermn.functions.collective_communication import gather
from chainermn.functions.collective_communication import scatter
from chainermn.functions.point_to_point_communication import recv
from chainermn.functions.point_to_point_communication import send
from chainermn.functions.pseudo_connect import pseudo_connect
