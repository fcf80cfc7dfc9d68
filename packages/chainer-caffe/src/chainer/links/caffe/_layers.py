"""How each Caffe layer type becomes a link or a function of :class:`CaffeFunction`.

A builder is registered per Caffe type name (and its legacy ``V1LayerParameter`` enum
name). It reads the layer's parameters and blobs, checks them against each other, and
returns the callable that ``CaffeFunction.forwards`` holds for the layer (``None`` for a
layer that is ignored, such as a data layer). Layers with parameters register a child link
through :meth:`LayerContext.add_link`.
"""

import functools

import numpy

import chainer
from chainer import backend
from chainer import functions
from chainer import initializer
from chainer import links
from chainer.initializers import constant
from chainer.links.caffe import _functions
from chainer.links.caffe import _model_file
from chainer.links.caffe.protobuf3 import caffe_pb2

# A grouped (de)convolution is loaded, as in Chainer v7, as one dense weight whose
# off-diagonal blocks are zero; this bounds that expansion.
MAX_EXPANDED_WEIGHT_SIZE = 1 << 28

_BUILDERS = {}  # Caffe type name -> builder
V1_TYPE_NAMES = {}  # V1LayerParameter.LayerType name -> Caffe type name
IGNORED_TYPES = frozenset(('Data', 'Input'))
SPLIT_TYPE = 'Split'


def _builder(type_name, v1_name=None, bottoms=(1, 1)):
    """Registers a builder; ``bottoms`` is the (min, max) number of bottoms the type takes
    (``max`` None: no limit)."""
    def register(build):
        @functools.wraps(build)
        def checked_build(ctx):
            low, high = bottoms
            count = len(ctx.param.bottom)
            if count < low or (high is not None and count > high):
                expected = (f'at least {low}' if high is None
                            else str(low) if low == high else f'{low} to {high}')
                raise ctx.error(f'has {count} bottoms, expected {expected}')
            return build(ctx)

        _BUILDERS[type_name] = checked_build
        if v1_name is not None:
            V1_TYPE_NAMES[v1_name] = type_name
        return build
    return register


V1_TYPE_NAMES.update(DATA='Data', SPLIT=SPLIT_TYPE)


def canonical_type(param):
    """The Caffe type name of a layer (legacy enum names mapped to today's names)."""
    type_name = _model_file.layer_type(param)
    if isinstance(param, caffe_pb2.V1LayerParameter):
        return V1_TYPE_NAMES.get(type_name, type_name)
    return type_name


def builder_for(type_name):
    """The builder of a Caffe type name, or ``None`` when the type is not supported."""
    return _BUILDERS.get(type_name)


class CallChildLink:
    """Calls the child link ``name`` of a :class:`CaffeFunction` (looked up at each call,
    so the callable stays valid after ``to_device`` or ``copy``)."""

    def __init__(self, caffe_function, name, **kwargs):
        self.caffe_function = caffe_function
        self.name = name
        self.kwargs = kwargs

    def __call__(self, *xs):
        return self.caffe_function[self.name](*xs, **self.kwargs)

    def rebind(self, caffe_function):
        """The same call on the child of another (copied) CaffeFunction."""
        return CallChildLink(caffe_function, self.name, **self.kwargs)


class CallInTestMode:
    """Calls ``function`` with ``chainer.config.train`` off (a BatchNorm layer that uses
    its global statistics)."""

    def __init__(self, function):
        self.function = function

    def __call__(self, *xs):
        with chainer.using_config('train', False):
            return self.function(*xs)

    def rebind(self, caffe_function):
        """The same call on the child of another (copied) CaffeFunction."""
        return CallInTestMode(self.function.rebind(caffe_function))


