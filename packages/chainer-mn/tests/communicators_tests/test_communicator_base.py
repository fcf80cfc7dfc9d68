"""CommunicatorBase as the base class of a user's own communicator."""
import pytest

import chainermn

RANK_PROPERTIES = ('rank', 'size', 'intra_rank', 'intra_size', 'inter_rank', 'inter_size')


def _subclass(**namespace):
    """A subclass implementing the abstract methods (as no-ops) and ``namespace``."""
    base = chainermn.CommunicatorBase
    methods = {name: (lambda self, *args, **kwargs: None) for name in base.__abstractmethods__}
    return type('UserCommunicator', (base,), {**methods, **namespace})


def test_abstract_methods():
    assert sorted(chainermn.CommunicatorBase.__abstractmethods__) == [
        'allgather', 'allreduce', 'allreduce_obj', 'alltoall', 'bcast', 'bcast_data',
        'bcast_obj', 'gather', 'gather_obj', 'multi_node_mean_grad', 'recv', 'recv_obj',
        'scatter', 'send', 'send_obj', 'split']
    with pytest.raises(TypeError):
        chainermn.CommunicatorBase()


@pytest.mark.parametrize('name', RANK_PROPERTIES)
def test_rank_properties_are_not_implemented(name):
    communicator = _subclass()()
    with pytest.raises(NotImplementedError):
        getattr(communicator, name)


def test_subclass_whose_init_does_not_call_the_base():
    def __init__(self, value):
        self.value = value

    communicator = _subclass(__init__=__init__, rank=property(lambda self: 3))(5)
    assert communicator.value == 5
    assert communicator.rank == 3
    assert communicator.get_config() == {}
    assert not communicator.within_config_scope
    with communicator.config_scope():
        assert communicator.within_config_scope
        communicator.setting = 'on'
    communicator.other = 1
    assert communicator.get_config() == {'setting': 'on'}
    assert communicator.get_config('setting') == 'on'
    with pytest.raises(KeyError):
        communicator.get_config('other')
