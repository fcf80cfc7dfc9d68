#!/usr/bin/env python
"""Trains the MNIST multi-layer perceptron of train_mnist.py on several processes (ChainerMN).

Start it with MPI, one process per CPU core or GPU::

    mpiexec -n 2 python train_mnist_multi.py                     # CPU, naive communicator
    mpiexec -n 4 python train_mnist_multi.py -d 0 -c pure_nccl   # one GPU per process

Rank 0 loads the dataset (MNIST, or scikit-learn's digits when MNIST can be neither
downloaded nor found) and scatters it: every process trains on its part with a batch of
``--batchsize`` examples, so the global batch is ``--batchsize`` times the number of
processes. The multi-node optimizer averages the gradients of all processes at every update,
the multi-node evaluator averages the test results, and only rank 0 reports.
"""
import argparse
import os

import numpy

import chainer
import chainer.links as L
from chainer import training
from chainer.training import extensions
import chainermn

from train_mnist import load_dataset
from train_mnist import MLP


def main():
    parser = argparse.ArgumentParser(description='ChainerMN example: MNIST')
    parser.add_argument('--batchsize', '-b', type=int, default=100,
                        help='Number of images in each mini-batch of each process')
    parser.add_argument('--communicator', '-c', type=str, default=None,
                        help='Type of communicator (naive on the CPU, pure_nccl on GPUs by '
                             'default)')
    parser.add_argument('--epoch', '-e', type=int, default=20,
                        help='Number of sweeps over the dataset to train')
    parser.add_argument('--device', '-d', type=int, default=-1,
                        help='-1 for the CPU; any other value: process i uses the GPU of its '
                             'intra-node rank')
    parser.add_argument('--out', '-o', default='result',
                        help='Directory to output the result')
    parser.add_argument('--autoload', action='store_true',
                        help='Resume from the newest snapshot in --out')
    parser.add_argument('--unit', '-u', type=int, default=1000,
                        help='Number of units')
    parser.add_argument('--seed', type=int, default=0,
                        help='Seed of the initial parameters and of the data split')
    args = parser.parse_args()

    use_gpu = args.device >= 0
    communicator = args.communicator or ('pure_nccl' if use_gpu else 'naive')
    comm = chainermn.create_communicator(communicator)
    device = chainer.get_device('@cupy:{}'.format(comm.intra_rank) if use_gpu else '@numpy')
    device.use()

    if comm.rank == 0:
        print('Number of processes: {}'.format(comm.size))
        print('Communicator: {}'.format(communicator))
        print('Device: {}'.format(device))
        print('# unit: {}'.format(args.unit))
        print('# Minibatch-size: {} per process, {} in all'.format(
            args.batchsize, args.batchsize * comm.size))
        print('# epoch: {}'.format(args.epoch))
        print('')

    # The same initial parameters everywhere (the first update broadcasts rank 0's anyway).
    numpy.random.seed(args.seed)
    model = L.Classifier(MLP(args.unit, 10))
    model.to_device(device)
    optimizer = chainermn.create_multi_node_optimizer(chainer.optimizers.Adam(), comm)
    optimizer.setup(model)

    name, (train, test) = load_dataset() if comm.rank == 0 else (None, (None, None))
    name = comm.bcast_obj(name)
    train = chainermn.scatter_dataset(train, comm, shuffle=True, seed=args.seed)
    test = chainermn.scatter_dataset(test, comm, shuffle=True, seed=args.seed)
    train_iter = chainer.iterators.SerialIterator(train, args.batchsize)
    test_iter = chainer.iterators.SerialIterator(test, args.batchsize, repeat=False,
                                                 shuffle=False)

    updater = training.StandardUpdater(train_iter, optimizer, device=device)
    trainer = training.Trainer(updater, (args.epoch, 'epoch'), out=args.out)

    evaluator = extensions.Evaluator(test_iter, model, device=device)
    trainer.extend(chainermn.create_multi_node_evaluator(evaluator, comm))
    # Rank 0 (with the reports) and rank 1 (for the others) save the trainer; with
    # --autoload every process resumes from the snapshot of its replica set. The snapshot
    # runs after the evaluator and the reports (its own low priority), so that it holds them.
    snapshot = extensions.snapshot(n_retains=1, autoload=args.autoload)
    trainer.extend(chainermn.extensions.multi_node_snapshot(comm, snapshot, [0]),
                   trigger=(args.epoch, 'epoch'), priority=snapshot.priority)
    if comm.rank == 0:
        trainer.extend(extensions.DumpGraph('main/loss'))
        trainer.extend(extensions.LogReport())
        trainer.extend(extensions.PrintReport(
            ['epoch', 'main/loss', 'validation/main/loss', 'main/accuracy',
             'validation/main/accuracy', 'elapsed_time']))
        trainer.extend(extensions.ProgressBar())

    trainer.run()

    if comm.rank == 0:
        log = trainer.get_extension('LogReport').log
        if log and 'validation/main/accuracy' in log[-1]:
            print('Test accuracy ({}): {:.4f}'.format(name,
                                                      log[-1]['validation/main/accuracy']))
        print('Log: {}'.format(os.path.join(args.out, 'log')))


if __name__ == '__main__':
    main()
