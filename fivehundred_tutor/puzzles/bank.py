"""The puzzle bank: what it is mined from (the spec and its digest), the file the wheel ships,
how the build makes it (only when the spec changed: the digest is the cache key), and the check
that every puzzle's answer is still exactly the solver's.

Files (in the package, so the wheel and the live book carry them):

- ``data/puzzles/bank.json.gz``: ``{"format", "spec_digest", "puzzles": [...]}``, puzzles by id;
- ``data/puzzles/manifest.json``: the spec and its digest, the bank's own digest (SHA-256 of the
  uncompressed JSON), counts by kind and theme, how long mining took and with what solver;
- ``data/puzzles/index.json.gz``: per puzzle its id, kind, rating and themes and where its record lies
  in the uncompressed bank file (a column each), for the SHA-256 of the bank file as shipped.  The trainer's "next puzzle" reads this
  and one record (:func:`bank_index`, :func:`bank_puzzle`), not the whole bank: in the live book
  (Pyodide) parsing all of it made the first request take 2 s.  An index that does not fit the bank
  is not used (the whole bank is read instead); the build writes it with the bank.

The bank is committed data: a clean checkout builds the book without mining.  ``python -m
fivehundred_tutor.puzzles build`` mines it again only when :data:`SPEC` (or the miner's version)
no longer matches the manifest's digest; ``check`` re-solves every puzzle (the build runs it,
cached by the bank's digest and the solver's sources).
"""

from __future__ import annotations

import ast
import concurrent.futures
import contextlib
import dataclasses
import functools
import gzip
import hashlib
import json
import time
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, NamedTuple

from ..solver import Solver, best_actions, dds, native_status
from .auction import AUCTION_KINDS, LAYOUTS, MARGIN, MISERE_NEAR, SE_FACTOR, bidding_puzzle, check_auction_puzzle
from .classes import class_key
from .kitty import KITTY_KINDS, MOST_BEST, check_kitty_puzzle, kitty_puzzle
from .kitty import LAYOUTS as KITTY_LAYOUTS
from .kitty import MARGIN as KITTY_MARGIN
from .kitty import SE_FACTOR as KITTY_SE_FACTOR
from .mine import LEVELS, MAX_PER_DEAL, MINE_VERSION, ROBUST_LAYOUTS, Job
from .model import Puzzle, PuzzleError
from .setups import KINDS

__all__ = [
    "AUCTION_PATH",
    "AUCTION_SPEC",
    "BANK_FORMAT",
    "BANK_PATH",
    "INDEX_FORMAT",
    "INDEX_PATH",
    "KITTY_PATH",
    "KITTY_SPEC",
    "MANIFEST_PATH",
    "SIDE_FILES",
    "SPEC",
    "IndexEntry",
    "SideFile",
    "bank_digest",
    "bank_index",
    "bank_puzzle",
    "build_auction",
    "check_bank",
    "check_cached",
    "check_puzzle",
    "code_digest",
    "jobs",
    "load_bank",
    "mine_bank",
    "read_manifest",
    "solver_digest",
    "spec_digest",
    "write_bank",
    "write_index",
]

BANK_FORMAT = "fivehundred-puzzles/1"
PACKAGE = Path(__file__).resolve().parent.parent
DATA_DIR = PACKAGE / "data" / "puzzles"
BANK_PATH = DATA_DIR / "bank.json.gz"
MANIFEST_PATH = DATA_DIR / "manifest.json"
INDEX_FORMAT = "fivehundred-puzzles-index/2"
INDEX_PATH = DATA_DIR / "index.json.gz"
#: the bidding puzzles (:mod:`.auction`): a file of their own, with its own spec and digest, so that adding them
#: does not mine the play puzzles again
AUCTION_FORMAT = "fivehundred-auction-puzzles/1"
AUCTION_PATH = DATA_DIR / "auction.json.gz"
#: the kitty puzzles (:mod:`.kitty`), likewise
KITTY_FORMAT = "fivehundred-kitty-puzzles/1"
KITTY_PATH = DATA_DIR / "kitty.json.gz"

#: what the bank is mined from: per kind, the first seed, how many deals, and every how many deals
#: the sampling bots play instead of the heuristic ones (0: never)
SPEC: dict[str, Any] = {
    "miner": MINE_VERSION,
    "robust_layouts": ROBUST_LAYOUTS,
    "max_per_deal": MAX_PER_DEAL,
    "jobs": [
        ["suit", 0, 2500, 16],
        ["no-trumps", 0, 200, 16],
        ["misere", 0, 2400, 0],
        ["open-misere", 0, 2200, 0],
        ["three-player", 0, 330, 0],
        ["two-player", 0, 30, 0],
    ],
}