class LayerContext:
    """What a builder needs besides the layer: error reporting and child registration."""

    def __init__(self, caffe_function, path, layer):
        self.caffe_function = caffe_function
        self.path = path
        self.param = layer.param
        self.blobs = layer.blobs
        self.offsets = layer.offsets

    def error(self, problem, error_class=_model_file.CaffeModelError):
        """An error naming the file, this layer and its type."""
        error = _model_file.layer_error(self.path, self.param, problem)
        return error if error_class is type(error) else error_class(str(error))

    def expect_blobs(self, *counts):
        """The layer's blobs, after checking that there are as many as one of ``counts``."""
        if len(self.blobs) not in counts:
            expected = ' or '.join(map(str, counts))
            raise self.error(f'has {len(self.blobs)} blobs, expected {expected}')
        return self.blobs

    def vector(self, blob, size, what):
        """``blob`` as a 1-D array of ``size`` values."""
        if blob.size != size:
            raise self.error(f'{what} has {blob.size} values, expected {size}')
        return blob.reshape(size)

    def initializer(self, array):
        """The initializer of a parameter holding ``array`` (a blob, or one derived from it).

        A blob stored as one float32 run in the file is copied from the mapped file (see
        :class:`BlobInitializer`); anything else is copied now, so that no view of the file
        outlives the load.
        """
        if array is None:
            return None
        if array.flags.c_contiguous and array.dtype == numpy.float32:
            address = array.__array_interface__['data'][0]
            for blob, offset in zip(self.blobs, self.offsets):
                if (offset is not None and blob.size == array.size
                        and blob.__array_interface__['data'][0] == address):
                    return BlobInitializer(array, self.path, offset)
        return constant.Constant(numpy.array(array, dtype=numpy.float32))

    def add_link(self, link, **call_kwargs):
        """Registers ``link`` as the child named after the layer; returns its caller."""
        name = self.param.name
        owner = self.caffe_function
        if hasattr(type(owner), name) or name in owner.__dict__:
            raise self.error(f'the name {name!r} is taken by an attribute of CaffeFunction')
        with owner.init_scope():
            setattr(owner, name, link)
        return CallChildLink(owner, name, **call_kwargs)


class BlobInitializer(initializer.Initializer):
    """Fills a parameter with a float32 blob of the caffemodel.

    While the file is loaded, the blob is a (possibly unaligned) view of the mapped file,
    copied byte by byte, which NumPy does at memory speed whatever the alignment. The view
    is dropped after that first use; a later re-initialization (such as
    ``copy(mode='init')``) reads the blob from the file again, as Chainer v7's initializers
    of CaffeFunction re-read their blobs.

    Args:
        blob (numpy.ndarray): The blob's C-contiguous float32 view.
        path (str): The caffemodel file.
        offset (int): Byte offset of the blob's data in the file.
    """

    def __init__(self, blob, path, offset):
        super().__init__()
        self.blob = blob
        self.path = path
        self.offset = offset
        self.shape = blob.shape

    def __call__(self, array):
        blob = self.blob
        self.blob = None
        if blob is None:
            count = int(numpy.prod(self.shape))
            blob = _model_file.read_blob_data(self.path, self.offset, count)
            blob = blob.reshape(self.shape)
        if (type(array) is numpy.ndarray and array.dtype == blob.dtype
                and array.shape == blob.shape and array.flags.c_contiguous
                and blob.dtype.isnative):
            array.reshape(-1).view(numpy.uint8)[...] = blob.reshape(-1).view(numpy.uint8)
        else:
            array[...] = backend.get_device_from_array(array).send(numpy.asarray(blob))


def _pair(ctx, values, what, default=None):
    """A repeated (or h/w) geometry parameter as a pair."""
    values = tuple(values)
    if not values:
        if default is None:
            raise ctx.error(f'{what} is not given')
        return default, default
    if len(values) == 1:
        return values[0], values[0]
    if len(values) == 2:
        return values
    raise ctx.error(f'{what} has {len(values)} values: only 2-D layers are supported')


