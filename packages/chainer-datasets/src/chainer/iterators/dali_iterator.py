"""DaliIterator: minibatches from an NVIDIA DALI pipeline (experimental)."""
from chainer.dataset import iterator
from chainer.utils import experimental


class DaliIterator(iterator.Iterator):
    """(Experimental) Iterator over the batches of an NVIDIA DALI pipeline.

    Each ``next()`` runs the pipeline once and returns its outputs. The pipeline is built
    on the first ``next()``, which also sets the epoch size to the largest epoch size of
    the pipeline's readers (it is ``1`` until then, as in Chainer v7). The iterator only
    calls the pipeline's ``build``, ``epoch_size``, ``run`` and ``batch_size``: NVIDIA
    DALI itself is not imported here.

    Args:
        pipeline (nvidia.dali.pipeline.Pipeline): The DALI pipeline.
        repeat (bool): Iterate over the data repeatedly.
    """

    def __init__(self, pipeline, repeat=True):
        experimental('DaliIterator')
        self.pipeline = pipeline
        self._repeat = repeat
        self._is_build = False
        self.epoch_size = 1  # until the pipeline is built
        self.reset()

    @property
    def batch_size(self):
        """The batch size of the pipeline."""
        return self.pipeline.batch_size

    @property
    def repeat(self):
        """Whether the iterator goes on over the epochs."""
        return self._repeat

    @property
    def epoch_detail(self):
        """The epoch as a float."""
        return self.epoch + self.current_position / self.epoch_size

    @property
    def previous_epoch_detail(self):
        """The ``epoch_detail`` before the last batch (``None`` before the first one)."""
        if self._previous_epoch_detail < 0:
            return None
        return self._previous_epoch_detail

    def __next__(self):
        """Returns the outputs of one run of the pipeline."""
        if not self._repeat and self.epoch > 0:
            raise StopIteration
        if not self._is_build:
            self.pipeline.build()
            self._is_build = True
            self.epoch_size = max(self.pipeline.epoch_size().values())
        self._previous_epoch_detail = self.epoch_detail
        batch = self.pipeline.run()
        end = self.current_position + self.batch_size
        if end >= self.epoch_size:
            self.current_position = end - self.epoch_size if self._repeat else 0
            self.epoch += 1
            self.is_new_epoch = True
        else:
            self.current_position = end
            self.is_new_epoch = False
        return batch

    next = __next__

    def reset(self):
        """Rewinds the progress counters (the pipeline itself is not rewound)."""
        self.current_position = 0
        self.epoch = 0
        self.is_new_epoch = False
        self._previous_epoch_detail = -1.

    def serialize(self, serializer):
        self.current_position = serializer('current_position', self.current_position)
        self.epoch = serializer('epoch', self.epoch)
        self.is_new_epoch = serializer('is_new_epoch', self.is_new_epoch)
        try:
            self._previous_epoch_detail = serializer(
                'previous_epoch_detail', self._previous_epoch_detail)
        except KeyError:
            self._previous_epoch_detail = -1.