#: what the bidding puzzles are made from: the deals' seeds, and the simulation's settings
AUCTION_SPEC: dict[str, Any] = {
    "version": 1,
    "seeds": [0, 260],
    "layouts": LAYOUTS,
    "margin": MARGIN,
    "se_factor": SE_FACTOR,
    "misere_near": MISERE_NEAR,
}


#: what the kitty puzzles are made from
KITTY_SPEC: dict[str, Any] = {
    "version": 1,
    "seeds": [0, 400],
    "layouts": KITTY_LAYOUTS,
    "margin": KITTY_MARGIN,
    "se_factor": KITTY_SE_FACTOR,
    "most_best": MOST_BEST,
}


def _canonical(data: Any) -> bytes:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def spec_digest(spec: dict[str, Any] = SPEC) -> str:
    """The digest of what the bank is mined from: the cache key of the build."""
    return hashlib.sha256(_canonical(spec)).hexdigest()


def jobs(spec: dict[str, Any] = SPEC) -> list[Job]:
    """Every deal the spec mines, in order."""
    out = []
    for kind, first, count, every in spec["jobs"]:
        if kind not in KINDS:
            raise PuzzleError(f"the spec names no kind {kind!r}")
        for seed in range(first, first + count):
            level = LEVELS[1] if every and seed % every == 0 else LEVELS[0]
            out.append(Job(kind, seed, level))
    return out


