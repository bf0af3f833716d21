"""A real filesystem of its own for a test (root only): a tmpfs mounted on a folder, unmounted afterwards.

    with tmpfs(tmp_path / "feedback", size="64m") as folder:   # feedback/ on a disk of its own
        ...
"""

from __future__ import annotations

import contextlib
import subprocess
from collections.abc import Iterator
from pathlib import Path


@contextlib.contextmanager
def tmpfs(folder: Path, size: str = "64m") -> Iterator[Path]:
    """`folder` (made where missing) as the mount point of a new tmpfs of `size`, for the block; unmounted (lazily,
    should something still hold it open) and its contents gone afterwards."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size},mode=0755", "tmpfs", str(folder)], check=True)
    try:
        yield folder
    finally:
        subprocess.run(["umount", "--lazy", str(folder)], check=True)
