"""tests/pg_server.py: a server whose test run was killed is stopped by the next run."""

from __future__ import annotations

import socket
import subprocess
import sys

import pytest

from tests import pg_server


def _answers(port: int) -> bool:
    with socket.socket() as probe:
        probe.settimeout(2)
        return probe.connect_ex(("127.0.0.1", port)) == 0


@pytest.mark.skipif(pg_server.binaries() is None, reason="no PostgreSQL binaries")
def test_a_server_whose_starting_process_is_gone_is_stopped_and_removed() -> None:
    folder_bin = pg_server.binaries()
    assert folder_bin is not None
    orphan = pg_server.start()
    mine = pg_server.start()
    try:
        gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                              capture_output=True, text=True, check=True)
        (orphan.folder / pg_server.OWNER).write_text(gone.stdout.strip())  # killed run's
        assert _answers(orphan.port)
        stopped = pg_server.stop_orphans(folder_bin)
        assert orphan.folder in stopped
        assert not orphan.folder.exists()
        assert not _answers(orphan.port)
        assert _answers(mine.port)  # a living run's server is left alone
    finally:
        mine.stop()
        if orphan.folder.exists():
            orphan.stop()
