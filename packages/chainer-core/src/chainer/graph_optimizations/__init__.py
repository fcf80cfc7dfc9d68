"""Graph optimizations: static sub-graphs (:func:`chainer.static_graph`)."""
# ruff: noqa: F401
from chainer.graph_optimizations import static_graph
from chainer.graph_optimizations import static_graph_utilities
from chainer.graph_optimizations.static_graph_utilities import static_code