def mine_bank(
    spec: dict[str, Any] = SPEC,
    *,
    workers: int = 1,
    dask: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[dict[str, Any]]:
    """Every puzzle the spec gives, sorted by id."""
    from .workers import run_jobs  # process pools and Dask: not needed to read the bank (the live book)

    batches = run_jobs(jobs(spec), workers=workers, dask=dask, progress=progress)
    puzzles = [p for batch in batches for p in batch]
    puzzles.sort(key=lambda p: p["id"])
    return puzzles


def bank_digest(puzzles: Iterable[dict[str, Any]]) -> str:
    """SHA-256 of the puzzles as the bank stores them (canonical JSON)."""
    return hashlib.sha256(_canonical(list(puzzles))).hexdigest()


def write_bank(
    puzzles: list[dict[str, Any]], spec: dict[str, Any] = SPEC, *, seconds: float = 0.0, workers: int = 1
) -> dict[str, Any]:
    """Write the bank and its manifest; returns the manifest."""
    DATA_DIR.mkdir(parents=True, exist_ok=True)
    body = {"format": BANK_FORMAT, "spec_digest": spec_digest(spec), "puzzles": puzzles}
    raw = _canonical(body)
    # mtime=0: the same puzzles give the same file, byte for byte
    BANK_PATH.write_bytes(gzip.compress(raw, compresslevel=9, mtime=0))
    manifest = {
        "format": BANK_FORMAT,
        "spec": spec,
        "spec_digest": spec_digest(spec),
        "bank_digest": bank_digest(puzzles),
        "count": len(puzzles),
        "by_kind": dict(sorted(Counter(p["kind"] for p in puzzles).items())),
        "by_theme": dict(sorted(Counter(t for p in puzzles for t in p["themes"]).items())),
        "mined_with": {
            "dds": dds.available(),
            "search": native_status().split(" ")[0],
            "workers": workers,
            "code_digest": code_digest(),
            "commit": _commit(),
        },
        "seconds": round(seconds, 1),
        "bytes": BANK_PATH.stat().st_size,
    }
    MANIFEST_PATH.write_text(json.dumps(manifest, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    write_index(raw, puzzles)
    return manifest


class IndexEntry(NamedTuple):
    """What choosing a puzzle needs (:func:`~fivehundred_tutor.puzzles.sets.nearest`), and where its record
    lies in the uncompressed bank file (bytes ``start:end``)."""

    id: str
    kind: str
    rating: int
    themes: tuple[str, ...]
    start: int
    end: int


def _index_rows(raw: bytes, puzzles: list[dict[str, Any]]) -> list[list[Any]]:
    """Each puzzle's row of the index: its id, kind, rating, themes and its record's place in ``raw`` (the
    bank file's canonical JSON)."""
    pos = raw.index(b'"puzzles":[') + len(b'"puzzles":[')
    rows = []
    for p in puzzles:
        record = _canonical(p)
        if raw[pos : pos + len(record)] != record:
            raise PuzzleError(f"puzzle {p['id']} is not where the bank file's layout puts it")
        rows.append([p["id"], p["kind"], p["rating"], list(p["themes"]), pos, pos + len(record)])
        pos += len(record) + 1
    return rows


_COLUMNS = ("ids", "kinds", "ratings", "themes", "starts", "ends")


def _file_sha() -> str:
    """SHA-256 of the bank file as shipped (gzip: six times fewer bytes to hash than the JSON)."""
    return hashlib.sha256(BANK_PATH.read_bytes()).hexdigest()


def write_index(raw: bytes, puzzles: list[dict[str, Any]]) -> None:
    """Write :data:`INDEX_PATH` for the bank file (:data:`BANK_PATH`) whose uncompressed bytes are ``raw``.
    A column per field: the live book reads it in a few list parses."""
    rows = _index_rows(raw, puzzles)
    body: dict[str, Any] = {"format": INDEX_FORMAT, "bank_file_sha256": _file_sha()}
    body.update({name: [row[i] for row in rows] for i, name in enumerate(_COLUMNS)})
    INDEX_PATH.write_bytes(gzip.compress(_canonical(body), compresslevel=9, mtime=0))
    _read_bank.cache_clear()
    _bank_file.cache_clear()
    _read_index.cache_clear()


def read_manifest() -> dict[str, Any] | None:
    if not MANIFEST_PATH.is_file():
        return None
    data: dict[str, Any] = json.loads(MANIFEST_PATH.read_text(encoding="utf-8"))
    return data


@dataclasses.dataclass(frozen=True)
class SideFile:
    """Puzzles decided before the play (a call, a discard): each kind in a file of its own, with its own spec and
    digest, so that adding them does not mine the play puzzles again.  ``make(seed, layouts)`` gives the puzzle of
    one deal (or None); ``check(puzzle)`` simulates it again (None: as the file says)."""

    name: str
    path: Path
    format: str
    spec: dict[str, Any]
    make: Callable[..., dict[str, Any] | None]
    check: Callable[[Any], str | None]
    kinds: tuple[str, ...]

    def mine(self, *, workers: int = 1, progress: Callable[[int, int], None] | None = None) -> list[dict[str, Any]]:
        """Every puzzle the spec gives, by id (minutes; the same puzzles for any number of ``workers``)."""
        first, count = self.spec["seeds"]
        seeds = range(first, first + count)
        make = functools.partial(self.make, layouts=self.spec["layouts"])
        out = []
        with contextlib.ExitStack() as stack:
            if workers > 1:
                pool = stack.enter_context(concurrent.futures.ProcessPoolExecutor(workers))
                found_all: Iterable[dict[str, Any] | None] = pool.map(make, seeds, chunksize=4)
            else:
                found_all = map(make, seeds)
            for i, found in enumerate(found_all, 1):
                if found is not None:
                    out.append(found)
                if progress is not None:
                    progress(i, count)
        out.sort(key=lambda p: p["id"])
        return out

    def body(self) -> dict[str, Any] | None:
        try:
            body: dict[str, Any] = json.loads(gzip.decompress(self.path.read_bytes()))
        except (OSError, ValueError):
            return None
        return body if isinstance(body, dict) and body.get("format") == self.format else None

    def digest(self) -> str | None:
        body = self.body()
        return None if body is None else str(body.get("digest"))

    def build(self, *, force: bool = False, workers: int = 1, log: Callable[[str], None] = print) -> dict[str, Any]:
        """Make the puzzles unless their file records this spec (the cache); returns the file's head."""
        body = self.body()
        digest = spec_digest(self.spec)
        fresh = not force and body is not None and body.get("spec_digest") == digest
        if fresh and body is not None and bank_digest(body["puzzles"]) == body.get("digest"):
            log(f"{self.name} puzzles up to date: {len(body['puzzles'])} (spec {digest[:12]})")
            return {k: v for k, v in body.items() if k != "puzzles"}
        start = time.time()
        puzzles = self.mine(workers=workers)
        body = {
            "format": self.format,
            "spec": self.spec,
            "spec_digest": digest,
            "digest": bank_digest(puzzles),
            "count": len(puzzles),
            "seconds": round(time.time() - start, 1),
            "puzzles": puzzles,
        }
        DATA_DIR.mkdir(parents=True, exist_ok=True)
        self.path.write_bytes(gzip.compress(_canonical(body), compresslevel=9, mtime=0))
        _read_sides.cache_clear()
        log(f"made {len(puzzles)} {self.name} puzzles in {body['seconds']} s")
        return {k: v for k, v in body.items() if k != "puzzles"}

    def read(self) -> tuple[Puzzle, ...]:
        """The file's puzzles (none when it is missing: an older wheel)."""
        body = self.body()
        if body is None:
            return ()
        return tuple(Puzzle.from_dict(p) for p in body["puzzles"])


#: the puzzles decided before the play: the bidding puzzles (:mod:`.auction`) and the kitty puzzles (:mod:`.kitty`)
SIDE_FILES = (
    SideFile(
        "bidding", AUCTION_PATH, AUCTION_FORMAT, AUCTION_SPEC, bidding_puzzle, check_auction_puzzle, AUCTION_KINDS
    ),
    SideFile("kitty", KITTY_PATH, KITTY_FORMAT, KITTY_SPEC, kitty_puzzle, check_kitty_puzzle, KITTY_KINDS),
)


def build_auction(*, force: bool = False, log: Callable[[str], None] = print) -> dict[str, Any]:
    """Make the bidding puzzles unless their file records this spec (the cache); returns the file's head."""
    return SIDE_FILES[0].build(force=force, log=log)


@functools.cache
def _read_sides() -> tuple[Puzzle, ...]:
    """The puzzles decided before the play, file after file."""
    return tuple(p for side in SIDE_FILES for p in side.read())


def _read_auction() -> tuple[Puzzle, ...]:
    """The bidding puzzles."""
    return tuple(p for p in _read_sides() if p.kind in AUCTION_KINDS)


@functools.cache
def _read_bank() -> tuple[Puzzle, ...]:
    if not BANK_PATH.is_file():
        raise PuzzleError(f"the puzzle bank {BANK_PATH} is missing: run `python -m fivehundred_tutor.puzzles build`")
    try:
        body = json.loads(gzip.decompress(BANK_PATH.read_bytes()))
    except (OSError, ValueError) as err:
        raise PuzzleError(f"the puzzle bank {BANK_PATH} cannot be read: {err}") from None
    if not isinstance(body, dict) or body.get("format") != BANK_FORMAT:
        raise PuzzleError(f"{BANK_PATH} is not a puzzle bank of format {BANK_FORMAT!r}")
    return tuple(Puzzle.from_dict(p) for p in body["puzzles"]) + _read_sides()


def load_bank() -> list[Puzzle]:
    """Every puzzle of the bank (read once per process): the play puzzles by id, then the bidding puzzles and the
    kitty puzzles by id."""
    return list(_read_bank())


@functools.cache
def _bank_file() -> bytes:
    """The bank file, uncompressed (what the index points into)."""
    try:
        return gzip.decompress(BANK_PATH.read_bytes())
    except OSError as err:
        raise PuzzleError(f"the puzzle bank {BANK_PATH} cannot be read: {err}") from None


def _index_from_bank() -> tuple[IndexEntry, ...]:
    """The index made from the whole bank (slow: every record parsed), when the file's does not fit."""
    body = json.loads(_bank_file())
    return tuple(IndexEntry(*row) for row in _index_rows(_bank_file(), body["puzzles"]))


def _index_body() -> dict[str, Any] | None:
    """The index file's content when it is of this format and for this bank file, else None."""
    try:
        body = json.loads(gzip.decompress(INDEX_PATH.read_bytes()))
    except (OSError, ValueError):
        return None
    if not isinstance(body, dict) or body.get("format") != INDEX_FORMAT or body.get("bank_file_sha256") != _file_sha():
        return None
    return body


@functools.cache
def _read_index() -> tuple[tuple[IndexEntry, ...], dict[str, IndexEntry]]:
    entries: tuple[IndexEntry, ...] | None = None
    body = _index_body()
    if body is not None:
        try:
            columns = [body[name] for name in _COLUMNS]
            columns[3] = map(tuple, columns[3])
            entries = tuple(map(IndexEntry._make, zip(*columns, strict=True)))
        except (KeyError, TypeError, ValueError):
            entries = None
    if entries is None:
        entries = _index_from_bank()
    return entries, {e.id: e for e in entries}


def bank_index() -> tuple[IndexEntry, ...]:
    """Every puzzle of the bank as its id, kind, rating and themes, in :func:`load_bank`'s order, without reading
    the play puzzles (the index file; the whole bank only when the index does not fit it).  A bidding puzzle's
    entry has no place in the bank file (``start`` and ``end`` are -1): they are read from their own small file."""
    return _read_index()[0] + tuple(IndexEntry(p.id, p.kind, p.rating, p.themes, -1, -1) for p in _read_sides())


def bank_puzzle(puzzle_id: str) -> Puzzle | None:
    """The bank's puzzle ``puzzle_id`` (None: no such puzzle), read alone through the index, or from the
    bank already in memory."""
    if _read_bank.cache_info().currsize:
        return next((p for p in _read_bank() if p.id == puzzle_id), None)
    side = next((p for p in _read_sides() if p.id == puzzle_id), None)
    if side is not None:
        return side
    entry = _read_index()[1].get(puzzle_id)
    if entry is None:
        return None
    try:
        found = Puzzle.from_dict(json.loads(_bank_file()[entry.start : entry.end]))
    except ValueError:
        found = None
    if found is None or found.id != puzzle_id:
        raise PuzzleError(
            f"the puzzle index does not fit the bank at {puzzle_id!r}: run `python -m fivehundred_tutor.puzzles build`"
        )
    return found


def check_puzzle(puzzle: Puzzle, solver: Solver | None = None) -> str | None:
    """None when the puzzle's answer is exactly the solver's best and one class of cards, and every
    other legal action loses a trick; else what is wrong."""
    for side in SIDE_FILES:
        if puzzle.kind in side.kinds:
            return side.check(puzzle)
    deal = puzzle.deal
    if deal.to_move != puzzle.seat:
        return f"{puzzle.id}: the seat to move is {deal.to_move}, not the puzzle's {puzzle.seat}"
    values = (solver or Solver()).analyse(deal)
    codes = {a.code: v for a, v in values.items()}
    if codes != dict(puzzle.values):
        return f"{puzzle.id}: the solver's values changed: {codes} (bank: {dict(puzzle.values)})"
    best = best_actions(deal, values)
    if frozenset(best) != puzzle.best:
        return f"{puzzle.id}: the best actions are {sorted(a.code for a in best)}, not {sorted(puzzle.best_codes)}"
    if len({class_key(deal, a) for a in best}) != 1:
        return f"{puzzle.id}: the best actions are not one class of cards"
    top = values[best[0]]
    if any(values[a] == top for a in values if a not in puzzle.best):
        return f"{puzzle.id}: another action keeps the best figure"
    return None


def check_bank(
    puzzles: Iterable[Puzzle] | None = None, *, progress: Callable[[int, int], None] | None = None
) -> list[str]:
    """Every problem found by :func:`check_puzzle` over the bank (empty: all good)."""
    items = list(load_bank() if puzzles is None else puzzles)
    problems = []
    for i, puzzle in enumerate(items, 1):
        found = check_puzzle(puzzle)
        if found:
            problems.append(found)
        if progress is not None:
            progress(i, len(items))
    return problems


#: where mining starts: the play miner, its worker pool, the bidding and kitty puzzles
_MINING_ENTRIES = ("puzzles/mine.py", "puzzles/workers.py", "puzzles/auction.py", "puzzles/kitty.py")


def mining_files() -> list[Path]:
    """The package's source files mining reads: the entries and every module of the package they import, at any
    depth (read from the source, imports inside functions included), so a change anywhere else — the book, the
    widgets, the command line — leaves the digest alone.

    >>> names = {p.relative_to(PACKAGE).as_posix() for p in mining_files()}
    >>> {"puzzles/mine.py", "deal.py", "bots.py", "solver/__init__.py"} <= names, "widgets/__init__.py" in names
    (True, False)
    """
    seen: set[Path] = set()
    todo = [PACKAGE / entry for entry in _MINING_ENTRIES]
    while todo:
        path = todo.pop()
        if path in seen or not path.is_file():
            continue
        seen.add(path)
        todo += _imported_files(path)
    return sorted(seen)


def _imported_files(path: Path) -> list[Path]:
    """The package's files ``path`` imports (a package's ``__init__``, a module, or a module named in a from-import)."""
    here = path.relative_to(PACKAGE.parent).with_suffix("").parts[:-1]  # the module's package, as parts
    out: list[Path] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets: list[tuple[tuple[str, ...], tuple[str, ...]]] = []  # (module parts, names imported from it)
        if isinstance(node, ast.Import):
            targets = [(tuple(alias.name.split(".")), ()) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = here[: len(here) - node.level + 1] if node.level else ()
            module = base + tuple(node.module.split(".") if node.module else ())
            targets = [(module, tuple(alias.name for alias in node.names))]
        for module, names in targets:
            if module[:1] != (PACKAGE.name,):
                continue
            where = PACKAGE.parent.joinpath(*module)
            out += [where.with_suffix(".py"), where / "__init__.py"]
            out += [where / f"{name}.py" for name in names] + [where / name / "__init__.py" for name in names]
    return out


def code_digest() -> str:
    """A digest of the code mining reads (:func:`mining_files`): the engine and bots, the analysis, the solver and
    the miner.  Another digest than the manifest's means mining again would give other puzzles (the bots play
    the deals: a change of theirs deals other hands)."""
    digest = hashlib.sha256()
    for path in mining_files():
        digest.update(path.relative_to(PACKAGE).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def _commit() -> str | None:
    """The git commit of this checkout, when there is one (a wheel has none)."""
    import subprocess

    try:
        out = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=DATA_DIR, capture_output=True, text=True, timeout=10, check=True
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() or None


def solver_digest() -> str:
    """A digest of the code a puzzle's answer depends on: the engine's rules and deal, and the solver."""
    package = Path(__file__).resolve().parent.parent
    names = ("rules.py", "deal.py", "cards.py", "actions.py", "bids.py")
    digest = hashlib.sha256()
    for path in sorted([*package.glob("solver/*.py"), *(package / name for name in names)]):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


#: puzzles of each side file the build simulates again (a seeded sample: each takes a second or more, all of them
#: minutes)
AUCTION_CHECKED = 8


def _build_checked() -> list[Puzzle]:
    """What the build re-checks: every play puzzle, and a seeded sample of :data:`AUCTION_CHECKED` puzzles of each
    side file (bidding, kitty)."""
    chosen = [p for p in load_bank() if p.kind in KINDS]
    for side in SIDE_FILES:
        puzzles = [p for p in _read_sides() if p.kind in side.kinds]
        chosen += sorted(puzzles, key=lambda p: hashlib.sha256(f"check:{p.id}".encode()).hexdigest())[:AUCTION_CHECKED]
    return chosen


def check_cached(stamp: Path, *, log: Callable[[str], None] = print) -> list[str]:
    """:func:`check_bank` over the play puzzles and a sample of the side files' puzzles (:func:`_build_checked`),
    unless ``stamp`` says this bank was checked with this solver already (the build's cache: the banks' digests and
    the solver's sources)."""
    manifest = read_manifest() or {}
    sides = " ".join(str(side.digest()) for side in SIDE_FILES)
    key = f"{manifest.get('bank_digest')} {sides} {solver_digest()}"
    if stamp.is_file() and stamp.read_text(encoding="utf-8").strip() == key:
        return []
    start = time.time()
    checked = _build_checked()
    problems = check_bank(checked)
    if not problems:
        stamp.parent.mkdir(parents=True, exist_ok=True)
        stamp.write_text(key, encoding="utf-8")
        log(
            f"puzzle bank: all {manifest.get('count')} play puzzles re-solved and {len(checked) - int(manifest.get('count') or 0)}"
            f" bidding and kitty puzzles simulated again, as the bank says ({time.time() - start:.0f} s)"
        )
    return problems


def build(
    *, workers: int = 2, dask: str | None = None, force: bool = False, log: Callable[[str], None] = print
) -> dict[str, Any]:
    """Mine and write the bank unless the manifest already records this spec (the cache)."""
    for side in SIDE_FILES:
        side.build(force=force, workers=workers, log=log)
    manifest = read_manifest()
    if not force and manifest and manifest.get("spec_digest") == spec_digest() and BANK_PATH.is_file():
        raw = gzip.decompress(BANK_PATH.read_bytes())
        body = json.loads(raw)
        if bank_digest(body["puzzles"]) == manifest.get("bank_digest"):
            if _index_body() is None:
                write_index(raw, body["puzzles"])
                log("puzzle bank: its index written again")
            log(f"puzzle bank up to date: {manifest['count']} puzzles (spec {manifest['spec_digest'][:12]})")
            return manifest
        log("the puzzle bank does not match its manifest's digest: mining it again")
    start = time.time()
    puzzles = mine_bank(workers=workers, dask=dask)
    manifest = write_bank(puzzles, seconds=time.time() - start, workers=workers)
    log(f"mined {manifest['count']} puzzles in {manifest['seconds']} s")
    return manifest