def _hw(ctx, param, prefix, field, default=None):
    """A geometry parameter given either as ``prefix_h``/``prefix_w`` or as ``field``."""
    h_field, w_field = prefix + '_h', prefix + '_w'
    if param.HasField(h_field) or param.HasField(w_field):
        return getattr(param, h_field), getattr(param, w_field)
    value = getattr(param, field)
    if isinstance(value, int):  # PoolingParameter's fields are not repeated
        return _pair(ctx, [value] if param.HasField(field) else [], field, default)
    return _pair(ctx, value, field, default)


def _positive(ctx, values, what):
    if any(v < 1 for v in values):
        raise ctx.error(f'{what} must be positive, got {values}')
    return values


def _block_diagonal(ctx, weight, group, out_axis, in_axis):
    """The dense weight of a grouped (de)convolution: the group blocks on the diagonal."""
    if group == 1:
        return weight
    shape = list(weight.shape)
    shape[in_axis] *= group
    if numpy.prod(shape, dtype=numpy.float64) > MAX_EXPANDED_WEIGHT_SIZE:
        raise ctx.error(f'group {group} expands the weight to {shape}, more than '
                        f'{MAX_EXPANDED_WEIGHT_SIZE} values')
    dense = numpy.zeros(shape, dtype=weight.dtype)
    part_out = weight.shape[out_axis] // group
    part_in = weight.shape[in_axis]
    for g in range(group):
        index = [slice(None)] * weight.ndim
        index[out_axis] = slice(g * part_out, (g + 1) * part_out)
        block = weight[tuple(index)]
        index[in_axis] = slice(g * part_in, (g + 1) * part_in)
        dense[tuple(index)] = block
    return dense


def _convolution_geometry(ctx, param, weight):
    """(ksize, stride, pad, dilate, group) of a (de)convolution, checked against its
    4-D ``weight`` blob."""
    if param.axis != 1:
        raise ctx.error(f'axis {param.axis} is not supported (only 1)')
    if weight.ndim != 4:
        raise ctx.error(f'weight blob has shape {weight.shape}: only 2-D (4-D weights) '
                        'are supported')
    if param.kernel_size or param.HasField('kernel_h') or param.HasField('kernel_w'):
        ksize = tuple(_hw(ctx, param, 'kernel', 'kernel_size'))
    else:
        ksize = weight.shape[2:]
    if ksize != weight.shape[2:]:
        raise ctx.error(f'kernel_size {ksize} does not match the weight blob {weight.shape}')
    stride = _positive(ctx, tuple(_hw(ctx, param, 'stride', 'stride', 1)), 'stride')
    pad = tuple(_hw(ctx, param, 'pad', 'pad', 0))
    dilate = _positive(ctx, tuple(_pair(ctx, param.dilation, 'dilation', 1)), 'dilation')
    group = param.group
    if group < 1:
        raise ctx.error(f'group must be positive, got {group}')
    return ksize, stride, pad, dilate, group


def _bias_blob(ctx, bias_term, size):
    blobs = ctx.expect_blobs(2 if bias_term else 1)
    return ctx.vector(blobs[1], size, 'bias blob') if bias_term else None


@_builder('Convolution', 'CONVOLUTION')
def _convolution(ctx):
    param = ctx.param.convolution_param
    weight = ctx.expect_blobs(1, 2)[0]
    ksize, stride, pad, dilate, group = _convolution_geometry(ctx, param, weight)
    n_out, channels = weight.shape[:2]
    if n_out % group:
        raise ctx.error(f'{n_out} outputs cannot be split into {group} groups')
    if param.HasField('num_output') and param.num_output != n_out:
        raise ctx.error(f'num_output {param.num_output} does not match the weight blob '
                        f'{weight.shape}')
    bias = _bias_blob(ctx, param.bias_term, n_out)
    link = links.Convolution2D(
        channels * group, n_out, ksize, stride, pad, nobias=bias is None,
        initialW=ctx.initializer(_block_diagonal(ctx, weight, group, 0, 1)),
        initial_bias=ctx.initializer(bias), dilate=dilate)
    return ctx.add_link(link)


