"""The two evaluations of a gradient formula: on Variables and on raw arrays.

A node's gradient is written once, as a function taking ``ops``: :data:`VARIABLES` makes it
differentiable (the node's ``backward``, used for double backprop and under function hooks),
:data:`ARRAYS` computes it on raw arrays (the node's ``_backward_arrays``, the fast path of
plain backprop). Arithmetic operators work alike on both; ``ops`` supplies the rest, each
operation of :data:`ARRAYS` being the array computation of the function that
:data:`VARIABLES` applies.
"""
import chainer
from chainer import backend
from chainer import utils


class _VariableOps:
    """Differentiable operations on Variables (``chainer.functions``)."""

    differentiable = True

    @staticmethod
    def data(x):
        """The array of ``x`` (a value taken as a constant of the formula)."""
        return x.array

    @staticmethod
    def retained_inputs(node):
        return node.get_retained_inputs()

    @staticmethod
    def retained_outputs(node):
        return node.get_retained_outputs()

    @staticmethod
    def sum_to(x, shape):
        if x.shape == shape:
            return x
        return chainer.functions.sum_to(x, shape)

    @staticmethod
    def broadcast_to(x, shape):
        if x.shape == shape:
            return x
        return chainer.functions.broadcast_to(x, shape)

    @staticmethod
    def sum(x, axis, keepdims=False):
        return chainer.functions.sum(x, axis=axis, keepdims=keepdims)

    @staticmethod
    def sqrt(x):
        return chainer.functions.sqrt(x)

    @staticmethod
    def reshape(x, shape):
        if x.shape == shape:
            return x
        return chainer.functions.reshape(x, shape)

    @staticmethod
    def transpose(x, axes):
        return chainer.functions.transpose(x, axes)

    @staticmethod
    def swapaxes(x, axis1, axis2):
        return chainer.functions.swapaxes(x, axis1, axis2)

    @staticmethod
    def moveaxis(x, source, destination):
        return chainer.functions.moveaxis(x, source, destination)

    @staticmethod
    def rollaxis(x, axis, start):
        return chainer.functions.rollaxis(x, axis, start)

    @staticmethod
    def swap(x):
        """Exchanges the last two axes."""
        return chainer.functions.swapaxes(x, -1, -2)

    @staticmethod
    def split_axis(x, indices_or_sections, axis):
        return chainer.functions.split_axis(x, indices_or_sections, axis)

    @staticmethod
    def concat(xs, axis):
        return chainer.functions.concat(xs, axis)

    @staticmethod
    def stack(xs, axis):
        return chainer.functions.stack(xs, axis)

    @staticmethod
    def separate(x, axis):
        return chainer.functions.separate(x, axis)

    @staticmethod
    def matmul(a, b):
        return chainer.functions.matmul(a, b)

    @staticmethod
    def cast(x, dtype):
        return x if x.dtype == dtype else chainer.functions.cast(x, dtype)

    @staticmethod
    def log(x):
        return chainer.functions.log(x)

    @staticmethod
    def exp(x):
        return chainer.functions.exp(x)

    @staticmethod
    def where(condition, x, y):
        return chainer.functions.where(condition, x, y)


class _ArrayOps:
    """The same operations on raw (NumPy or CuPy) arrays."""

    differentiable = False

    @staticmethod
    def data(x):
        return x

    @staticmethod
    def retained_inputs(node):
        inputs = node.inputs
        return tuple([inputs[i].data for i in node._input_indexes_to_retain])

    @staticmethod
    def retained_outputs(node):
        return node._retained_output_data

    @staticmethod
    def sum_to(x, shape):
        return utils.sum_to(x, shape)

    @staticmethod
    def broadcast_to(x, shape):
        return utils.array.broadcast_array(x, shape)

    @staticmethod
    def sum(x, axis, keepdims=False):
        return utils.force_array(x.sum(axis=axis, keepdims=keepdims))

    @staticmethod
    def sqrt(x):
        return utils.force_array(backend.get_array_module(x).sqrt(x))

    @staticmethod
    def reshape(x, shape):
        return x.reshape(shape)

    @staticmethod
    def transpose(x, axes):
        return x.transpose(axes)

    @staticmethod
    def swapaxes(x, axis1, axis2):
        return x.swapaxes(axis1, axis2)

    @staticmethod
    def moveaxis(x, source, destination):
        return backend.get_array_module(x).moveaxis(x, source, destination)

    @staticmethod
    def rollaxis(x, axis, start):
        return backend.get_array_module(x).rollaxis(x, axis, start)

    @staticmethod
    def swap(x):
        return x.swapaxes(-1, -2)

    @staticmethod
    def split_axis(x, indices_or_sections, axis):
        return tuple(backend.get_array_module(x).split(x, indices_or_sections, axis))

    @staticmethod
    def concat(xs, axis):
        return backend.get_array_module(*xs).concatenate(xs, axis=axis)

    @staticmethod
    def stack(xs, axis):
        return backend.get_array_module(*xs).stack(xs, axis=axis)

    @staticmethod
    def separate(x, axis):
        from chainer.functions.array import separate
        return separate.slices(x, axis)

    @staticmethod
    def matmul(a, b):
        return backend.get_array_module(a).matmul(a, b)

    @staticmethod
    def cast(x, dtype):
        return x if x.dtype == dtype else x.astype(dtype)

    @staticmethod
    def log(x):
        return utils.force_array(backend.get_array_module(x).log(x))

    @staticmethod
    def exp(x):
        return utils.force_array(backend.get_array_module(x).exp(x))

    @staticmethod
    def where(condition, x, y):
        return utils.force_array(backend.get_array_module(x).where(condition, x, y))


VARIABLES = _VariableOps()
ARRAYS = _ArrayOps()
