"""``--cluster ADDRESS``: a run's arrangements explored by the workers of a Dask cluster.

Arrangements are independent, so a cluster needs no home-made protocol: each arrangement is a
Dask task (``distributed``), its result comes back pickled, and results are taken in plan
order, so the output is a local run's. With the native engine the tasks are those of local
workers (workers.py): probes of a few arrangements each, then the arrangements the probes did
not finish, in groups of alike ones, so that a group's later arrangements may be derived from
its first (twins.py). Dask rather than Ray: its LocalCluster runs the same
code on one machine (the tests use one of two workers), a real cluster is one scheduler
address (`dask scheduler`, `dask worker ADDRESS` on each machine), and a task whose worker
dies is retried on another worker by the scheduler, which is what a lost machine needs. Ray
would do as well, with a larger installation for the same use.

A worker knows nothing of the run but a ``RemoteRun``: the algorithm's name (a built-in) or
its file's absolute path (which every worker must be able to read: a shared file system, or
the same checkout), n and the options. It loads the algorithm, checks its readings and builds
its C engine itself (once per run and worker process), as a local run does before forking.
An algorithm that draws random values is explored locally (its id-blind search is one task).
``--cluster local:N`` starts a LocalCluster of N single-threaded worker processes for the run.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from models import AlgorithmError

CONNECT_TIMEOUT = "10s"  # how long a scheduler that does not answer is waited for


@dataclass(frozen=True)
class Cluster:
    """Where to run (a scheduler address, or local:N) and how a worker loads the algorithm:
    ``reference`` (a built-in name or /absolute/path.py[:Class]) given to ``load`` (the CLI's
    checker.cli.loader.load_algorithm)."""

    address: str
    reference: str
    load: Callable[[str], type]

    def __post_init__(self):  # before the run plans and compiles, not after
        if self.address.startswith("local:") and local_workers(self.address) < 1:
            raise AlgorithmError(f"--cluster {self.address}: give local:N with N workers, e.g. local:2")


def local_workers(address: str) -> int:
    """N of local:N (0 if it is not a number)."""
    count = address.partition(":")[2]
    return int(count) if count.isdigit() else 0


@dataclass(frozen=True)
class RemoteRun:
    cluster: Cluster
    n: int
    engine: str
    por: bool
    max_states: int | None
    max_memory: int | None
    chains: bool
    fingerprint: bool
    python_reason: str | None
    twins: bool = True


class ClusterWorkers:
    """The same protocol as workers.Workers: results in plan order; a context manager."""

    def __init__(self, plan: list, run: RemoteRun, explore: Callable, known: dict | None = None,
                 finished: Callable | None = None, alike: tuple[Callable, Callable] | None = None):
        """``explore(run, arrangement)`` runs on a worker (run.py's explore_remotely);
        ``finished(index, result)`` is told of each result as soon as it comes, in any order.
        With ``alike`` = (probe, explore_group), run.py's probe_remotely and
        explore_group_remotely, the arrangements are probed and grouped as the local workers
        do (workers.py): ``probe(run, arrangements)`` gives each one's (finished, result or
        figures), ``explore_group(run, arrangements)`` explores alike ones in a row, so that
        twins are derived on the cluster too."""
        address = run.cluster.address
        self.explore = explore
        try:
            from distributed import Client, LocalCluster
        except ImportError:
            raise AlgorithmError("--cluster needs Dask's distributed: pip install 'ringleader[cluster]'") from None
        self.plan, self.run, self.known, self.finished, self.alike = plan, run, known or {}, finished, alike
        self.cluster = None
        # the workers' own warnings (a task cancelled as the run stops at a violation) are not the
        # user's, nor their "Compute Failed" for a task that raised: the run reports that error itself
        import dask
        import logging

        dask.config.set({"logging.distributed": "error"})
        logging.getLogger("distributed").setLevel(logging.ERROR)
        try:
            if address.startswith("local:"):
                # no dashboard; the scheduler's HTTP server (always started) on a free port, not on
                # 8787, where a second run warned "Port 8787 is already in use"
                self.cluster = LocalCluster(n_workers=local_workers(address), threads_per_worker=1,
                                            processes=True, dashboard_address=None,
                                            scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
                                            silence_logs=logging.CRITICAL)
                self.client = Client(self.cluster)
            else:
                self.client = Client(address, timeout=CONNECT_TIMEOUT)
        except OSError as error:
            raise AlgorithmError(f"--cluster {address}: cannot reach a Dask scheduler there ({error})") from None
        except ValueError as error:  # distributed's parsing of the address
            raise AlgorithmError(f"--cluster {address}: not a scheduler address ({error}); give tcp://HOST:PORT, "
                                 "as `dask scheduler` prints it, or local:N") from None

    def __iter__(self):
        from distributed import as_completed

        from .workers import PROBE_TASKS_PER_WORKER, take_probes, take_results, unfinished_tasks

        unknown = [index for index in range(len(self.plan)) if index not in self.known]
        probing = self.alike is not None and len(self.plan) > 1 and bool(unknown)
        tasks: dict = {}  # future -> what it does ("probe" or "explore") and the plan indices it does it for

        def submit(kind: str, indices: list[int]):
            arrangements = [self.plan[k] for k in indices]
            if kind == "probe":
                future = self.client.submit(self.alike[0], self.run, arrangements, pure=False)
            elif probing:
                future = self.client.submit(self.alike[1], self.run, arrangements, pure=False)
            else:
                future = self.client.submit(self.explore, self.run, arrangements[0], pure=False)
            tasks[future] = (kind, indices)
            return future

        if probing:  # a few probes a task, as local workers get them
            workers = max(1, len(self.client.scheduler_info().get("workers", {})))
            # every arrangement, recorded ones too, so that the groups are an uninterrupted run's
            everything = list(range(len(self.plan)))
            size = max(1, len(everything) // (PROBE_TASKS_PER_WORKER * workers))
            completed = as_completed([submit("probe", everything[at:at + size])
                                      for at in range(0, len(everything), size)])
        else:
            completed = as_completed([submit("explore", [index]) for index in unknown])
        probes_left = sum(1 for kind, _ in tasks.values() if kind == "probe")
        results, failed, figures = dict(self.known), {}, {}
        for index, arrangement in enumerate(self.plan):
            while index not in results and index not in failed:
                future = next(completed)
                kind, indices = tasks.pop(future)
                try:
                    values = future.result()
                except Exception as error:  # raised in its turn: an earlier violation may end the run first
                    if kind != "probe":
                        failed.update((k, error) for k in indices if k not in self.known)
                    values = None
                if kind == "probe":
                    probes_left -= 1
                    # a probe task lost (its workers kept dying): its arrangements are explored alone
                    take_probes(indices, values or [(False, None)] * len(indices), results, figures, self._tell)
                    if probes_left == 0:  # groups of alike arrangements, largest first (workers.py)
                        for group in unfinished_tasks(figures, self.known):
                            completed.add(submit("explore", group))
                    continue
                if values is not None:
                    take_results(indices, values if probing else [values], results, self.known, self._tell)
            if index in failed:
                error = failed[index]
                if type(error).__name__ == "KilledWorker":  # the scheduler gave up: its workers kept dying
                    from .workers import WorkerDied

                    raise WorkerDied(arrangement, [], how="was lost with every cluster worker that took it "
                                     "(the scheduler retries a task whose worker dies, then gives up)") from None
                raise error
            yield results.pop(index)

    def _tell(self, index: int, result) -> None:
        if self.finished is not None:
            self.finished(index, result)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()
