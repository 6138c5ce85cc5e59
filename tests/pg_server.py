"""A throwaway PostgreSQL server for the tests, from the machine's installed binaries.

`initdb` into a temporary directory, `pg_ctl start` on a free localhost port, one fresh
database per test (`fresh_database`), `pg_ctl stop` and the directory removed at the end.
PostgreSQL refuses to run as root: under root (CI) the server runs as the unprivileged
user `nobody`, which then owns the directory.

A test run killed from outside cannot stop its server. So each server's folder names the
process that started it (`owner`), and `start` first stops the servers whose process is
gone.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

USER = "canasta"  # the database superuser the tests connect as (trust auth, localhost only)
UNPRIVILEGED = "nobody"


def binaries() -> Path | None:
    """The folder holding initdb and pg_ctl: on the PATH, /usr/local/bin, or Debian's
    /usr/lib/postgresql/<version>/bin (newest first)."""
    found = shutil.which("initdb")
    if found:
        return Path(found).parent
    candidates = ["/usr/local/bin", "/usr/local/pgsql/bin",
                  *sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)]
    for folder in candidates:
        if Path(folder, "initdb").is_file() and Path(folder, "pg_ctl").is_file():
            return Path(folder)
    return None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Server:
    folder: Path
    bin: Path
    port: int

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{database}"

    def _run(self, *args: str) -> None:
        command = [str(self.bin / args[0]), *args[1:]]
        if os.geteuid() == 0:
            command = ["runuser", "-u", UNPRIVILEGED, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120,
                              cwd=self.folder)
        if done.returncode != 0:
            log = self.folder / "server.log"
            raise RuntimeError(f"{' '.join(args[:2])} failed: {done.stderr.strip()}\n"
                               + (log.read_text()[-2000:] if log.exists() else ""))

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "-w",
                      "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


OWNER = "owner"  # in a server's folder: the id of the process that started it


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # alive, another user's
        return True
    return True


def stop_orphans(folder_bin: Path) -> list[Path]:
    """Stop and remove the servers whose starting process is gone; returns their folders.
    Folders without an owner file (another program's, or one being made) are left alone."""
    stopped = []
    for folder in Path(tempfile.gettempdir()).glob("canasta-pg-*"):
        try:
            owner = int((folder / OWNER).read_text())
        except (OSError, ValueError):
            continue
        if _alive(owner):
            continue
        with contextlib.suppress(RuntimeError, OSError, subprocess.SubprocessError):
            Server(folder, folder_bin, 0).stop()  # the folder goes even when no server ran
        stopped.append(folder)
    return stopped


def start(*, durable: bool = False) -> Server:
    """A running server. Not `durable` (the tests): no fsync, which only a power cut tells
    apart and which the tests do not need; the benchmark wants real syncs."""
    folder_bin = binaries()
    if folder_bin is None:
        raise FileNotFoundError("no PostgreSQL binaries (initdb, pg_ctl) on this machine")
    stop_orphans(folder_bin)
    folder = Path(tempfile.mkdtemp(prefix="canasta-pg-"))
    (folder / OWNER).write_text(str(os.getpid()))
    if os.geteuid() == 0:
        shutil.chown(folder, UNPRIVILEGED)
    server = Server(folder, folder_bin, _free_port())
    try:
        server._run("initdb", "-D", str(folder / "data"), "-U", USER, "-A", "trust",
                    "-E", "UTF8", "--no-sync")
        options = (f"-p {server.port} -k {folder} -c listen_addresses=127.0.0.1"
                   f" -c max_connections=200 -c fsync={'on' if durable else 'off'}")
        server._run("pg_ctl", "-D", str(folder / "data"), "-l", str(folder / "server.log"),
                    "-o", options, "-w", "-t", "60", "start")
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    return server
