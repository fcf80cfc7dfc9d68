"""matplotlib for the plotting extensions: imported lazily, drawn with the Agg renderer on a
standalone Figure (no pyplot global state, no display needed), saved atomically."""
import importlib
import os
import warnings

from chainer.serializers import _atomic

_MISSING = ('matplotlib is not installed on your environment, so nothing will be plotted at '
            'this time. Please install matplotlib to plot figures (pip install '
            'chainer-training[plot]).')


def matplotlib_available():
    """Returns True if matplotlib can be imported."""
    try:
        importlib.import_module('matplotlib')
    except ImportError:
        return False
    return True


def warn_missing(owner):
    """Warns that ``owner`` plots nothing because matplotlib is not installed."""
    warnings.warn('{}: {}'.format(owner, _MISSING))


def check_module_flag(module_globals, owner):
    """v7's per-module ``_available`` flag: looks for matplotlib once, warns if it is missing.

    ``module_globals`` are the globals of the plotting module, whose ``_available`` is None
    until looked for (tests may set it to False to act as if matplotlib were missing).
    """
    if module_globals['_available'] is None:
        module_globals['_available'] = matplotlib_available()
    if not module_globals['_available']:
        warn_missing(owner)


def new_figure(figsize=None):
    """Returns a new standalone :class:`matplotlib.figure.Figure` rendered by Agg."""
    from matplotlib.backends import backend_agg
    from matplotlib import figure
    fig = figure.Figure(figsize=figsize)
    backend_agg.FigureCanvasAgg(fig)
    return fig


def save_figure(fig, path, **kwargs):
    """Saves ``fig`` to ``path`` atomically (temporary file in the same directory)."""
    file_format = os.path.splitext(path)[1][1:] or 'png'
    with _atomic.atomic_path(path) as tmp:
        fig.savefig(tmp, format=file_format, **kwargs)