@_builder('Deconvolution', 'DECONVOLUTION')
def _deconvolution(ctx):
    param = ctx.param.convolution_param
    weight = ctx.expect_blobs(1, 2)[0]
    ksize, stride, pad, dilate, group = _convolution_geometry(ctx, param, weight)
    n_in, channels = weight.shape[:2]
    if n_in % group:
        raise ctx.error(f'{n_in} inputs cannot be split into {group} groups')
    n_out = channels * group
    if param.HasField('num_output') and param.num_output != n_out:
        raise ctx.error(f'num_output {param.num_output} does not match the weight blob '
                        f'{weight.shape} with group {group}')
    bias = _bias_blob(ctx, param.bias_term, n_out)
    link = links.Deconvolution2D(
        n_in, n_out, ksize, stride, pad, nobias=bias is None,
        initialW=ctx.initializer(_block_diagonal(ctx, weight, group, 0, 1)),
        initial_bias=ctx.initializer(bias), dilate=dilate)
    return ctx.add_link(link)


@_builder('InnerProduct', 'INNER_PRODUCT')
def _inner_product(ctx):
    param = ctx.param.inner_product_param
    weight = ctx.expect_blobs(1, 2)[0]
    if weight.ndim not in (2, 4) or any(d != 1 for d in weight.shape[:-2]):
        raise ctx.error(f'weight blob has shape {weight.shape}, expected a matrix')
    weight = weight.reshape(weight.shape[-2:])
    if param.transpose:
        weight = weight.T
    n_out, n_in = weight.shape
    if param.HasField('num_output') and param.num_output != n_out:
        raise ctx.error(f'num_output {param.num_output} does not match the weight blob '
                        f'{weight.shape}')
    if param.axis < 1:
        raise ctx.error(f'axis {param.axis} is not supported (only positive axes)')
    bias = _bias_blob(ctx, param.bias_term, n_out)
    link = links.Linear(n_in, n_out, nobias=bias is None, initialW=ctx.initializer(weight),
                        initial_bias=ctx.initializer(bias))
    if param.axis == 1:
        return ctx.add_link(link)
    return ctx.add_link(link, n_batch_axes=param.axis)


@_builder('BatchNorm')
def _batch_norm(ctx):
    param = ctx.param.batch_norm_param
    blobs = ctx.expect_blobs(2, 3)
    size = blobs[0].size
    mean = ctx.vector(blobs[0], size, 'mean blob')
    var = ctx.vector(blobs[1], size, 'variance blob')
    # Caffe keeps the running sums unnormalized, with their normalizer in a third blob.
    factor = ctx.vector(blobs[2], 1, 'scale factor blob')[0] if len(blobs) == 3 else 1
    scale = 0 if factor == 0 else 1 / factor
    link = links.BatchNormalization(
        size, decay=param.moving_average_fraction, eps=param.eps,
        use_gamma=False, use_beta=False)
    link.avg_mean[...] = mean * scale
    link.avg_var[...] = var * scale
    call = ctx.add_link(link)
    return CallInTestMode(call) if param.use_global_stats else call


@_builder('Scale', bottoms=(1, 2))
def _scale(ctx):
    param = ctx.param.scale_param
    if param.axis < 0:
        raise ctx.error(f'axis {param.axis} is not supported (only non-negative axes)')
    if len(ctx.param.bottom) == 1:
        blobs = ctx.expect_blobs(2 if param.bias_term else 1)
        weight = blobs[0]
        link = links.Scale(param.axis, weight.shape, param.bias_term,
                           weight.shape if param.bias_term else None)
        link.W.array[...] = weight
    else:
        blobs = ctx.expect_blobs(1 if param.bias_term else 0)
        weight = None
        link = links.Scale(param.axis, None, param.bias_term,
                           blobs[0].shape if param.bias_term else None)
    if param.bias_term:
        bias = blobs[-1]
        if weight is not None and bias.size != weight.size:
            raise ctx.error(f'bias blob has shape {bias.shape}, scale blob {weight.shape}')
        link.bias.b.array[...] = bias.reshape(link.bias.b.shape)
    return ctx.add_link(link)


