"""How each Caffe layer type becomes a link or a function of :class:`CaffeFunction`.

A builder is registered per Caffe type name (and its legacy ``V1LayerParameter`` enum
name). Given a :class:`~._layer_context.LayerContext`, it reads the layer's parameters and
blobs, checks them against each other, and returns the callable that
``CaffeFunction.forwards`` holds for the layer. Layers with parameters register a child
link through ``LayerContext.add_link``.
"""

import functools

import numpy

from chainer import functions
from chainer import links
from chainer.links.caffe import _functions
from chainer.links.caffe import _layer_context
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
    (``max`` None: no limit), checked after the builder's own checks (as in Chainer v7, a
    layer setting that is not supported raises its ``RuntimeError`` first)."""
    def register(build):
        @functools.wraps(build)
        def checked_build(ctx):
            forward = build(ctx)
            low, high = bottoms
            count = len(ctx.param.bottom)
            if count < low or (high is not None and count > high):
                expected = (f'at least {low}' if high is None
                            else str(low) if low == high else f'{low} to {high}')
                raise ctx.error(f'has {count} bottoms, expected {expected}')
            return forward

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


def _float(param, field):
    """A float field; its default as the decimal the schema gives (``0.999``, not the
    float32 value protobuf may return), as Chainer v7 reads it."""
    value = getattr(param, field)
    return value if param.HasField(field) else float(str(numpy.float32(value)))


def _raw_hw(param, prefix, field, default):
    """A pooling geometry parameter as Chainer v7 passes it on: the pair ``prefix_h``,
    ``prefix_w`` when given, else the single value of ``field`` (or ``default``)."""
    h_field, w_field = prefix + '_h', prefix + '_w'
    if param.HasField(h_field) or param.HasField(w_field):
        return getattr(param, h_field), getattr(param, w_field)
    return getattr(param, field) if param.HasField(field) else default


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


def _convolution_weight(ctx, param):
    """The weight blob of a (de)convolution. A blob without a full shape is read as
    Chainer v7 reads it: the first two dimensions it declares and the layer's kernel size."""
    weight = ctx.expect_blobs(1, 2)[0]
    if not ctx.is_incomplete(0):
        return weight
    dims = tuple(ctx.shapes[0][:2]) + (0, 0)
    kernel = tuple(_hw(ctx, param, 'kernel', 'kernel_size'))
    return ctx.reshaped(0, (dims[0] or None, dims[1] or None) + kernel, 'weight blob')


def _convolution_ksize(param, ksize):
    """The kernel size passed to the link as Chainer v7 passes it: an int when the layer
    gives one ``kernel_size``."""
    if len(param.kernel_size) == 1 and not (param.HasField('kernel_h')
                                            or param.HasField('kernel_w')):
        return ksize[0]
    return ksize


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
    weight = _convolution_weight(ctx, param)
    ksize, stride, pad, dilate, group = _convolution_geometry(ctx, param, weight)
    n_out, channels = weight.shape[:2]
    if n_out % group:
        raise ctx.error(f'{n_out} outputs cannot be split into {group} groups')
    if param.HasField('num_output') and param.num_output != n_out:
        raise ctx.error(f'num_output {param.num_output} does not match the weight blob '
                        f'{weight.shape}')
    bias = _bias_blob(ctx, param.bias_term, n_out)
    link = links.Convolution2D(
        channels * group, n_out, _convolution_ksize(param, ksize), stride, pad,
        nobias=bias is None,
        initialW=ctx.initializer(_block_diagonal(ctx, weight, group, 0, 1)),
        initial_bias=ctx.initializer(bias), dilate=dilate)
    return ctx.add_link(link)


@_builder('Deconvolution', 'DECONVOLUTION')
def _deconvolution(ctx):
    param = ctx.param.convolution_param
    weight = _convolution_weight(ctx, param)
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
        n_in, n_out, _convolution_ksize(param, ksize), stride, pad, nobias=bias is None,
        initialW=ctx.initializer(_block_diagonal(ctx, weight, group, 0, 1)),
        initial_bias=ctx.initializer(bias), dilate=dilate)
    return ctx.add_link(link)


