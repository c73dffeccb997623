"""Shared fixtures of the Python module's tests.

ctest runs these with PYTHONPATH pointing at the built package and TENACE_REQUIRE_MODULE=1, so a
module that does not import fails the run; run by hand without the module, they are skipped
(see need()).
"""

import importlib
import os
import pathlib
import subprocess

import pytest


def need(name):
    """Imports `name` (the tenace module, Dask's packages): required under ctest, where
    TENACE_REQUIRE_MODULE is set (CI installs everything), else the tests are skipped."""
    if os.environ.get("TENACE_REQUIRE_MODULE"):
        return importlib.import_module(name)
    return pytest.importorskip(name)


DATA = pathlib.Path(os.environ.get("TENACE_TEST_DATA", pathlib.Path(__file__).parent.parent / "data"))


def read_tsv(name):
    with open(DATA / name, encoding="utf-8") as f:
        return [line.rstrip("\n").split("\t") for line in f if not line.startswith("#")]


@pytest.fixture(scope="session")
def data():
    return DATA


@pytest.fixture(scope="session")
def cli():
    """Runs tenace-cli (TENACE_CLI) and returns (status, stdout, stderr)."""
    path = os.environ.get("TENACE_CLI")
    if not path:
        pytest.skip("TENACE_CLI is not set")

    def run(*args):
        done = subprocess.run([path, *args], capture_output=True, text=True, check=False)
        return done.returncode, done.stdout, done.stderr

    return run


@pytest.fixture(scope="session")
def ddtables():
    """(deal, table) of ddtables.tsv: table as 5 rows of 4."""
    rows = []
    for row in read_tsv("ddtables.tsv"):
        numbers = [int(x) for x in row[1:21]]
        rows.append((row[0], [numbers[i : i + 4] for i in range(0, 20, 4)]))
    return rows
