"""Playing a sweep of seeded games here or on a Dask cluster, in batches of consecutive seeds.

Every game is a function of (table, seed), and Counts only add integers, so how the seeds are cut
into batches and where each batch runs change nothing in the totals. A worker never reads the
pack's files: it gets the emitted module's text with its cache key and loads it once.
"""
from __future__ import annotations

import importlib.util
import logging
import marshal
import math
import signal
import threading
import time
import warnings
from contextlib import contextmanager
from typing import Callable, Iterator, Optional

import attrs

from spellcard.compiler.pack.manifest import COMPILER_VERSION, load_module
from spellcard.compiler.pack.module_code import compile_module
from spellcard.runtime.defs import PackDef
from spellcard.simulate import Table, game_seed, seeded

from .counts import Counts

Advance = Callable[[int], None]


class SweepProblem(Exception):
    """The cluster could not be reached or refused the work: the command line's fault, not a rule's."""


@attrs.frozen
class Seats:
    """A table without its pack: what a worker needs, besides the shipped pack, to play a batch."""
    mode: str
    players: int
    characters: tuple = ()
    agent: str = "random"
    agent_options: tuple = ()

    @classmethod
    def of(cls, table: Table) -> "Seats":
        return cls(table.mode, table.players, tuple(table.characters), table.agent, tuple(table.agent_options))

    def table(self, pack: PackDef) -> Table:
        return Table(pack, self.mode, self.players, self.characters, self.agent, self.agent_options)


@attrs.frozen
class ShippedPack:
    """A compiled pack as sent to workers: the emitted module, its bytecode (compiling THB's module
    takes a second, loading its bytecode a few milliseconds) and the key it was compiled under."""
    name: str
    key: str                    # the source hash: a worker loads each key once
    code: str
    bytecode: bytes             # marshal of the module's code object, for workers on the same Python
    magic: bytes = importlib.util.MAGIC_NUMBER
    compiler: str = COMPILER_VERSION

    @classmethod
    def of(cls, pack: PackDef, code: str) -> "ShippedPack":
        return cls(pack.name, pack.source_hash, code, marshal.dumps(compile_module(code, _module(pack.name))))


def _module(name: str) -> str:
    return f"<spellcard:{name}>"


_LOADED: dict = {}              # per worker process: key -> PackDef


def loaded(shipped: ShippedPack) -> PackDef:
    if shipped.compiler != COMPILER_VERSION:
        raise SweepProblem(f"this worker's spellcard emits version {COMPILER_VERSION} modules, the pack "
                           f"{shipped.name} was compiled as version {shipped.compiler}: install the same "
                           "spellcard on every worker")
    if shipped.key not in _LOADED:
        if shipped.magic == importlib.util.MAGIC_NUMBER:
            code_obj = marshal.loads(shipped.bytecode)
        else:                   # another Python: its own bytecode, from the same text
            code_obj = compile_module(shipped.code, _module(shipped.name))
        _LOADED[shipped.key] = load_module(code_obj, shipped.code)
    return _LOADED[shipped.key]


def batches(seed: int, games: int, size: int) -> list[tuple[int, int]]:
    """(first seed, number of games) per batch, covering seeds seed … seed+games-1 in order."""
    return [(game_seed(seed, i), min(size, games - i)) for i in range(0, games, size)]


def play_batch(pack: PackDef, seats: Seats, first: int, count: int, on_game: Advance = lambda n: None) -> Counts:
    table = seats.table(pack)
    counts = Counts()
    for s, game, result in seeded(table, count, first, usage=True):
        counts.add(table, s, game, result)
        on_game(1)
    return counts


def _remote_batch(shipped: ShippedPack, seats: Seats, first: int, count: int) -> Counts:
    return play_batch(loaded(shipped), seats, first, count)


@attrs.define
class Timing:
    """Kept apart from the figures: it is all that differs between two runs of the same sweep."""
    backend: str
    workers: int
    start_seconds: float = 0.0      # making or reaching the cluster
    play_seconds: float = 0.0


def run_local(pack: PackDef, seats: Seats, seed: int, games: int, advance: Advance,
              batch: Callable = play_batch) -> tuple[Counts, Timing]:
    """`batch` plays seeds (pack, seats, first, count, advance) -> totals with merge(): a sweep's
    Counts by default, the focus pairs for `balance --focus` (focus.py)."""
    start = time.perf_counter()
    counts = batch(pack, seats, seed, games, advance)
    return counts, Timing("local", 1, 0.0, time.perf_counter() - start)


def batch_size(games: int, workers: int) -> int:
    """About eight batches per worker, so that a slow batch does not leave the others idle at the
    end, and no more than 50 games each, so that the progress bar moves."""
    return max(1, min(50, math.ceil(games / (8 * workers))))


def run_dask(shipped: ShippedPack, seats: Seats, seed: int, games: int, advance: Advance,
             workers: int = 2, scheduler: Optional[str] = None, remote: Optional[Callable] = None,
             args: tuple = ()) -> tuple[Counts, Timing]:
    """Play on a LocalCluster of `workers` single-threaded processes, or on the cluster whose
    scheduler is at `scheduler`; `remote(shipped, seats, first, count, *args)` plays a batch there
    (a sweep's Counts by default)."""
    _some(games)                    # before a cluster is started for nothing
    started = time.perf_counter()
    with dask_client(workers, scheduler) as client:
        n = len(client.scheduler_info()["workers"]) or workers
        timing = Timing("dask", n, time.perf_counter() - started)
        played = time.perf_counter()
        counts = sweep_on(client, shipped, seats, seed, games, advance, remote, args)
        timing.play_seconds = time.perf_counter() - played
    return counts, timing


