"""``SpectralNormalization``: divides a link's weight by its largest singular value.

The singular value is estimated with a few steps of power iteration per forward call (Miyato
et al., 2018, https://arxiv.org/abs/1802.05957).  The running estimate of the leading left
singular vector is kept on the link as a persistent array.
"""
import numpy

import chainer
from chainer import backend
from chainer import initializers
from chainer import link_hook
from chainer import variable
import chainer.functions as F

# Links whose weight layout is (in_channels, out_channels, ...): the output axis is 1.  They
# are recognized by name so that this module does not import chainer.links.
_OUTPUT_AXIS_1_LINKS = ('Deconvolution2D', 'DeconvolutionND')


def l2normalize(xp, v, eps):
    """Returns ``v / (||v||_2 + eps)``.

    Args:
        xp (module): Array module of ``v``.
        v (:ref:`ndarray`): Vector.
        eps (float): Added to the norm to avoid a division by zero.
    """
    return v / (xp.linalg.norm(v) + eps)


def update_approximate_vectors(weight_matrix, u, n_power_iteration, eps):
    """Runs power iteration on a matrix to refine its leading singular vectors.

    Args:
        weight_matrix (~chainer.Variable): Matrix ``W`` of shape ``(out, in)``.
        u (:ref:`ndarray`): Current estimate of the leading left singular vector, ``(out,)``.
        n_power_iteration (int): Number of iterations (at least one).
        eps (float): Stabilizer of the normalizations.

    Returns:
        tuple: New estimates ``(u, v)`` of the leading left ``(out,)`` and right ``(in,)``
        singular vectors (plain arrays, outside the graph).
    """
    W = weight_matrix.array
    xp = backend.get_array_module(W)
    v = None
    for _ in range(n_power_iteration):
        v = l2normalize(xp, u.dot(W), eps)
        u = l2normalize(xp, W.dot(v), eps)
    return u, v


def calculate_max_singular_value(weight_matrix, u, v):
    """Returns the estimate ``u^T W v`` of the largest singular value of ``W``.

    Args:
        weight_matrix (~chainer.Variable): Matrix ``W`` of shape ``(out, in)``.
        u (:ref:`ndarray`): Leading left singular vector estimate, ``(out,)``.
        v (:ref:`ndarray`): Leading right singular vector estimate, ``(in,)``.

    Returns:
        ~chainer.Variable: 0-dim variable, differentiable with respect to ``W``.
    """
    return F.matmul(F.matmul(u, weight_matrix), v)


def _output_axis(link):
    for klass in type(link).__mro__:
        if (klass.__name__ in _OUTPUT_AXIS_1_LINKS
                and klass.__module__.startswith('chainer.links')):
            return 1
    return 0


