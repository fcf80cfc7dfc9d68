"""Classifier: a predictor wrapped with a loss function and an accuracy metric."""
from chainer.functions.evaluation import accuracy
from chainer.functions.loss import softmax_cross_entropy
from chainer import link
from chainer import reporter


class Classifier(link.Chain):
    """Chain that computes the loss (and the accuracy) of a predictor on labelled data.

    Calling it with ``(*args, **kwargs)`` takes the label out of the arguments (selected by
    ``label_key``), feeds the rest to the predictor, and returns
    ``lossfun(prediction, label)``.  It reports ``loss`` (and ``accuracy`` when
    :attr:`compute_accuracy` is set) to the current reporter with itself as observer.

    Args:
        predictor (~chainer.Link): The predictor.
        lossfun (callable): Loss function ``lossfun(y, t)``.
        accfun (callable): Accuracy function ``accfun(y, t)``.
        label_key (int or str): Position (among the positional arguments, negative values
            counting from the end) or keyword of the label.

    Attributes:
        predictor (~chainer.Link): The predictor (the child link ``predictor``).
        lossfun (callable): Loss function.
        accfun (callable): Accuracy function.
        label_key (int or str): Where the label is taken from.
        y (~chainer.Variable): Prediction of the last call.
        loss (~chainer.Variable): Loss of the last call.
        accuracy (~chainer.Variable): Accuracy of the last call (``None`` when not
            computed).
        compute_accuracy (bool): Whether to compute the accuracy (``True`` by default).
    """

    compute_accuracy = True

    def __init__(self, predictor, lossfun=softmax_cross_entropy.softmax_cross_entropy,
                 accfun=accuracy.accuracy, label_key=-1):
        if not isinstance(label_key, (int, str)):
            raise TypeError('label_key must be int or str, but is %s' % type(label_key))
        super().__init__()
        self.lossfun = lossfun
        self.accfun = accfun
        self.y = None
        self.loss = None
        self.accuracy = None
        self.label_key = label_key
        with self.init_scope():
            self.predictor = predictor

    def _split_label(self, args, kwargs):
        key = self.label_key
        if key == -1 and args:
            return args[-1], args[:-1], kwargs
        if isinstance(key, int):
            if not -len(args) <= key < len(args):
                raise ValueError('Label key %d is out of bounds' % key)
            key %= len(args)
            return args[key], args[:key] + args[key + 1:], kwargs
        if key not in kwargs:
            raise ValueError('Label key "%s" is not found' % key)
        kwargs = dict(kwargs)
        return kwargs.pop(key), args, kwargs

    def forward(self, *args, **kwargs):
        """Computes the loss of the predictor on the given inputs and label.

        Returns:
            ~chainer.Variable: The loss.
        """
        t, args, kwargs = self._split_label(args, kwargs)
        # plain attributes (never links or parameters): set in the instance dict directly,
        # which spares the registration checks of Link.__setattr__ on this hot path
        attrs = self.__dict__
        attrs['y'] = attrs['loss'] = attrs['accuracy'] = None
        y = attrs['y'] = self.predictor(*args, **kwargs)
        loss = attrs['loss'] = self.lossfun(y, t)
        reporter.report({'loss': loss}, self)
        if self.compute_accuracy:
            accuracy = attrs['accuracy'] = self.accfun(y, t)
            reporter.report({'accuracy': accuracy}, self)
        return loss
