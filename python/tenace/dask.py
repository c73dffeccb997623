"""Tenace on a Dask cluster: DD tables of many deals and annotation of many files, mapped over
the partitions of a Dask bag.

Each partition is one task: a worker that dies while solving it loses nothing, the scheduler
runs the partition again on another worker (up to distributed's ``allowed-failures``).
Results come back in input order.

One machine::

    from distributed import Client, LocalCluster
    client = Client(LocalCluster(n_workers=4, threads_per_worker=1))
    tables = tenace.dask.dd_tables(deals, client)

Several machines: ``dask scheduler`` on one, ``dask worker SCHEDULER:8786`` on each of the
others, then ``Client("SCHEDULER:8786")``.
"""

from __future__ import annotations

import os
from typing import Any, Dict, Iterable, List, Optional, Union

from . import _tenace

Table = List[List[int]]


def _as_pbn(deal: Union[_tenace.Deal, str]) -> str:
    return deal if isinstance(deal, str) else str(deal)


def _solve_partition(pbns: Iterable[str], threads: int = 1) -> List[Table]:
    return _tenace.dd_tables(list(pbns), threads=threads)


def _compute(collection: Any, client: Any) -> Any:
    if client is None:
        try:
            from distributed import get_client

            client = get_client()
        except (ImportError, ValueError):
            # No cluster: this process's threads (every solve releases the GIL).
            return collection.compute(scheduler="threads")
    return client.compute(collection).result()


def dd_tables(
    deals: Any,
    client: Any = None,
    chunk: int = 500,
    threads: int = 1,
) -> List[Table]:
    """The DD tables of `deals` (an iterable of Deals or PBN strings, or a Dask bag of them),
    computed on `client`'s cluster in partitions of `chunk` deals.

    Each partition is solved on `threads` threads of its worker (1: a worker runs as many
    partitions at once as it has threads). Without a client, the current default client is
    used, else this process's threads. Returns the tables in input order, each as
    :func:`tenace.dd_table` gives it. Raises :class:`tenace.Error` for a deal that cannot be
    solved.
    """
    import dask.bag as db

    if isinstance(deals, db.Bag):
        bag = deals.map(_as_pbn)
    else:
        pbns = [_as_pbn(deal) for deal in deals]
        if not pbns:
            return []
        for pbn in pbns:  # fail here, before anything is sent
            _tenace.Deal.from_pbn(pbn)
        bag = db.from_sequence(pbns, partition_size=max(1, chunk))
    return list(_compute(bag.map_partitions(_solve_partition, threads=threads), client))


def _output_path(path: str, out_dir: Optional[str]) -> str:
    directory, name = os.path.split(path)
    stem, extension = os.path.splitext(name)
    if extension.lower() == ".lin":
        name = stem + ".pbn"
    return os.path.join(out_dir if out_dir is not None else directory, name)


def _annotate_partition(
    paths: Iterable[str], out_dir: Optional[str], play_table: bool, threads: int
) -> List[Dict[str, Any]]:
    return [
        _tenace.annotate(path, _output_path(path, out_dir), play_table, threads)
        for path in paths
    ]


def annotate(
    paths: Any,
    client: Any = None,
    out_dir: Optional[str] = None,
    play_table: bool = True,
    threads: int = 1,
) -> List[Dict[str, Any]]:
    """Adds DD results to every board of each PBN or LIN file in `paths` (an iterable or a Dask
    bag of paths), one file per task, as ``tenace-cli annotate`` does.

    Every worker must see the files at the same paths (a shared file system). Each file is
    written to `out_dir` under its own name, or replaced in place when `out_dir` is None; a LIN
    file becomes a PBN file of the same stem (ValueError when two files would be written to
    the same path). Returns one report per file, in input order, as
    :func:`tenace.annotate` gives it.
    """
    import dask.bag as db

    if isinstance(paths, db.Bag):
        bag = paths
    else:
        paths = [os.fspath(path) for path in paths]
        if not paths:
            return []
        outputs = [_output_path(path, out_dir) for path in paths]
        if len(set(outputs)) < len(outputs):
            raise ValueError("two files would be written to the same output: " +
                             ", ".join(sorted(o for o in set(outputs) if outputs.count(o) > 1)))
        bag = db.from_sequence(paths, npartitions=len(paths))
    annotated = bag.map_partitions(
        _annotate_partition, out_dir=out_dir, play_table=play_table, threads=threads
    )
    return list(_compute(annotated, client))
