"""Shared machinery of the elementwise update rules and of their optimizers."""

import operator

from chainer import backend
from chainer import optimizer
from chainer.optimizer import _cpu_update

_gpu_kernels = {}  # cuda.elementwise(*spec) by spec


def make_hyperparam(**values):
    """Returns a root :class:`~chainer.optimizer.Hyperparameter` holding ``values``."""
    hyperparam = optimizer.Hyperparameter()
    for name, value in values.items():
        setattr(hyperparam, name, value)
    return hyperparam


def _tuple_getter(names):
    # Fast ``lambda d: tuple(d[name] for name in names)``.
    if len(names) == 1:
        return lambda d, _name=names[0]: (d[_name],)
    if not names:
        return lambda d: ()
    return operator.itemgetter(*names)


class ElementwiseRule(optimizer.UpdateRule):
    """Base of the update rules that update a parameter elementwise with fused kernels.

    A subclass declares:

    - ``_state_names``: its state arrays (created as zeros like the parameter);
    - ``_hyperparam_names``: the hyperparameters passed to both kernels, in order;
    - ``_update_cpu``: a static function ``(param, grad, *states, *scratch, *hyperparams)``
      updating its arrays in place with ``_n_scratch`` work arrays (see ``_cpu_update``);
    - ``_gpu_kernel_spec``: ``(in_params, out_params, operation, name)`` of the CUDA
      elementwise kernel taking ``grad, *hyperparams`` and updating ``param, *states``.

    ``_cpu_args`` / ``_gpu_args`` may be overridden to derive the kernel arguments.

    Args:
        parent_hyperparam (~chainer.optimizer.Hyperparameter): Hyperparameter that provides
            the default values.
        **hyperparams: Hyperparameters of this rule (``None`` values are left to the parent).
    """

    is_elementwise = True
    _state_names = ()
    _hyperparam_names = ()
    _n_scratch = 1
    _update_cpu = None
    _gpu_kernel_spec = None
    _get_states = staticmethod(_tuple_getter(()))
    _get_hyperparams = staticmethod(_tuple_getter(()))

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls._get_states = staticmethod(_tuple_getter(cls._state_names))
        cls._get_hyperparams = staticmethod(_tuple_getter(cls._hyperparam_names))

    def __init__(self, parent_hyperparam, **hyperparams):
        super().__init__(parent_hyperparam)
        for name, value in hyperparams.items():
            if value is not None:
                setattr(self.hyperparam, name, value)

    def init_state(self, param):
        """Initializes each state array with zeros shaped like the parameter."""
        xp = backend.get_array_module(param.array)
        for name in self._state_names:
            self.state[name] = xp.zeros_like(param.array)

    def _cpu_args(self, hp, dtype):
        # Scalar arguments of ``_update_cpu`` from the flat hyperparameter dict ``hp``;
        # ``dtype`` is the dtype of the intermediate values.
        return self._get_hyperparams(hp)

    def _gpu_args(self, hp):
        # Scalar arguments of the GPU kernel from the hyperparameter ``hp``.
        return [getattr(hp, name) for name in self._hyperparam_names]

    def update_core_cpu(self, param):
        """Updates a CPU parameter with ``_update_cpu`` (skipped without gradient)."""
        grad = param.grad
        if grad is None:
            return
        p = param.array
        dtype = p.dtype  # (computed in the parameter's dtype, float16 included, as v7)
        _cpu_update(self._update_cpu, (p, grad) + self._get_states(self._state), dtype,
                    self._n_scratch, *self._cpu_args(self.hyperparam._flat(), dtype))

    def update_core_gpu(self, param):
        """Updates a GPU parameter with the kernel of ``_gpu_kernel_spec``."""
        grad = param.grad
        if grad is None:
            return
        spec = self._gpu_kernel_spec
        kernel = _gpu_kernels.get(spec)
        if kernel is None:
            from chainer.backends import cuda
            kernel = _gpu_kernels[spec] = cuda.elementwise(*spec)
        kernel(grad, *self._gpu_args(self.hyperparam), param.array,
               *self._get_states(self.state))


class ElementwiseMethod(optimizer.GradientMethod):
    """Base of the optimizers that give each parameter a new rule of ``_rule_class``.

    Args:
        **hyperparams: Initial values of the optimizer's hyperparameters.
    """

    _rule_class = None

    def __init__(self, **hyperparams):
        super().__init__()
        for name, value in hyperparams.items():
            setattr(self.hyperparam, name, value)

    def create_update_rule(self):
        """Creates an update rule of ``_rule_class`` sharing this optimizer's
        hyperparameters."""
        return self._rule_class(self.hyperparam)
