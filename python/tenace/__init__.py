"""Tenace from Python: double-dummy tables and solves, par, PBN and LIN files, simulation and
single dummy. Every solve releases the GIL.

    >>> import tenace
    >>> deal = tenace.Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 "
    ...                             "6543.876.876.876 2.5432.5432.5432")
    >>> tenace.dd_table(deal)[4]   # NT by N, E, S, W
    [13, 0, 13, 0]

`tenace.dask` spreads tables and file annotation over a Dask cluster.
"""

from ._tenace import (
    Board,
    BoardReader,
    CardValue,
    Deal,
    Error,
    Simulation,
    SingleDummyResult,
    annotate,
    dd_table,
    dd_tables,
    lead_table,
    par,
    read_lin,
    read_pbn,
    sd,
    simulate,
    solve,
    write_pbn,
)

__all__ = [
    "Board",
    "BoardReader",
    "CardValue",
    "Deal",
    "Error",
    "Simulation",
    "SingleDummyResult",
    "annotate",
    "dd_table",
    "dd_tables",
    "lead_table",
    "par",
    "read_lin",
    "read_pbn",
    "sd",
    "simulate",
    "solve",
    "write_pbn",
]
