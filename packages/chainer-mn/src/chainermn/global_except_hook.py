"""Aborting every MPI process when one of them dies of an uncaught exception.

Without it, the other processes of a job would wait forever for the dead one in their next
collective operation. :func:`add_hook` installs a ``sys.excepthook`` that prints the
traceback and calls ``MPI_Abort``, which makes ``mpiexec`` terminate the whole job with an
error. It is installed when ``chainermn`` is imported with the environment variable
``CHAINERMN_FORCE_ABORT_ON_EXCEPTION`` set (to any non-empty value), and whenever a
communicator is created in a job of more than one process.
"""
import os
import sys
import warnings

_orig_except_hook = None

_BANNER = """
******************************************
ChainerMN:
   Uncaught exception on rank {}.
   Calling MPI_Abort() to shut down MPI...
******************************************

"""


def _global_except_hook(exctype, value, tb):
    try:
        _orig_except_hook(exctype, value, tb)
        from mpi4py import MPI
        sys.stderr.write(_BANNER.format(MPI.COMM_WORLD.Get_rank()))
        sys.stderr.flush()
        sys.stdout.flush()
    finally:
        _abort()


def _abort():
    try:
        from mpi4py import MPI
        MPI.COMM_WORLD.Abort(1)
    except Exception as e:  # MPI is unusable: exit this process at least
        sys.stderr.write('ChainerMN: MPI_Abort() failed: {}\n'.format(e))
        sys.stderr.flush()
    os._exit(1)


def add_hook():
    """Installs the hook that calls ``MPI_Abort`` on an uncaught exception.

    Useful when processes run on a cluster or a cloud platform, where a hanging job would
    keep its machines. Calling it again only warns.
    """
    global _orig_except_hook
    if _orig_except_hook is not None:
        warnings.warn('chainermn.global_except_hook.add_hook() seems to be called multiple '
                      'times. Ignoring.', stacklevel=2)
        return
    _orig_except_hook = sys.excepthook
    sys.excepthook = _global_except_hook


def _add_hook_if_enabled():
    if os.environ.get('CHAINERMN_FORCE_ABORT_ON_EXCEPTION'):
        add_hook()


def _add_hook_if_multiprocess():
    """Installs the hook (once) when the MPI job has more than one process."""
    if _orig_except_hook is not None:
        return
    from mpi4py import MPI
    if MPI.COMM_WORLD.Get_size() > 1:
        add_hook()