@_builder('Bias', bottoms=(1, 2))
def _bias(ctx):
    param = ctx.param.bias_param
    if param.axis < 0:
        raise ctx.error(f'axis {param.axis} is not supported (only non-negative axes)')
    if len(ctx.param.bottom) == 2:
        ctx.expect_blobs(0)
        return ctx.add_link(links.Bias(param.axis))
    bias = ctx.expect_blobs(1)[0]
    link = links.Bias(param.axis, bias.shape)
    link.b.array[...] = bias
    return ctx.add_link(link)


@_builder('PReLU')
def _prelu(ctx):
    weight = ctx.expect_blobs(1)[0]
    if ctx.param.prelu_param.channel_shared and weight.size != 1:
        raise ctx.error(f'channel_shared slope blob has shape {weight.shape}')
    shape = () if ctx.param.prelu_param.channel_shared else weight.shape
    return ctx.add_link(links.PReLU(shape, init=numpy.array(weight.reshape(shape))))


@_builder('Pooling', 'POOLING')
def _pooling(ctx):
    param = ctx.param.pooling_param
    pool = caffe_pb2.PoolingParameter.PoolMethod.Name(param.pool) \
        if param.pool in caffe_pb2.PoolingParameter.PoolMethod.values() else param.pool
    if pool == 'STOCHASTIC':
        raise ctx.error('stochastic pooling is not supported', RuntimeError)
    if pool not in ('MAX', 'AVE'):
        raise ctx.error(f'unknown pooling method {pool}')
    if param.global_pooling:
        return (_functions.global_max_pooling_2d if pool == 'MAX'
                else _functions.global_average_pooling_2d)
    ksize = _positive(ctx, tuple(_hw(ctx, param, 'kernel', 'kernel_size')), 'kernel_size')
    stride = _positive(ctx, tuple(_hw(ctx, param, 'stride', 'stride', 1)), 'stride')
    pad = tuple(_hw(ctx, param, 'pad', 'pad', 0))
    if any(p >= k for p, k in zip(pad, ksize)):
        raise ctx.error(f'pad {pad} must be smaller than kernel_size {ksize}')
    function = (_functions.max_pooling_2d if pool == 'MAX'
                else _functions.average_pooling_2d)
    ceil_mode = param.round_mode == caffe_pb2.PoolingParameter.CEIL
    return functools.partial(function, ksize=ksize, stride=stride, pad=pad,
                             ceil_mode=ceil_mode)


@_builder('LRN', 'LRN')
def _lrn(ctx):
    param = ctx.param.lrn_param
    if param.local_size % 2 == 0:
        raise ctx.error(f'local_size must be odd, got {param.local_size}')
    if param.norm_region == caffe_pb2.LRNParameter.WITHIN_CHANNEL:
        return functools.partial(_functions.within_channel_lrn, size=param.local_size,
                                 alpha=param.alpha, beta=param.beta)
    return functools.partial(functions.local_response_normalization, n=param.local_size,
                             k=param.k, alpha=param.alpha / param.local_size,
                             beta=param.beta)


@_builder('ReLU', 'RELU')
def _relu(ctx):
    slope = ctx.param.relu_param.negative_slope
    if slope != 0:
        return functools.partial(functions.leaky_relu, slope=slope)
    return functions.relu


@_builder('ELU')
def _elu(ctx):
    return functools.partial(functions.elu, alpha=ctx.param.elu_param.alpha)


@_builder('Sigmoid', 'SIGMOID')
def _sigmoid(ctx):
    return functions.sigmoid


@_builder('TanH', 'TANH')
def _tanh(ctx):
    return functions.tanh