class SpectralNormalization(link_hook.LinkHook):
    """Link hook that replaces a weight ``W`` by ``W / sigma(W)`` during forward calls.

    ``sigma(W)`` is the largest singular value of ``W`` viewed as a matrix with one row per
    output unit (or channel).  It is estimated by power iteration, whose vector ``u`` is stored
    on the link as the persistent value :attr:`vector_name` and refreshed in training mode.
    Made for :class:`~chainer.links.Linear`, :class:`~chainer.links.EmbedID` and the
    (de)convolution links, it works with any link whose weight attribute is named by
    ``weight_name``.  With ``use_gamma`` a learnable scale ``gamma`` (initialized to
    ``sigma(W)``) is added to the link, so register the hook before setting up the optimizer.

    The hook can only be attached to a link (``link.add_hook(hook)``), not used as a context
    manager.  Lazily initialized weights are handled: the hook prepares itself on the first
    forward call.

    Args:
        n_power_iteration (int): Power iteration steps per forward call.
        eps (float): Stabilizer of the vector normalizations (1e-6 by default, large enough for
            float16; the paper uses 1e-12).
        use_gamma (bool): Whether to add the scale parameter ``gamma``.
        factor (float or None): When given, the weight is divided by ``sigma(W) / factor``.
        weight_name (str): Attribute name of the weight.
        name (str or None): Name of the hook (``'SpectralNormalization'`` by default).

    Attributes:
        vector_name (str): Attribute name of ``u`` on the link (``weight_name + '_u'``).
        axis (int): Output axis of the weight (1 for deconvolutions, 0 otherwise).
    """

    name = 'SpectralNormalization'

    def __init__(self, n_power_iteration=1, eps=1e-6, use_gamma=False, factor=None,
                 weight_name='W', name=None):
        assert n_power_iteration > 0
        self.n_power_iteration = n_power_iteration
        self.eps = eps
        self.use_gamma = use_gamma
        self.factor = factor
        self.weight_name = weight_name
        self.vector_name = weight_name + '_u'
        self.axis = 0
        self._initialized = False
        if name is not None:
            self.name = name

    def __enter__(self):
        raise NotImplementedError(
            'SpectralNormalization must be added to a link; it cannot be used as a context '
            'manager.')

    def __exit__(self, *exc_info):
        raise NotImplementedError

    def added(self, link):
        if not hasattr(link, self.weight_name):
            raise ValueError("Weight '{}' does not exist!".format(self.weight_name))
        self.axis = _output_axis(link)
        if getattr(link, self.weight_name).array is not None:
            self._prepare_parameters(link)

    def deleted(self, link):
        if hasattr(link, self.vector_name):
            delattr(link, self.vector_name)
        if self.use_gamma and hasattr(link, 'gamma'):
            del link.gamma

    def forward_preprocess(self, cb_args):
        link = cb_args.link
        if not self._initialized:
            self._prepare_parameters(link, cb_args.args[0])
        # The Parameter itself is put back after the call, so that users always see it.
        self.original_weight = getattr(link, self.weight_name)
        setattr(link, self.weight_name, self.normalize_weight(link))

    def forward_postprocess(self, cb_args):
        setattr(cb_args.link, self.weight_name, self.original_weight)

    def _prepare_parameters(self, link, input_variable=None):
        """Creates ``u`` (and ``gamma``), initializing a lazy weight from the input first."""
        weight = getattr(link, self.weight_name)
        if weight.array is None and input_variable is not None:
            link._initialize_params(input_variable.shape[1])
            weight = getattr(link, self.weight_name)
        n_out = weight.shape[self.axis]
        if n_out == 0:
            raise ValueError(
                'Expect {}.shape[{}] > 0'.format(self.weight_name, self.axis))
        u = link.xp.random.normal(size=(n_out,)).astype(dtype=weight.dtype)
        setattr(link, self.vector_name, u)
        link.register_persistent(self.vector_name)
        if self.use_gamma:
            matrix = self.reshape_W(weight.array)
            xp = backend.get_array_module(matrix)
            top = backend.CpuDevice().send(xp.linalg.svd(matrix, compute_uv=False)[0])
            start = float(numpy.asarray(top))
            with link.init_scope():
                link.gamma = variable.Parameter(
                    initializers.Constant(start, dtype=weight.dtype), ())
            link.gamma.to_device(link.device)
        self._initialized = True

    def normalize_weight(self, link):
        """Returns the normalized weight (a Variable) of ``link`` for one forward call."""
        W = getattr(link, self.weight_name)
        u = getattr(link, self.vector_name)
        matrix = self.reshape_W(W)
        # During recomputation (e.g. checkpointing) the vectors of the first pass are reused.
        recomputing = getattr(chainer.config, 'in_recomputing', False)
        if recomputing:
            v = self.v
        else:
            with chainer.using_device(link.device):
                u, v = update_approximate_vectors(
                    matrix, u, self.n_power_iteration, self.eps)
        sigma = calculate_max_singular_value(matrix, u, v)
        if self.factor is not None:
            sigma /= self.factor
        sigma = F.broadcast_to(sigma, W.shape)
        if self.use_gamma:
            normalized = F.broadcast_to(link.gamma, W.shape) * W / sigma
        else:
            normalized = W / sigma
        if not recomputing:
            self.v = v
            if chainer.config.train:
                with chainer.using_device(link.device):
                    backend.copyto(getattr(link, self.vector_name), u)
        return normalized

    def reshape_W(self, W):
        """Views ``W`` as a matrix with the output axis first: ``(shape[axis], -1)``."""
        if self.axis != 0:
            order = [self.axis] + [i for i in range(W.ndim) if i != self.axis]
            W = W.transpose(order)
        return W if W.ndim == 2 else W.reshape(W.shape[0], -1)
