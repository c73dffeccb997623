"""tenace.dask on a LocalCluster of two single-threaded worker processes: tables equal to the
single-process ones, in input order; annotation of files; a worker killed mid-task loses
nothing."""

import filecmp
import os
import shutil
import signal
import threading
import time

import pytest

from conftest import need

tenace = need("tenace")
need("tenace.dask")
need("dask.bag")
distributed = need("distributed")
import dask.bag  # noqa: E402
import tenace.dask  # noqa: E402


# 200 random deals of ddtables.tsv (its first 38 rows are constructed edge cases, some slow).
DEALS = slice(38, 238)


def make_client():
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
        scheduler_port=0, silence_logs=50)
    return cluster, distributed.Client(cluster)


@pytest.fixture(scope="module")
def client():
    cluster, client = make_client()
    yield client
    client.close()
    cluster.close()


@pytest.fixture(scope="module")
def deals(ddtables):
    return [deal for deal, _ in ddtables[DEALS]]


@pytest.fixture(scope="module")
def single_process(deals, ddtables):
    tables = tenace.dd_tables(deals)
    assert tables == [table for _, table in ddtables[DEALS]]
    return tables


def test_tables_in_input_order(client, deals, single_process):
    tables = tenace.dask.dd_tables(deals, client, chunk=7)
    assert len(tables) == 200
    assert tables == single_process
    # Deal objects go through too, and a small input.
    assert tenace.dask.dd_tables([tenace.Deal.from_pbn(d) for d in deals[:3]], client) == \
        single_process[:3]
    assert tenace.dask.dd_tables([], client) == []
    # A Dask bag keeps its own partitions.
    bag = dask.bag.from_sequence(deals[:20], npartitions=3)
    assert tenace.dask.dd_tables(bag, client) == single_process[:20]


def test_bad_deal_raises_before_sending(client):
    with pytest.raises(tenace.Error):
        tenace.dask.dd_tables(["N:AKQ - - -"], client)


def test_annotate_files(client, data, tmp_path):
    names = ["fixtures/pbn/endplay-example1.pbn", "fixtures/lin/bridgebots-sample.lin",
             "wild/lesson.pbn"]
    (tmp_path / "in").mkdir()
    (tmp_path / "one").mkdir()
    (tmp_path / "many").mkdir()
    paths = []
    for name in names:
        path = tmp_path / "in" / os.path.basename(name)
        shutil.copy(data / name, path)
        paths.append(str(path))
    reports = tenace.dask.annotate(paths, client, out_dir=str(tmp_path / "many"),
                                   play_table=False)
    assert [r["path"] for r in reports] == paths
    for path, report in zip(paths, reports):
        expected = str(tmp_path / "one" / os.path.basename(report["output"]))
        tenace.annotate(path, expected, play_table=False, threads=1)
        assert filecmp.cmp(report["output"], expected, shallow=False)
    assert reports[1]["output"] == str(tmp_path / "many" / "bridgebots-sample.pbn")
    with pytest.raises(ValueError, match="same output"):
        tenace.dask.annotate(paths + [paths[0]], client, out_dir=str(tmp_path / "many"))


def test_worker_killed_mid_task(deals, single_process):
    cluster, client = make_client()
    try:
        pids = client.run(os.getpid)
        result = {}

        def run():
            try:
                result["tables"] = tenace.dask.dd_tables(deals, client, chunk=10)
            except BaseException as error:  # reported below
                result["error"] = error

        solving = threading.Thread(target=run)
        solving.start()
        victim = None
        deadline = time.monotonic() + 60
        while victim is None and time.monotonic() < deadline:
            busy = [worker for worker, tasks in client.processing().items() if tasks]
            victim = busy[0] if busy else None
            time.sleep(0.05)
        assert victim is not None, "no task started"
        time.sleep(0.5)  # a partition of 10 deals takes seconds: the kill lands mid-task
        assert client.processing()[victim], "the worker was idle when killed"
        os.kill(pids[victim], signal.SIGKILL)
        solving.join(timeout=600)
        assert not solving.is_alive()
        assert "error" not in result, result.get("error")
        # Every table once, in input order.
        assert len(result["tables"]) == 200
        assert result["tables"] == single_process
        assert pids[victim] not in client.run(os.getpid).values()
    finally:
        client.close()
        cluster.close()
