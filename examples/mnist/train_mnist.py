#!/usr/bin/env python
"""Trains a multi-layer perceptron on MNIST with the Chainer Trainer.

The model is ``L.Classifier(MLP(unit, 10))`` trained with Adam by a StandardUpdater; the
extensions evaluate it on the test set, log, print, plot (with matplotlib) and snapshot the
training. When MNIST can be neither downloaded nor found in the dataset root, the script says
so and trains on the 8x8 handwritten digits that scikit-learn ships instead
(``pip install "chainer[examples]"``).

Resume an interrupted run with ``--resume result/snapshot_iter_N`` (or ``--autoload``).
"""
import argparse
import os

import numpy

import chainer
import chainer.functions as F
import chainer.links as L
from chainer import training
from chainer.training import extensions


class MLP(chainer.Chain):
    """Three fully-connected layers with ReLU."""

    def __init__(self, n_units, n_out):
        super().__init__()
        with self.init_scope():
            # the input size is inferred at the first forward pass
            self.l1 = L.Linear(None, n_units)
            self.l2 = L.Linear(None, n_units)
            self.l3 = L.Linear(None, n_out)

    def forward(self, x):
        h1 = F.relu(self.l1(x))
        h2 = F.relu(self.l2(h1))
        return self.l3(h2)


def load_digits_dataset(test_fraction=0.2, seed=0):
    """scikit-learn's 1,797 8x8 handwritten digits as (train, test) TupleDatasets, pixels
    scaled to [0, 1]."""
    from sklearn.datasets import load_digits
    digits = load_digits()
    x = (digits.data / 16.0).astype(numpy.float32)
    t = digits.target.astype(numpy.int32)
    order = numpy.random.RandomState(seed).permutation(len(x))
    n_test = int(len(x) * test_fraction)
    test, train = order[:n_test], order[n_test:]
    return (chainer.datasets.TupleDataset(x[train], t[train]),
            chainer.datasets.TupleDataset(x[test], t[test]))


def load_dataset():
    """MNIST, or the scikit-learn digits when MNIST cannot be had (one line says so)."""
    try:
        return 'MNIST', chainer.datasets.get_mnist()
    except (OSError, ValueError) as e:
        reason = ' '.join(str(getattr(e, 'reason', e)).split()).split(';')[0]
        print('MNIST could be neither downloaded nor found in {} ({}): training on the 8x8 '
              'handwritten digits of scikit-learn instead.'.format(
                  chainer.dataset.get_dataset_root(), reason))
    return 'digits', load_digits_dataset()


def main():
    parser = argparse.ArgumentParser(description='Chainer example: MNIST')
    parser.add_argument('--batchsize', '-b', type=int, default=100,
                        help='Number of images in each mini-batch')
    parser.add_argument('--epoch', '-e', type=int, default=20,
                        help='Number of sweeps over the dataset to train')
    parser.add_argument('--frequency', '-f', type=int, default=-1,
                        help='Frequency of taking a snapshot (epochs; -1: at the end)')
    group = parser.add_mutually_exclusive_group()
    group.add_argument('--device', '-d', type=str, default='-1',
                       help='Device specifier: an integer (a GPU ID, or negative for the '
                            'CPU) or a specifier such as @numpy or @cupy:0')
    group.add_argument('--gpu', '-g', dest='device', type=int, nargs='?', const=0,
                       help='GPU ID (negative value indicates CPU): the older option')
    parser.add_argument('--out', '-o', default='result',
                        help='Directory to output the result')
    parser.add_argument('--resume', '-r', type=str,
                        help='Resume the training from a snapshot')
    parser.add_argument('--autoload', action='store_true',
                        help='Automatically load the newest snapshot in --out')
    parser.add_argument('--unit', '-u', type=int, default=1000,
                        help='Number of units')
    parser.add_argument('--plot', dest='plot', action='store_true', default=True,
                        help='Plot the loss and the accuracy (the default)')
    parser.add_argument('--noplot', dest='plot', action='store_false',
                        help='Disable the plots')
    args = parser.parse_args()

    device = chainer.get_device(args.device)
    print('Device: {}'.format(device))
    print('# unit: {}'.format(args.unit))
    print('# Minibatch-size: {}'.format(args.batchsize))
    print('# epoch: {}'.format(args.epoch))
    print('')

    # The classifier computes the softmax cross entropy loss and the accuracy.
    model = L.Classifier(MLP(args.unit, 10))
    model.to_device(device)
    device.use()
    optimizer = chainer.optimizers.Adam()
    optimizer.setup(model)

    name, (train, test) = load_dataset()
    train_iter = chainer.iterators.SerialIterator(train, args.batchsize)
    test_iter = chainer.iterators.SerialIterator(test, args.batchsize, repeat=False,
                                                 shuffle=False)

    updater = training.updaters.StandardUpdater(train_iter, optimizer, device=device)
    trainer = training.Trainer(updater, (args.epoch, 'epoch'), out=args.out)

    trainer.extend(extensions.Evaluator(test_iter, model, device=device),
                   call_before_training=True)
    trainer.extend(extensions.DumpGraph('main/loss'))
    frequency = args.epoch if args.frequency == -1 else max(1, args.frequency)
    trainer.extend(extensions.snapshot(n_retains=1, autoload=args.autoload),
                   trigger=(frequency, 'epoch'))
    trainer.extend(extensions.LogReport(), call_before_training=True)
    plots = []
    if args.plot and extensions.PlotReport.available():
        plots = ['loss.png', 'accuracy.png']
        trainer.extend(extensions.PlotReport(['main/loss', 'validation/main/loss'], 'epoch',
                                             filename='loss.png'), call_before_training=True)
        trainer.extend(extensions.PlotReport(['main/accuracy', 'validation/main/accuracy'],
                                             'epoch', filename='accuracy.png'),
                       call_before_training=True)
    trainer.extend(extensions.PrintReport(
        ['epoch', 'main/loss', 'validation/main/loss', 'main/accuracy',
         'validation/main/accuracy', 'elapsed_time']), call_before_training=True)
    trainer.extend(extensions.ProgressBar())

    if args.resume:
        chainer.serializers.load_npz(args.resume, trainer)
    trainer.run()

    log = trainer.get_extension('LogReport').log
    if log and 'validation/main/accuracy' in log[-1]:
        print('Test accuracy ({}): {:.4f}'.format(name, log[-1]['validation/main/accuracy']))
    print('Log: {}'.format(os.path.join(args.out, 'log')))
    for plot in plots:
        print('Plot: {}'.format(os.path.join(args.out, plot)))
    snapshots = sorted(f for f in os.listdir(args.out) if f.startswith('snapshot_iter_'))
    for snapshot in snapshots:
        print('Snapshot: {}'.format(os.path.join(args.out, snapshot)))


if __name__ == '__main__':
    main()
