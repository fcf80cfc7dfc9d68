"""Recording Chainer's ``FunctionNode`` calls in ChainerX graphs.

A Chainer function without a ChainerX implementation runs on NumPy/CuPy views of its ChainerX
inputs; :func:`_function_node_forward` then connects the ChainerX outputs to the inputs with an
op whose backward calls the function node's ``_backward_chainerx``.
"""
from chainerx import _array
from chainerx import _graph
from chainerx._routines import _core

_wrap = _array.wrap_result


def _function_node_forward(function_node, inputs, outputs, input_indexes_to_retain,
                           output_indexes_to_retain):
    """Records ``function_node`` as the op from ``inputs`` to ``outputs`` (ChainerX arrays).

    Args:
        function_node: The ``chainer.FunctionNode``; its ``_backward_chainerx(target_indexes,
            grad_outputs, retained_inputs, retained_outputs)`` computes the gradients.
        inputs (list of ~chainerx.ndarray): The inputs.
        outputs (list of ~chainerx.ndarray): The (fresh) outputs.
        input_indexes_to_retain (list of int): Inputs the backward needs.
        output_indexes_to_retain (list of int): Outputs the backward needs.
    """
    in_retain = tuple(input_indexes_to_retain or ())
    out_retain = tuple(output_indexes_to_retain or ())
    _graph.record(inputs, outputs, _function_node_backward,
                  (function_node, in_retain, out_retain, tuple(x._device for x in inputs)),
                  bool(in_retain), bool(out_retain))


def _function_node_backward(xp, op, xs, ys, gys):
    function_node, in_retain, out_retain, devices = op.params
    raw = not _core.is_chainerx(xp)
    if raw:
        device = op.device
        gys = [None if g is None else _wrap(g, device) for g in gys]
        if xs is not None:
            xs = [_wrap(x, dev) for x, dev in zip(xs, devices)]
        if ys is not None:
            ys = [_wrap(y, device) for y in ys]
    targets = tuple([i for i, node in enumerate(op.inputs) if node is not None])
    retained_inputs = [xs[i] for i in in_retain]
    retained_outputs = [ys[i] for i in out_retain]
    gxs = function_node._backward_chainerx(targets, list(gys), retained_inputs,
                                           retained_outputs)
    result = [None] * len(op.inputs)
    for i, gx in zip(targets, gxs):
        if gx is not None and raw:
            gx = gx._data
        result[i] = gx
    return result
