"""Replacing the BatchNormalization links of a model by MultiNodeBatchNormalization."""
import copy
import sys

from chainermn.links import batch_normalization


def _batch_normalization_class():
    # chainer.links is not a dependency of chainer-mn: a model can only hold
    # BatchNormalization links if it is installed, and then it is imported already.
    module = sys.modules.get('chainer.links.normalization.batch_normalization')
    return None if module is None else module.BatchNormalization


def _to_mnbn(bn, comm, communication_backend):
    if bn.avg_mean is None:
        raise ValueError('create_mnbn_model: a BatchNormalization link has no size yet (it was '
                         'created with size=None): run the model once before converting it')
    size = bn.avg_mean.shape
    mnbn = batch_normalization.MultiNodeBatchNormalization(
        size, comm, decay=bn.decay, eps=bn.eps, dtype=bn.avg_mean.dtype,
        use_gamma=bn.gamma is not None, use_beta=bn.beta is not None,
        communication_backend=communication_backend)
    mnbn.copyparams(bn)
    mnbn.to_device(bn.device)
    return mnbn


def create_mnbn_model(link, comm, communication_backend='auto'):
    """Returns a copy of ``link`` whose BatchNormalization links are MultiNodeBatchNormalization.

    The new links keep the size, decay, eps, dtype, parameters and statistics of the ones
    they replace.

    Args:
        link (~chainer.Link): The model (a ``BatchNormalization`` itself, a ``Chain``, a
            ``ChainList`` or a ``Sequential``).
        comm: ChainerMN communicator.
        communication_backend (str): ``'mpi'``, ``'nccl'`` or ``'auto'`` (the best for the
            communicator).

    Returns:
        The new model (``link`` is left unchanged).
    """
    bn_class = _batch_normalization_class()
    if bn_class is None:
        return copy.deepcopy(link)
    if isinstance(link, bn_class):
        return _to_mnbn(link, comm, communication_backend)
    new = copy.deepcopy(link)
    _replace_children(new, bn_class, comm, communication_backend)
    return new


def _replace_children(link, bn_class, comm, communication_backend):
    import chainer
    if isinstance(link, chainer.Chain):
        for name, child in list(link.namedlinks(skipself=True)):
            if '/' in name[1:]:
                continue  # grandchildren are replaced by their own parent
            child_name = name[1:]
            if isinstance(child, bn_class):
                delattr(link, child_name)
                with link.init_scope():
                    setattr(link, child_name, _to_mnbn(child, comm, communication_backend))
            else:
                _replace_children(child, bn_class, comm, communication_backend)
    elif isinstance(link, chainer.ChainList):
        for i, child in enumerate(list(link)):
            if isinstance(child, bn_class):
                link[i] = _to_mnbn(child, comm, communication_backend)
            else:
                _replace_children(child, bn_class, comm, communication_backend)
