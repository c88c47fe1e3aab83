"""`balance --backend dask` on a real LocalCluster: the pack travels compiled (a --with file included),
and the figures are the same, byte for byte, as playing the same seeds here."""
from __future__ import annotations

from click.testing import CliRunner

from spellcard.cli.main import cli

from .test_balance import ARENA, TITAN


def test_a_local_cluster_gives_the_same_json_as_the_local_backend(tmp_path, monkeypatch):
    args = ["balance", ARENA, "--with", TITAN, "--games", "40", "--seed", "3", "--json"]
    local = CliRunner().invoke(cli, args)
    assert local.exit_code == 0, local.output
    monkeypatch.chdir(tmp_path)             # a worker reads no pack file: there is none to read from here
    dask = CliRunner().invoke(cli, args + ["--backend", "dask", "--workers", "2"])
    assert dask.exit_code == 0, dask.output
    assert "on dask, 2 workers" in dask.stderr
    assert dask.stdout == local.stdout


def test_focus_on_a_local_cluster_gives_the_same_json_as_the_local_backend(tmp_path, monkeypatch):
    args = ["balance", ARENA, "--with", TITAN, "--games", "12", "--seed", "5", "--focus", "Titan", "--json"]
    local = CliRunner().invoke(cli, args)
    assert local.exit_code == 0, local.output
    monkeypatch.chdir(tmp_path)
    dask = CliRunner().invoke(cli, args + ["--backend", "dask", "--workers", "2"])
    assert dask.exit_code == 0, dask.output
    assert "on dask, 2 workers" in dask.stderr
    assert dask.stdout == local.stdout


def test_a_local_clusters_workers_keep_dasks_upkeep_slow():
    """Their own processes keep the settings the cluster was started with (the scheduler, in this
    process, read its own when it started)."""
    import dask

    from spellcard.balance.sweep import QUIET, dask_client

    def upkeep():
        return {k: dask.config.get(k) for k in QUIET}

    with dask_client(2) as client:
        assert list(client.run(upkeep).values()) == [QUIET, QUIET]
