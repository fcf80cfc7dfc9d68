"""CaffeFunction: a Caffe network (``.caffemodel``) run as a Chainer link."""

import os
import warnings

from chainer import link
from chainer.links.caffe import _layer_context
from chainer.links.caffe import _layers
from chainer.links.caffe import _model_file
from chainer.links.caffe.protobuf3 import caffe_pb2 as caffe_pb  # v7's name, which tests use
from chainer.utils import argument

__all__ = ['CaffeFunction', 'caffe_pb']


class CaffeFunction(link.Chain):
    """A Caffe network loaded from a binary ``.caffemodel`` file, callable as a function.

    The layers are read in order; each supported layer becomes a child link (layers with
    parameters, named after the layer) or a function, kept in :attr:`forwards`. A call
    interprets the layers in file order, feeding each the blobs named by its bottoms, so the
    network is differentiable and can be fine-tuned. Both the ``layer``
    (``LayerParameter``) and the legacy ``layers`` (``V1LayerParameter``) formats are read.

    Supported layer types: Concat, Convolution, Deconvolution, Data and Input (ignored),
    Dropout, InnerProduct, LRN, Pooling (MAX and AVE with Caffe's rounding, and
    ``global_pooling``), ReLU (with ``negative_slope``), Reshape, BatchNorm, Eltwise (SUM
    with coefficients, PROD, MAX), Scale and Bias (with one or two bottoms), Sigmoid, Slice,
    Softmax, SoftmaxWithLoss, Split, TanH, ELU, PReLU and Flatten. A layer of any other
    type is skipped with a warning.

    Args:
        model_path (str): Path to the binary-proto ``.caffemodel`` file.

    Raises:
        ValueError: The file is not a Caffe network, is truncated or holds inconsistent
            layers (the message names the file and the layer).

    Attributes:
        forwards (dict): Layer name to the callable that computes the layer.
        layers (list): ``(layer name, bottom blob names, top blob names)`` of the
            supported layers, in file order.
        split_map (dict): Top blob name of a Split layer to the blob it copies.
    """

    def __init__(self, model_path):
        super().__init__()
        self.forwards = {}
        self.split_map = {}
        self.layers = []
        self._model_path = os.fspath(model_path)
        with _model_file.open_layers(model_path) as layers:
            self._add_layers(layers)

    def _add_layers(self, layers):
        for layer in layers:
            self._add_layer(layer)

    def _add_layer(self, layer):
        param = layer.param
        type_name = _layers.canonical_type(param)
        if type_name in _layers.IGNORED_TYPES:
            return
        if type_name == _layers.SPLIT_TYPE:
            if len(param.bottom) != 1:
                raise _model_file.layer_error(
                    self._model_path, param, f'has {len(param.bottom)} bottoms, expected 1')
            source = self.split_map.get(param.bottom[0], param.bottom[0])
            for top in param.top:
                self.split_map[top] = source
            return
        build = _layers.builder_for(type_name)
        if build is None:
            warnings.warn(f'Skip the layer "{param.name}", since CaffeFunction does not '
                          f'support {_model_file.layer_type(param)} layer')
            return
        ctx = _layer_context.LayerContext(self, self._model_path, layer)
        if param.name in self.forwards:
            raise ctx.error('duplicate layer name', _layer_context.NameTakenError)
        forward = build(ctx)
        if forward is None:
            return
        self.forwards[param.name] = forward
        bottoms = [self.split_map.get(blob, blob) for blob in param.bottom]
        self.layers.append((param.name, bottoms, list(param.top)))

    def _copy_children(self, mode):
        super()._copy_children(mode)
        # The copy's forwards call the copy's children, not this link's.
        self.forwards = {name: forward.rebind(self) if hasattr(forward, 'rebind') else forward
                         for name, forward in self.forwards.items()}

    def forward(self, inputs, outputs, disable=(), **kwargs):
        """Runs the network.

        Args:
            inputs (dict): Blob name to the input :class:`~chainer.Variable` or array.
            outputs (list of str): Names of the blobs to return.
            disable (iterable of str): Names of layers not to run.

        Returns:
            tuple: The value of each blob of ``outputs``, in order: a
            :class:`~chainer.Variable` (or, as in v7, the input itself for an input blob and
            an array for an element-wise layer of input arrays).

        Layers are run in file order; a layer is skipped when it is disabled or when one of
        its bottoms has not been computed. Use ``chainer.using_config('train', False)`` for
        Caffe's TEST phase (dropout off, batch normalization on its running statistics).
        """
        argument.check_unexpected_kwargs(
            kwargs, train=argument._TRAIN_REMOVED)
        argument.assert_kwargs_empty(kwargs)

        variables = dict(inputs)
        disabled = set(disable)
        skipped = {}  # blob name -> (layer name, missing bottom) that would have made it
        for name, bottoms, tops in self.layers:
            if name in disabled:
                continue
            missing = [blob for blob in bottoms if blob not in variables]
            if missing:
                for top in tops:
                    skipped.setdefault(top, (name, missing[0]))
                continue
            results = self.forwards[name](*[variables[blob] for blob in bottoms])
            if not isinstance(results, (tuple, list)):
                results = results,
            for top, result in zip(tops, results):
                variables[top] = result
        self.variables = variables
        return tuple(self._output(variables, skipped, blob) for blob in outputs)

    def _output(self, variables, skipped, blob):
        blob = blob if blob in variables else self.split_map.get(blob, blob)
        if blob in variables:
            return variables[blob]
        if blob in skipped:
            layer, bottom = skipped[blob]
            reason = (f'layer {layer!r} that computes it was skipped: its bottom {bottom!r} '
                      'is neither an input nor computed by an earlier layer')
        else:
            reason = 'no layer computes it and it is not an input'
        raise _MissingBlobError(f'{self._model_path}: blob {blob!r} was not computed: {reason}')


class _MissingBlobError(KeyError):
    """An output blob that the network did not compute (a ``KeyError``, as in v7)."""

    def __str__(self):
        return self.args[0]
