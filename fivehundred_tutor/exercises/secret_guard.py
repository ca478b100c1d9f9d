"""Keeping an assignment's secret out of git: a course folder pushed to a public repository would publish it, and
with it every student's questions and answers.

:func:`offer_gitignore` writes a ``.gitignore`` beside a new secret (when the folder has none);
:func:`secret_warnings` says when git tracks the secret, or would add it.  Only ``git`` itself is asked (with its
file-system monitor off, so no configured program runs); without git there is nothing to say.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

__all__ = ["GITIGNORE_TEXT", "offer_gitignore", "secret_warnings"]

GITIGNORE_TEXT = (
    "# fivehundred-tutor: an assignment's secret re-makes every student's questions and answers; never commit it\n"
    "*.secret\n"
)


def offer_gitignore(secret: Path) -> Path | None:
    """Write ``.gitignore`` (ignoring ``*.secret``) beside ``secret`` when that folder has none; its path, or None."""
    ignore = secret.parent / ".gitignore"
    if ignore.exists():
        return None
    try:
        ignore.write_text(GITIGNORE_TEXT, encoding="utf-8")
    except OSError:
        return None
    return ignore


def _git(folder: Path, *args: str) -> int | None:
    """git's exit status for a read-only question about ``folder`` (None: no git, or not a work tree)."""
    git = shutil.which("git")
    if git is None:
        return None
    try:
        done = subprocess.run(
            [git, "-c", "core.fsmonitor=false", "-C", str(folder), *args],
            capture_output=True,
            timeout=15,
            check=False,
            stdin=subprocess.DEVNULL,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return done.returncode


def secret_warnings(secret: Path) -> list[str]:
    """What to do about git and the secret file: tracked (remove it from the index), or not ignored (ignore it)."""
    if not secret.is_file():
        return []
    folder, name = secret.parent, secret.name
    if _git(folder, "rev-parse", "--is-inside-work-tree") != 0:
        return []
    if _git(folder, "ls-files", "--error-unmatch", "--", name) == 0:
        return [
            f"git tracks {secret}: pushed anywhere, it lets anyone re-make every student's questions and answers. "
            f"In {folder} run: git rm --cached {name} (and keep *.secret in .gitignore); if it was pushed, run "
            "'assign' with a new secret"
        ]
    if _git(folder, "check-ignore", "-q", "--", name) == 1:
        return [f"{secret} is inside a git work tree and not ignored: add the line *.secret to {folder / '.gitignore'}"]
    return []
