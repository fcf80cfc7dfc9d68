"""ChainerX: a NumPy-like array library with devices and define-by-run backprop.

This is a Python implementation of the ChainerX API of Chainer v7: :class:`ndarray` wraps a
NumPy array (``native`` backend) or a CuPy array (``cuda`` backend, CuPy is imported when a
``cuda`` device is first used), records the routines applied to it in graphs identified by
backprop ids, and supports :func:`backward` / :func:`grad` with double backprop. Importing it
never imports Chainer or CuPy.
"""
from chainerx._array import ndarray
from chainerx._backward import backward
from chainerx._backward import grad
from chainerx._device import Backend
from chainerx._device import Context
from chainerx._device import ContextScope
from chainerx._device import Device
from chainerx._device import DeviceScope
from chainerx._device import context_scope
from chainerx._device import get_backend
from chainerx._device import get_default_context
from chainerx._device import get_default_device
from chainerx._device import get_device
from chainerx._device import get_global_default_context
from chainerx._device import set_default_context
from chainerx._device import set_default_device
from chainerx._device import set_global_default_context
from chainerx._device import using_device
from chainerx._errors import BackendError
from chainerx._errors import ChainerxError
from chainerx._errors import ContextError
from chainerx._errors import DeviceError
from chainerx._errors import DimensionError
from chainerx._errors import DtypeError
from chainerx._errors import GradientCheckError
from chainerx._errors import GradientError
from chainerx._errors import NotImplementedError
from chainerx._graph import AnyGraph
from chainerx._graph import BackpropId
from chainerx._graph import BackpropScope
from chainerx._graph import ForceBackpropMode
from chainerx._graph import NoBackpropMode
from chainerx._graph import anygraph
from chainerx._graph import backprop_scope
from chainerx._graph import force_backprop_mode
from chainerx._graph import is_backprop_required
from chainerx._graph import no_backprop_mode
from chainerx._routines._basic import _to_cupy
from chainerx._routines._basic import copy
from chainerx._routines._basic import to_numpy
from chainerx._routines.activation import elu
from chainerx._routines.activation import leaky_relu
from chainerx._routines.activation import log_softmax
from chainerx._routines.activation import relu
from chainerx._routines.activation import sigmoid
from chainerx._routines.activation import softmax
from chainerx._routines.activation import softplus
from chainerx._routines.arithmetic import add
from chainerx._routines.arithmetic import bitwise_and
from chainerx._routines.arithmetic import bitwise_or
from chainerx._routines.arithmetic import bitwise_xor
from chainerx._routines.arithmetic import divide
from chainerx._routines.arithmetic import floor_divide
from chainerx._routines.arithmetic import fmod
from chainerx._routines.arithmetic import left_shift
from chainerx._routines.arithmetic import mod
from chainerx._routines.arithmetic import multiply
from chainerx._routines.arithmetic import negative
from chainerx._routines.arithmetic import power
from chainerx._routines.arithmetic import reciprocal
from chainerx._routines.arithmetic import remainder
from chainerx._routines.arithmetic import right_shift
from chainerx._routines.arithmetic import subtract
from chainerx._routines.arithmetic import true_divide
from chainerx._routines.connection import conv
from chainerx._routines.connection import conv_transpose
from chainerx._routines.connection import linear
from chainerx._routines.creation import arange
from chainerx._routines.creation import array
from chainerx._routines.creation import asarray
from chainerx._routines.creation import ascontiguousarray
from chainerx._routines.creation import diag
from chainerx._routines.creation import diagflat
from chainerx._routines.creation import empty
from chainerx._routines.creation import empty_like
from chainerx._routines.creation import eye
from chainerx._routines.creation import frombuffer
from chainerx._routines.creation import full
from chainerx._routines.creation import full_like
from chainerx._routines.creation import identity
from chainerx._routines.creation import linspace
from chainerx._routines.creation import meshgrid
from chainerx._routines.creation import ones
from chainerx._routines.creation import ones_like
from chainerx._routines.creation import tri
from chainerx._routines.creation import tril
from chainerx._routines.creation import triu
from chainerx._routines.creation import zeros
from chainerx._routines.creation import zeros_like
from chainerx._routines.indexing import nonzero
from chainerx._routines.indexing import take
from chainerx._routines.indexing import where
from chainerx._routines.linalg import dot
from chainerx._routines.linalg import matmul
from chainerx._routines.logic import bitwise_not
from chainerx._routines.logic import equal
from chainerx._routines.logic import greater
from chainerx._routines.logic import greater_equal
from chainerx._routines.logic import invert
from chainerx._routines.logic import isfinite
from chainerx._routines.logic import isinf
from chainerx._routines.logic import isnan
from chainerx._routines.logic import less
from chainerx._routines.logic import less_equal
from chainerx._routines.logic import logical_and
from chainerx._routines.logic import logical_not
from chainerx._routines.logic import logical_or
from chainerx._routines.logic import logical_xor
from chainerx._routines.logic import not_equal
from chainerx._routines.loss import absolute_error
from chainerx._routines.loss import accuracy
from chainerx._routines.loss import gaussian_kl_divergence
from chainerx._routines.loss import hinge
from chainerx._routines.loss import huber_loss
from chainerx._routines.loss import sigmoid_cross_entropy
from chainerx._routines.loss import softmax_cross_entropy
from chainerx._routines.loss import squared_difference
from chainerx._routines.loss import squared_error
from chainerx._routines.manipulation import atleast_2d
from chainerx._routines.manipulation import atleast_3d
from chainerx._routines.manipulation import broadcast_to
from chainerx._routines.manipulation import concatenate
from chainerx._routines.manipulation import dsplit
from chainerx._routines.manipulation import dstack
from chainerx._routines.manipulation import expand_dims
from chainerx._routines.manipulation import flatten
from chainerx._routines.manipulation import flip
from chainerx._routines.manipulation import fliplr
from chainerx._routines.manipulation import flipud
from chainerx._routines.manipulation import hsplit
from chainerx._routines.manipulation import hstack
from chainerx._routines.manipulation import moveaxis
from chainerx._routines.manipulation import repeat
from chainerx._routines.manipulation import reshape
from chainerx._routines.manipulation import split
from chainerx._routines.manipulation import squeeze
from chainerx._routines.manipulation import stack
from chainerx._routines.manipulation import swapaxes
from chainerx._routines.manipulation import tile
from chainerx._routines.manipulation import transpose
from chainerx._routines.manipulation import vsplit
from chainerx._routines.manipulation import vstack
from chainerx._routines.math import abs
from chainerx._routines.math import absolute
from chainerx._routines.math import arccos
from chainerx._routines.math import arccosh
from chainerx._routines.math import arcsin
from chainerx._routines.math import arcsinh
from chainerx._routines.math import arctan
from chainerx._routines.math import arctan2
from chainerx._routines.math import arctanh
from chainerx._routines.math import cbrt
from chainerx._routines.math import ceil
from chainerx._routines.math import cos
from chainerx._routines.math import cosh
from chainerx._routines.math import exp
from chainerx._routines.math import exp2
from chainerx._routines.math import expm1
from chainerx._routines.math import fabs
from chainerx._routines.math import floor
from chainerx._routines.math import log
from chainerx._routines.math import log10
from chainerx._routines.math import log1p
from chainerx._routines.math import log2
from chainerx._routines.math import maximum
from chainerx._routines.math import minimum
from chainerx._routines.math import sign
from chainerx._routines.math import sin
from chainerx._routines.math import sinh
from chainerx._routines.math import sqrt
from chainerx._routines.math import square
from chainerx._routines.math import tan
from chainerx._routines.math import tanh
from chainerx._routines.math import trunc
from chainerx._routines.math import trunc as fix
from chainerx._routines.normalization import batch_norm
from chainerx._routines.normalization import fixed_batch_norm
from chainerx._routines.pooling import average_pool
from chainerx._routines.pooling import max_pool
from chainerx._routines.reduction import all
from chainerx._routines.reduction import amax
from chainerx._routines.reduction import amin
from chainerx._routines.reduction import any
from chainerx._routines.reduction import argmax
from chainerx._routines.reduction import argmin
from chainerx._routines.reduction import count_nonzero
from chainerx._routines.reduction import cumsum
from chainerx._routines.reduction import logsumexp
from chainerx._routines.reduction import max
from chainerx._routines.reduction import mean
from chainerx._routines.reduction import min
from chainerx._routines.reduction import nanargmax
from chainerx._routines.reduction import nanargmin
from chainerx._routines.reduction import nansum
from chainerx._routines.reduction import sum
from chainerx._routines.reduction import var
from chainerx._routines.rnn import lstm
from chainerx._routines.rnn import n_step_bigru
from chainerx._routines.rnn import n_step_bilstm
from chainerx._routines.rnn import n_step_birnn
from chainerx._routines.rnn import n_step_gru
from chainerx._routines.rnn import n_step_lstm
from chainerx._routines.rnn import n_step_rnn
from chainerx._check_backward import check_backward
from chainerx._check_backward import check_double_backward
from chainerx._chainer_interop import _function_node_forward
from chainerx.creation.from_data import asanyarray
from chainerx.creation.from_data import fromfile
from chainerx.creation.from_data import fromfunction
from chainerx.creation.from_data import fromiter
from chainerx.creation.from_data import fromstring
from chainerx.creation.from_data import loadtxt
from chainerx.manipulation.shape import ravel
from chainerx.math.misc import clip
from chainerx import linalg
from chainerx import random
from chainerx import _ndarray_methods

__version__ = '8.0.0.dev0'

newaxis = None

# As in v7, the dtypes are NumPy's scalar types and ``chainerx.dtype`` is ``numpy.dtype``; the
# Python builtins are re-exported as ``chainerx.bool``, ``chainerx.int`` and ``chainerx.float``.
from numpy import dtype  # noqa: E402
from numpy import bool_, float16, float32, float64, int8, int16, int32, int64, uint8  # noqa: E402
from builtins import bool, float, int  # noqa: E402, A004

all_dtypes = (bool_, int8, int16, int32, int64, uint8, float16, float32, float64)

_ndarray_methods.populate()
del _ndarray_methods


def is_available():
    """Returns ``True``: this ChainerX is available wherever Chainer is installed."""
    return True