QUIET = {"distributed.admin.tick.interval": "1s", "distributed.admin.system-monitor.interval": "2s",
         "distributed.worker.memory.monitor-interval": "1s", "distributed.worker.profile.enabled": False,
         "distributed.scheduler.work-stealing-interval": "1s"}
"""Dask's own upkeep, slowed for a local cluster: at its defaults (an event-loop tick every 20 ms, a
system monitor, a memory monitor and a stack profiler in every process) an idle 2-worker cluster
took 6% of a core in the scheduler and 3-5% in each worker, which on a machine with as many cores as
workers is taken from the games. A sweep's batches last seconds, so nothing needs finer upkeep."""


@contextmanager
def dask_client(workers: int, scheduler: Optional[str] = None) -> Iterator:
    """A client of a new LocalCluster (processes, one thread each: games hold the GIL), or of the
    running scheduler at `scheduler`; both closed on leaving. Ctrl-C meanwhile is noted (_ctrl_c_noted)
    and raised at the next look: after the cluster starts, and between polls for batches."""
    with _ctrl_c_noted():
        yield from _client(workers, scheduler)


def _client(workers: int, scheduler: Optional[str]) -> Iterator:
    import dask
    from dask.distributed import Client, LocalCluster
    cluster = None
    try:
        if scheduler is None:
            with warnings.catch_warnings(), dask.config.set(QUIET):
                warnings.filterwarnings("ignore", "Port .* is already in use")   # a sweep beside this one
                with _ctrl_c_left_to_this_process():
                    # Only CRITICAL lines: a worker whose scheduler went away (Ctrl-C) logs each failed
                    # heartbeat as an ERROR with a traceback; a batch that fails raises in this process.
                    cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                           dashboard_address=None, silence_logs=logging.CRITICAL)
                client = Client(cluster)
        else:
            client = Client(scheduler, timeout="10s")
    except (OSError, TimeoutError, ValueError) as err:
        if cluster is not None:
            cluster.close()
        where = f"the scheduler at {scheduler}" if scheduler else "a local cluster"
        raise SweepProblem(f"cannot start or reach {where}: {err}") from None
    try:
        _raise_if_interrupted()
        yield client
    except KeyboardInterrupt:
        # Ctrl-C: the work still queued is dropped with the cluster, and Dask's complaints about it
        # (a CRITICAL line and a traceback per batch whose client went away) say nothing to the user.
        logging.disable(logging.CRITICAL)
        raise
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


@contextmanager
def _ctrl_c_left_to_this_process() -> Iterator[None]:
    """Workers started meanwhile ignore SIGINT (a process inherits an ignored signal, and Python then
    leaves it ignored): Ctrl-C at a terminal reaches the whole process group, and each worker printed
    a KeyboardInterrupt traceback. This process alone stops, and closes the cluster as it leaves. A
    Ctrl-C while they start (a second or two) is lost: blocking SIGINT as well was tried, and the
    signal still went to a thread of Dask's, where it was ignored."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


_NOTED: list = []
"""The Ctrl-Cs pressed while a Dask client is open (a signal handler is the whole process's too)."""


@contextmanager
def _ctrl_c_noted() -> Iterator[None]:
    """Ctrl-C noted rather than raised where it lands. Dask's scheduler shares this process and
    registers a gc callback; a KeyboardInterrupt raised inside one is printed ("Exception ignored")
    and dropped by Python, and the sweep played on (seen in CI). The note is read where raising is
    safe (_raise_if_interrupted)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.signal(signal.SIGINT, lambda signum, frame: _NOTED.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)
        _NOTED.clear()


def _raise_if_interrupted() -> None:
    if _NOTED:
        raise KeyboardInterrupt


def _some(games: int) -> None:
    """A sweep's totals are its batches' added up: with no game there is no batch to start from."""
    if games < 1:
        raise ValueError(f"a sweep plays 1 game or more, not {games}")


def sweep_on(client, shipped: ShippedPack, seats: Seats, seed: int, games: int,
             advance: Advance = lambda n: None, remote: Optional[Callable] = None, args: tuple = ()) -> Counts:
    """Batches of seeds sent to the client's workers; their totals added in seed order."""
    _some(games)
    from dask.distributed import as_completed
    workers = len(client.scheduler_info()["workers"]) or 1
    pack = client.scatter(shipped, broadcast=True, hash=False)     # a new key each sweep: never one just released
    jobs = batches(seed, games, batch_size(games, workers))
    futures = []
    for first, count in jobs:       # a sweep of millions of games is thousands of batches: seconds
        _raise_if_interrupted()
        futures.append(client.submit(remote or _remote_batch, pack, seats, first, count, *args, pure=False))
    index = {f.key: i for i, f in enumerate(futures)}
    results: list = [None] * len(jobs)
    pending = as_completed(futures)
    while not pending.is_empty():
        ready = pending.next_batch(block=False)
        for future in ready:
            i = index[future.key]
            results[i] = future.result()
            advance(jobs[i][1])
        _raise_if_interrupted()
        if not ready:
            time.sleep(0.1)     # as_completed's own wait is the same: it polls every 100 ms
    total = results[0]
    for counts in results[1:]:
        total.merge(counts)
    return total