@_builder('InnerProduct', 'INNER_PRODUCT')
def _inner_product(ctx):
    param = ctx.param.inner_product_param
    # Checked first, with the RuntimeError of Chainer v7.
    if param.axis != 1:
        raise ctx.error(f'axis {param.axis} is not supported (only 1)', RuntimeError)
    if ctx.shapes and len(ctx.shapes[0]) not in (2, 4):
        raise ctx.error(f'weight blob has {len(ctx.shapes[0])} dimensions: only 2 or 4 are '
                        'supported', RuntimeError)
    weight = ctx.expect_blobs(1, 2)[0]
    if ctx.is_incomplete(0):
        # Read as Chainer v7 reads it: (height, width) of the declared shape.
        height, width = ctx.shapes[0][-2:]
        weight = ctx.reshaped(0, (height or param.num_output or None, width or None),
                              'weight blob')
    if any(d != 1 for d in weight.shape[:-2]):
        raise ctx.error(f'weight blob has shape {weight.shape}, expected a matrix')
    weight = weight.reshape(weight.shape[-2:])
    if param.transpose:
        weight = weight.T
    n_out, n_in = weight.shape
    if param.HasField('num_output') and param.num_output != n_out:
        raise ctx.error(f'num_output {param.num_output} does not match the weight blob '
                        f'{weight.shape}')
    bias = _bias_blob(ctx, param.bias_term, n_out)
    link = links.Linear(n_in, n_out, nobias=bias is None, initialW=ctx.initializer(weight),
                        initial_bias=ctx.initializer(bias))
    return ctx.add_link(link)


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
        size, decay=_float(param, 'moving_average_fraction'), eps=_float(param, 'eps'),
        use_gamma=False, use_beta=False)
    link.avg_mean[...] = mean * scale
    link.avg_var[...] = var * scale
    call = ctx.add_link(link, finetune=False)
    return _layer_context.CallInTestMode(call) if param.use_global_stats else call


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
    # Checked as pairs, passed on as given (an int or a pair), as Chainer v7 does.
    _positive(ctx, tuple(_hw(ctx, param, 'kernel', 'kernel_size')), 'kernel_size')
    _positive(ctx, tuple(_hw(ctx, param, 'stride', 'stride', 1)), 'stride')
    function = (_functions.max_pooling_2d if pool == 'MAX'
                else _functions.average_pooling_2d)
    ceil_mode = param.round_mode == caffe_pb2.PoolingParameter.CEIL
    return functools.partial(
        function, ksize=_raw_hw(param, 'kernel', 'kernel_size', None),
        stride=_raw_hw(param, 'stride', 'stride', 1), pad=_raw_hw(param, 'pad', 'pad', 0),
        ceil_mode=ceil_mode)


@_builder('LRN', 'LRN')
def _lrn(ctx):
    param = ctx.param.lrn_param
    if param.norm_region != caffe_pb2.LRNParameter.ACROSS_CHANNELS:
        raise ctx.error('within-channel LRN is not supported', RuntimeError)  # as in v7
    return functools.partial(functions.local_response_normalization, n=param.local_size,
                             k=_float(param, 'k'),
                             alpha=_float(param, 'alpha') / param.local_size,
                             beta=_float(param, 'beta'))


@_builder('ReLU', 'RELU')
def _relu(ctx):
    slope = ctx.param.relu_param.negative_slope
    if slope != 0:
        return functools.partial(functions.leaky_relu, slope=slope)
    return functions.relu


@_builder('ELU')
def _elu(ctx):
    return functools.partial(functions.elu, alpha=_float(ctx.param.elu_param, 'alpha'))


@_builder('Sigmoid', 'SIGMOID')
def _sigmoid(ctx):
    return functions.sigmoid


@_builder('TanH', 'TANH')
def _tanh(ctx):
    return functions.tanh


@_builder('Dropout', 'DROPOUT')
def _dropout(ctx):
    return functools.partial(functions.dropout,
                             ratio=_float(ctx.param.dropout_param, 'dropout_ratio'))


@_builder('Softmax', 'SOFTMAX')
def _softmax(ctx):
    if ctx.param.softmax_param.axis != 1:
        raise ctx.error('softmax along a non-channel axis is not supported', RuntimeError)
    return functions.softmax


# One bottom is passed on alone, as v7 does.
@_builder('SoftmaxWithLoss', 'SOFTMAX_LOSS', bottoms=(1, 2))
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
    if ignore_label is None and normalization == 'VALID':
        return functions.softmax_cross_entropy
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
    if 0 not in dims and param.axis == 0 and param.num_axes == -1:
        return functools.partial(functions.reshape, shape=list(dims))
    return functools.partial(_functions.reshape, dims=dims, axis=param.axis,
                             num_axes=param.num_axes)


@_builder('Flatten', 'FLATTEN')
def _flatten(ctx):
    if isinstance(ctx.param, caffe_pb2.V1LayerParameter):
        param = caffe_pb2.FlattenParameter()  # the legacy format has no flatten_param
    else:
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
