"""Files the three language sites share: one copy on disk, linked where the file system allows."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

__all__ = ["share_file"]


def share_file(source: Path, target: Path) -> bool:
    """Make ``target`` the same file as ``source`` (a hard link; a copy where the file system has none).  True if
    it was not already."""
    if target.exists() and os.path.samefile(source, target):
        return False
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    tmp.unlink(missing_ok=True)
    try:
        os.link(source, tmp)
    except OSError:
        shutil.copy2(source, tmp)
    tmp.replace(target)  # never a write into ``target``: it may be a link to another site's file
    return True