@_builder('Dropout', 'DROPOUT')
def _dropout(ctx):
    return functools.partial(functions.dropout, ratio=ctx.param.dropout_param.dropout_ratio)


@_builder('Softmax', 'SOFTMAX')
def _softmax(ctx):
    return functools.partial(functions.softmax, axis=ctx.param.softmax_param.axis)


@_builder('SoftmaxWithLoss', 'SOFTMAX_LOSS', bottoms=(2, 2))
def _softmax_with_loss(ctx):
    if ctx.param.softmax_param.axis != 1:
        raise ctx.error('softmax along a non-channel axis is not supported', RuntimeError)
    loss_param = ctx.param.loss_param
    if loss_param.HasField('normalization'):
        normalization = caffe_pb2.LossParameter.NormalizationMode.Name(
            loss_param.normalization)
    elif loss_param.HasField('normalize'):
        normalization = 'VALID' if loss_param.normalize else 'BATCH_SIZE'
    else:
        normalization = 'VALID'
    ignore_label = loss_param.ignore_label if loss_param.HasField('ignore_label') else None
    return functools.partial(_functions.softmax_with_loss, ignore_label=ignore_label,
                             normalization=normalization)


@_builder('Reshape')
def _reshape(ctx):
    param = ctx.param.reshape_param
    dims = tuple(param.shape.dim)
    if any(d < -1 for d in dims) or dims.count(-1) > 1:
        raise ctx.error(f'invalid shape {dims}: dimensions are >= 0, with at most one -1')
    if param.num_axes < -1:
        raise ctx.error(f'invalid num_axes {param.num_axes}')
    return functools.partial(_functions.reshape, dims=dims, axis=param.axis,
                             num_axes=param.num_axes)


@_builder('Flatten', 'FLATTEN')
def _flatten(ctx):
    param = ctx.param.flatten_param
    return functools.partial(_functions.flatten, axis=param.axis, end_axis=param.end_axis)


@_builder('Concat', 'CONCAT', bottoms=(1, None))
def _concat(ctx):
    param = ctx.param.concat_param
    legacy = param.HasField('concat_dim') and not param.HasField('axis')
    return functools.partial(_functions.concat, axis=param.concat_dim if legacy else param.axis)


@_builder('Slice', 'SLICE')
def _slice(ctx):
    param = ctx.param.slice_param
    if param.HasField('axis'):
        axis = param.axis
    elif param.HasField('slice_dim'):
        axis = param.slice_dim
    else:
        axis = 1
    n_tops = len(ctx.param.top)
    if param.slice_point:
        points = list(param.slice_point)
        if len(points) != n_tops - 1 or points != sorted(points):
            raise ctx.error(f'slice_point {points} does not cut the input into {n_tops} tops')
        sections = points
    else:
        sections = n_tops
    return functools.partial(functions.split_axis, indices_or_sections=sections, axis=axis)


@_builder('Eltwise', 'ELTWISE', bottoms=(2, None))
def _eltwise(ctx):
    param = ctx.param.eltwise_param
    operation = caffe_pb2.EltwiseParameter.EltwiseOp.Name(param.operation) \
        if param.operation in caffe_pb2.EltwiseParameter.EltwiseOp.values() \
        else param.operation
    coeffs = tuple(param.coeff)
    if coeffs and operation != 'SUM':
        raise ctx.error('coeff is only allowed with the SUM operation')
    if coeffs and len(coeffs) != len(ctx.param.bottom):
        raise ctx.error(f'{len(coeffs)} coefficients for {len(ctx.param.bottom)} bottoms')
    if operation == 'SUM':
        return functools.partial(_functions.eltwise_sum, coeffs=coeffs or None)
    if operation == 'PROD':
        return _functions.eltwise_prod
    if operation == 'MAX':
        return _functions.eltwise_max
    raise ctx.error(f'unknown operation {operation}')
