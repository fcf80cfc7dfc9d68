"""An empty dataset of the length of another one (for models that only communicate)."""


def create_empty_dataset(dataset):
    """Creates a dataset of ``len(dataset)`` empty examples (``()``).

    For models that take no input from a dataset, e.g. one whose ``forward`` begins with
    :func:`chainermn.functions.recv` and ends with :func:`chainermn.functions.send`: an
    iterator over the empty dataset drives them for as many iterations as ``dataset`` would.

    Args:
        dataset: The dataset whose length is kept.

    Returns:
        list: ``len(dataset)`` empty tuples.
    """
    return [()] * len(dataset)
