"""Long work off the request: a bounded queue of CLI runs whose results land in the serve folder.

Each job runs the very command its form stands for (`python -m generator GAME ARGS`) in a subprocess:
the CLI's bounds and one-line errors apply unchanged and a crash cannot take the server down. It
writes into a staging folder inside the serve folder (<out>/.web/jobs/<id>, the same file system, so
publishing is a rename and the gallery never sees half a set); when it succeeds each output set it made
moves to <out>/<game>/<CODE>/, the layout the CLI itself gives `--out <out>`, with a hidden `.web.json`
in it saying how it was made (for the regenerate command and "again with a new seed"), and the
folder's index.html is rewritten. A failure keeps nothing but its one-line message.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

WEB_DIR = ".web"  # the server's own files inside the serve folder (hidden from the gallery)
META = ".web.json"  # beside a result: how the web app made it
JOB_TIMEOUT = 600.0  # seconds one job may run
SEED_SAID = re.compile(r"\(seed (\d+)\)")  # how the CLI says the seed it drew: "code X (seed N)"


class Busy(RuntimeError):
    """The queue is full: the page says "busy, try again"."""


@dataclass
class Job:
    id: str
    game: str
    args: list[str]
    values: dict[str, str]
    lang: str = "pl"
    state: str = "queued"  # queued | running | done | failed
    message: str = ""
    created: float = field(default_factory=time.time)
    started: float = 0.0
    finished: float = 0.0
    results: list[str] = field(default_factory=list)  # folders (relative to the serve folder) it published
    seed: int | None = None  # the seed the CLI said it drew

    @property
    def elapsed(self) -> float:
        end = self.finished or time.time()
        return max(0.0, end - (self.started or self.created))

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "args": self.args, "state": self.state,
                "message": self.message, "elapsed": round(self.elapsed, 3), "results": self.results}


def one_line(stderr: str) -> str:
    """The CLI's error line out of its stderr (the last non-empty line, without "error: ")."""
    lines = [ln.strip() for ln in stderr.splitlines() if ln.strip()]
    if not lines:
        return ""
    last = lines[-1]
    return last.removeprefix("error: ")


class Jobs:
    """At most `workers` jobs run at once and `waiting` more wait; a submit beyond that raises Busy."""

    def __init__(self, out_dir: Path, workers: int = 1, waiting: int = 4, timeout: float = JOB_TIMEOUT,
                 keep: int = 200) -> None:
        self.out = Path(out_dir)
        self.stage_root = self.out / WEB_DIR / "jobs"
        shutil.rmtree(self.stage_root, ignore_errors=True)  # what a stopped server left half done
        self.workers = workers
        self.waiting = waiting
        self.timeout = timeout
        self.keep = keep  # finished jobs remembered (their results stay on disk regardless)
        self.jobs: dict[str, Job] = {}
        self.lock = threading.Lock()
        self.publish_lock = threading.Lock()
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="boardgen-job")
        self.procs: dict[str, subprocess.Popen[str]] = {}  # the running CLI processes, by job
        self.closed = False

    def active(self) -> int:
        return sum(1 for j in self.jobs.values() if j.state in ("queued", "running"))

    def submit(self, game: str, args: list[str], values: dict[str, str], lang: str) -> Job:
        with self.lock:
            if self.active() >= self.workers + self.waiting:
                raise Busy(f"{self.active()} jobs are running or waiting")
            finished = [j for j in self.jobs.values() if j.state in ("done", "failed")]
            for old in sorted(finished, key=lambda j: j.finished)[: max(0, len(finished) - self.keep)]:
                del self.jobs[old.id]
            job = Job(secrets.token_hex(8), game, list(args), dict(values), lang)
            self.jobs[job.id] = job
        self.pool.submit(self._run, job)
        return job

    def get(self, job_id: str) -> Job | None:
        return self.jobs.get(job_id)

    def _run(self, job: Job) -> None:
        job.state, job.started = "running", time.time()
        stage = self.stage_root / job.id
        try:
            stage.mkdir(parents=True, exist_ok=True)
            cmd = [sys.executable, "-m", "generator", job.game, *job.args, "--out", str(stage)]
            with self.lock:
                if self.closed:
                    raise RuntimeError("the server is stopping")
                proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                        stdin=subprocess.DEVNULL, env={**os.environ, "COLUMNS": "200"})
                self.procs[job.id] = proc
            try:
                stdout, stderr = proc.communicate(timeout=self.timeout)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.communicate()
                raise
            finally:
                self.procs.pop(job.id, None)
            if self.closed:
                raise RuntimeError("the server was stopped")
            if proc.returncode != 0:
                job.message = one_line(stderr) or f"the command ended with exit code {proc.returncode}"
                job.state = "failed"
                return
            said = SEED_SAID.findall(stdout)
            job.seed = int(said[0]) if len(set(said)) == 1 else None
            job.results = self._publish(job, stage)
            if not job.results:
                job.message, job.state = "the command wrote no files", "failed"
                return
            job.state = "done"
        except subprocess.TimeoutExpired:
            job.message, job.state = f"took longer than {self.timeout:g} s and was stopped", "failed"
        except Exception as exc:  # the page reports it; the server keeps serving
            job.message, job.state = f"{exc.__class__.__name__}: {exc}", "failed"
        finally:
            shutil.rmtree(stage, ignore_errors=True)
            job.finished = time.time()

    def _publish(self, job: Job, stage: Path) -> list[str]:
        """Move every output set of a finished stage into the serve folder, in the CLI's layout
        (<game>/<CODE>/: the stage is the --out the job's command was given), replacing a set of the
        same code (the same code and options give the same files) and nothing else of its game
        folder; then rewrite the gallery. Returns the sets' folders relative to the serve folder."""
        from generator.web.gallery import write_index

        published = []
        with self.publish_lock:
            for src in _sets_in(stage):
                rel = src.relative_to(stage)
                meta = {"game": job.game, "args": job.args, "values": job.values, "lang": job.lang,
                        "created": job.started, "seed": job.seed}
                (src / META).write_text(json.dumps(meta, indent=1), encoding="utf-8")
                dest = self.out / rel
                for part in (dest.parent, dest):
                    if part.is_symlink() or (part.exists() and not part.is_dir()):
                        raise RuntimeError(f"{part.relative_to(self.out)} in the serve folder is not a folder "
                                           "the server made")
                dest.parent.mkdir(parents=True, exist_ok=True)
                if dest.exists():
                    self.stage_root.mkdir(parents=True, exist_ok=True)
                    trash = self.stage_root / f"{job.id}-old-{src.name}"
                    dest.rename(trash)
                    src.rename(dest)
                    shutil.rmtree(trash, ignore_errors=True)
                else:
                    src.rename(dest)
                published.append(rel.as_posix())
            write_index(self.out, job.lang)
        return published

    def close(self) -> None:
        """Stop: waiting jobs are dropped and running ones terminated (their staging folders go), so a
        Ctrl-C does not wait for a long job to finish."""
        with self.lock:
            self.closed = True
            running = list(self.procs.values())
        self.pool.shutdown(wait=False, cancel_futures=True)
        for proc in running:
            proc.terminate()


def _sets_in(stage: Path) -> list[Path]:
    """The output sets a command wrote into `stage` as its --out: OUT/<game>/<CODE>/ (the folders of
    the folders at the top; hidden ones, the CLI's stages, are never sets)."""
    def folders(here: Path) -> list[Path]:
        return [p for p in here.iterdir() if p.is_dir() and not p.is_symlink() and not p.name.startswith(".")]

    return sorted(code for game in folders(stage) for code in folders(game))
