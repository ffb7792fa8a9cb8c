"""Which files of a tree are decks: :func:`select_decks` expands the paths given
(folders walked, files named, ``-`` for standard input) into deck files, the way
the configuration (its ``packs`` folders, ``include`` and ``exclude``, with
``--exclude``: :class:`~deckcheck.project.config.Settings`) and the repository's
``.gitignore`` files say, and says why each file it leaves out is no deck
(README "What counts as a deck").

Nothing here prints or exits; the configuration itself is read by
:mod:`~deckcheck.project.config`.
"""

# The annotations are evaluated where they are written (no ``from __future__ import annotations``):
# typing.NamedTuple compiles each field's annotation written as text, some 60,000 instructions a
# field when a check of one deck imports this module.
import array
import bisect
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, NamedTuple

from deckcheck.i18n import N_, Phrase
from deckcheck.parse.shape import STDIN, not_a_deck
from deckcheck.project.config import Settings
from deckcheck.project.patterns import decision_of, relative_to, tolerant_spec


class Selection(NamedTuple):
    decks: Sequence[str]  # in order, each once
    missing: tuple[str, ...] = ()  # paths named on the command line that do not exist
    excluded: tuple[str, ...] = ()  # files named on the command line that the excludes leave out
    warnings: tuple[str, ...] = ()  # .gitignore patterns skipped, once each ("file:line: ...")
    # Files met while walking (or named with --skip-non-decks) that are no decks,
    # as (path, why): README "What counts as a deck".
    skipped: tuple[tuple[str, str], ...] = ()
    # Folders met while walking that cannot be listed (permissions, a path too long), as
    # (path, the system's reason): reported as `unreadable`, exit code 2.
    unreadable: tuple[tuple[str, str], ...] = ()
    # With ``defer``: every file found, in order, as (path, None: a deck; JUDGE: a file met
    # while walking whose content the check judges as it reads it; else why it is no deck).
    # ``decks`` then holds the files to judge too, ``skipped`` only the files skipped unread.
    found: Sequence[tuple[str, str | bool | None]] = ()


# A file met while walking that the check judges from the bytes it reads (Selection.found).
JUDGE = True


class Listing(Sequence[Any]):
    """Files found, in order, held as pieces that share a reason (None, JUDGE or why the file
    is no deck): the names a walk found in one folder, after the folder's path, or one file
    named. A walk of 100,000 files keeps their names, not 100,000 paths and tuples: the paths
    are made as they are asked for. ``reasons``: the items are (path, reason), else paths."""

    def __init__(self, pieces: Sequence[tuple[str, Sequence[str], str | bool | None]], *, reasons: bool):
        self._pieces = pieces
        self._reasons = reasons
        self._starts: list[int] = []  # the index of each piece's first file
        count = 0
        for _folder, names, _reason in pieces:
            self._starts.append(count)
            count += len(names)
        self._count = count

    def __len__(self) -> int:
        return self._count

    def __iter__(self) -> Iterator[Any]:
        for folder, names, reason in self._pieces:
            for name in names:
                yield (folder + name, reason) if self._reasons else folder + name

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._count))]
        if index < 0:
            index += self._count
        if not 0 <= index < self._count:
            raise IndexError(index)
        piece = bisect.bisect_right(self._starts, index) - 1
        folder, names, reason = self._pieces[piece]
        path = folder + names[index - self._starts[piece]]
        return (path, reason) if self._reasons else path

    def __contains__(self, item: object) -> bool:
        path, reason = item if self._reasons and isinstance(item, tuple) else (item, None)
        if not isinstance(path, str):
            return False
        return any(
            path.startswith(folder) and path[len(folder) :] in names and (not self._reasons or found == reason)
            for folder, names, found in self._pieces
        )

    def named(self) -> frozenset[str]:
        """The files named one by one as decks (not met while walking, not judged)."""
        return frozenset(names[0] for folder, names, reason in self._pieces if not folder and reason is None)


class _Names(Sequence[str]):
    """A folder's file names, sorted, held as one string: a walk of 100,000 files held
    100,000 names of 64 bytes each (NUL, which no file name holds, between them)."""

    __slots__ = ("_text", "_ends")

    def __init__(self, names: Sequence[str]):
        self._text = "\0".join(names)
        self._ends = array.array("L")
        end = -1
        for name in names:
            end += len(name) + 1
            self._ends.append(end)

    def __len__(self) -> int:
        return len(self._ends)

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        return self._text[self._ends[index - 1] + 1 if index > 0 else 0 : self._ends[index]]

    def __iter__(self) -> Iterator[str]:
        text, start = self._text, 0
        for end in self._ends:
            yield text[start:end]
            start = end + 1

    def __contains__(self, name: object) -> bool:
        at = bisect.bisect_left(self, name)  # (the names are sorted)
        return at < len(self) and self[at] == name


def listing(*parts: Sequence[str]) -> Sequence[str]:
    """The paths of ``parts``, one after the other, as one :class:`Listing` (a listing's pieces
    taken as they are: no path is made)."""
    pieces: list[tuple[str, Sequence[str], str | bool | None]] = []
    for part in parts:
        if isinstance(part, Listing):
            pieces.extend(part._pieces)
        elif part:
            pieces.append(("", tuple(part), None))
    return Listing(pieces, reasons=False)


# Why a file is not a deck (Phrases: translated where they are printed).
PACKS_FOLDER_REASON = Phrase(N_("it is in a packs: folder of the configuration (format packs are no decks)"))
HIDDEN_REASON = Phrase(N_("it is hidden, or in a hidden folder"))
NOT_INCLUDED_REASON = Phrase(N_("the configuration's include does not select it"))
NOT_A_DECK_NAME_REASON = Phrase(N_("it is no .txt, .yaml, .yml or .json file"))


def select_decks(
    paths: Sequence[str],
    run: Settings,
    *,
    skip_non_decks: bool = False,
    judge: Callable[[list[str]], Iterable[str | None]] | None = None,
    defer: bool = False,
) -> Selection:
    """Expand the command line's paths into deck files.

    Folders are walked: hidden files and folders, the configured ``packs``
    folders, what the repository's ``.gitignore`` files (and
    ``.git/info/exclude``) ignore and what the excludes match are left out; a
    file is a candidate when it is a regular file and
    :meth:`Settings.is_deck_file` says so, and a deck when its content is one
    (:func:`deckcheck.parse.shape.not_a_deck`); the other candidates are
    returned in ``skipped``. Files named explicitly are decks unless an exclude
    pattern matches them (so a pre-commit hook, which names every staged file,
    honours the project's excludes) -- with ``skip_non_decks`` they are judged
    as a walk judges them; ``-`` is standard input. Paths that do not exist are
    returned in ``missing``, for the caller to report while it checks the
    others (README: every file is checked).

    ``judge`` gives :func:`~deckcheck.parse.shape.not_a_deck` of each file of a
    walk, in order (the check command spreads them over its worker processes). With
    ``defer`` no file is read: the files met while walking are left for the check to judge
    as it reads them (``Selection.found``; ``check`` reads each file once)."""
    if judge is None:
        judge = lambda files: map(not_a_deck, files)  # noqa: E731

    # Every file, in order, by pieces: (folder, names, None: decks; JUDGE: to judge by their
    # content; else why not); the paths of a piece are folder + name.
    pieces: list[tuple[str, Sequence[str], str | bool | None]] = []
    missing: list[str] = []
    excluded: list[str] = []
    warnings: dict[str, None] = {}  # in order, each once (two walks may meet one .gitignore)
    unreadable: list[tuple[str, str]] = []
    # The files added so far, by their normalised path: a file given twice (or named and met
    # while walking) is taken once. One folder given alone needs none (a walk meets each file once).
    seen: set[str] | None = set() if len(paths) > 1 else None

    def new(candidate: str) -> bool:
        if seen is None:
            return True
        key = candidate if candidate == STDIN else os.path.normcase(os.path.normpath(candidate))
        if key == candidate:
            key = candidate  # the same text: keep one string, not two
        if key in seen:
            return False
        seen.add(key)
        return True

    def add(candidate: str, reason: str | bool | None = None) -> None:
        if new(candidate):
            pieces.append(("", (candidate,), reason))

    for path in paths:
        if path == STDIN:
            add(path)
        elif os.path.isdir(path):
            for folder, names, in_packs in _walk(path, run, lambda message: warnings.setdefault(message), unreadable):
                if seen is not None:
                    names = [name for name in names if folder + name not in seen and new(folder + name)]
                if names:
                    pieces.append((folder, names, PACKS_FOLDER_REASON if in_packs else JUDGE))
        elif os.path.lexists(path):  # a symbolic link that leads nowhere: read_deck says why
            # Named explicitly: kept even when it is no regular file, so that
            # deckcheck.parse.files.read_deck reports it instead of it being skipped.
            if run.is_excluded(path):
                excluded.append(path)
            elif skip_non_decks:
                add(path, _named_file_problem(path, run, not_a_deck))
            else:
                add(path)
        else:
            missing.append(path)
    found: Sequence[tuple[str, str | bool | None]] = Listing(pieces, reasons=True)
    if defer:
        # The files are not read here: the decks are the files to check and to judge, held as
        # the walk found them (memory stays flat in the number of files walked).
        decks: Sequence[str] = Listing([piece for piece in pieces if not isinstance(piece[2], str)], reasons=False)
        skipped = tuple(
            (folder + name, reason) for folder, names, reason in pieces if isinstance(reason, str) for name in names
        )
    else:
        # The judgements in the order of the files (no map from path to reason).
        reasons = iter(judge([file for file, reason in found if reason is JUDGE]))
        judged = [(file, next(reasons) if reason is JUDGE else reason) for file, reason in found]
        decks = tuple(file for file, reason in judged if reason is None)
        skipped = tuple((file, reason) for file, reason in judged if isinstance(reason, str))
    return Selection(
        decks,
        tuple(missing),
        tuple(excluded),
        tuple(warnings),
        skipped,
        tuple(unreadable),
        found if defer else (),
    )


def _named_file_problem(path: str, run: Settings, not_a_deck: Callable[[str], str | None]) -> str | None:
    """Why a file named with --skip-non-decks is not a deck, judged as a walk would judge it."""
    parts = os.path.normpath(path).split(os.sep)
    if any(part.startswith(".") and part not in (os.curdir, os.pardir) for part in parts):
        return HIDDEN_REASON
    if run.in_packs_folder(path):
        return PACKS_FOLDER_REASON
    if not run.is_deck_file(path):
        return NOT_INCLUDED_REASON if run.config_of(path).include else NOT_A_DECK_NAME_REASON
    if not os.path.isfile(path):
        return None  # read_deck says what it is
    return not_a_deck(path)


class _GitIgnores:
    """The .gitignore rules in force in one folder: its ancestors' up to the
    repository root, then its own. Later (deeper) files win, as in git."""

    def __init__(self, warn: Callable[[str], None], rules: tuple[tuple[str, Any], ...] = ()):
        self.warn = warn  # told about each pattern skipped
        self.rules = rules

    def with_file(self, folder: str, path: str) -> "_GitIgnores":
        if not os.path.isfile(path):  # a FIFO named .gitignore must not hang the walk
            return self
        try:
            with open(path, encoding="utf-8-sig", errors="replace") as handle:
                lines = handle.read().splitlines()
        except OSError:
            return self
        if not any(line.strip() and not line.lstrip().startswith("#") for line in lines):
            return self
        spec = tolerant_spec(lines, path, self.warn)
        return _GitIgnores(self.warn, self.rules + ((os.path.abspath(folder), spec),))

    def ignores(self, path: str, *, is_dir: bool) -> bool:
        if not self.rules:
            return False
        decision = None
        absolute = os.path.abspath(path)
        for base, spec in self.rules:
            relative = relative_to(absolute, base)
            if not relative:
                continue
            found = decision_of(spec, relative + ("/" if is_dir else ""))
            if found is not None:
                decision = found
        return decision is True


def _repository_root(folder: str) -> str | None:
    current = os.path.abspath(folder)
    while True:
        if os.path.exists(os.path.join(current, ".git")):
            return current
        parent = os.path.dirname(current)
        if parent == current:
            return None
        current = parent


def _ignores_above(folder: str, warn: Callable[[str], None]) -> _GitIgnores:
    """The .gitignore files between the repository root and ``folder`` (exclusive)."""
    ignores = _GitIgnores(warn)
    root = _repository_root(folder)
    if root is None:
        return ignores
    ignores = ignores.with_file(root, os.path.join(root, ".git", "info", "exclude"))
    target = os.path.abspath(folder)
    chain = []
    current = target
    while current != root:
        current = os.path.dirname(current)
        chain.append(current)
    for ancestor in reversed(chain):
        ignores = ignores.with_file(ancestor, os.path.join(ancestor, ".gitignore"))
    return ignores


_HERE = os.curdir + os.sep


def _walk(
    directory: str, run: Settings, warn: Callable[[str], None], unreadable: list[tuple[str, str]] | None = None
) -> list[tuple[str, Sequence[str], bool]]:
    """The candidate files below ``directory``, in order (by their path below ``directory``,
    folder by folder), as (folder as written with its separator, file names, whether it lies
    in a packs folder): a folder's names split where a subfolder's files come between them.
    Folders that cannot be listed go to ``unreadable`` (never skipped silently)."""
    start = _ignores_above(directory, warn)
    ignores_by_folder: dict[str, _GitIgnores] = {}
    # Each folder met: (the folder as written with its separator, its kept file names, its kept
    # subfolders as they are walked, whether it lies in a packs folder).
    folders: dict[str, tuple[str, list[str], list[str], bool]] = {}

    def cannot_list(error: OSError) -> None:
        if unreadable is not None:
            folder = str(error.filename or directory)
            unreadable.append(
                (folder[len(_HERE) :] if folder.startswith(_HERE) else folder, error.strerror or str(error))
            )

    for folder, dirs, files, not_regular in _tree(directory, cannot_list):
        key = os.path.normpath(folder)
        parent = start if folder == directory else ignores_by_folder[os.path.normpath(os.path.dirname(folder))]
        ignores = parent.with_file(folder, os.path.join(folder, ".gitignore")) if ".gitignore" in files else parent
        ignores_by_folder[key] = ignores
        packs = run.in_packs_folder(folder)
        kept_dirs = []
        for name in sorted(dirs):
            # .git, .venv and the like hold no decks.
            if name.startswith("."):
                continue
            sub = os.path.join(folder, name)
            if ignores.ignores(sub, is_dir=True) or run.is_excluded(sub, is_dir=True):
                continue
            kept_dirs.append(name)
        dirs[:] = kept_dirs
        deck_file = run.deck_files_in(folder)
        kept_files = []
        for name in sorted(files):
            if name.startswith("."):
                continue  # hidden files include .deckcheck.yaml and .pre-commit-config.yaml
            path = os.path.join(folder, name)
            # (A FIFO or device named *.txt would block the run.)
            if deck_file(path) and not ignores.ignores(path, is_dir=False) and name not in not_regular:
                kept_files.append(name)
        # "deckcheck check ." shows decks/a.txt, not ./decks/a.txt
        prefix = os.path.join(folder, "")
        folders[key] = (prefix[len(_HERE) :] if prefix.startswith(_HERE) else prefix, kept_files, kept_dirs, packs)
    found: list[tuple[str, Sequence[str], bool]] = []
    _in_order(os.path.normpath(directory), folders, found)
    return found


def _tree(top: str, onerror: Callable[[OSError], None]) -> Iterator[tuple[str, list[str], list[str], set[str]]]:
    """:func:`os.walk` of ``top`` (top down, links to folders listed but not followed), each
    folder's other names with those that are no regular file (``os.path.isfile`` false: a FIFO,
    a device, a link to nothing or to no regular file) apart: the type the folder's listing
    gives, where os.walk dropped it and a walk asked each file's type again (a stat a file)."""
    dirs: list[str] = []
    files: list[str] = []
    not_regular: set[str] = set()
    try:
        listing = os.scandir(top)
    except OSError as error:
        onerror(error)
        return
    with listing:
        while True:
            try:
                entry = next(listing, None)
            except OSError as error:
                onerror(error)
                return
            if entry is None:
                break
            try:
                is_dir = entry.is_dir()
            except OSError:
                is_dir = False
            if is_dir:
                dirs.append(entry.name)
                continue
            files.append(entry.name)
            try:
                is_file = entry.is_file()  # no system call but for a link (or a type the listing lacks)
            except OSError:
                is_file = False
            if not is_file:
                not_regular.add(entry.name)
    yield top, dirs, files, not_regular
    for name in dirs:
        path = os.path.join(top, name)
        if not os.path.islink(path):
            yield from _tree(path, onerror)


def _in_order(
    key: str, folders: dict[str, tuple[str, list[str], list[str], bool]], found: list[tuple[str, Sequence[str], bool]]
) -> None:
    """The files of the folder ``key`` and of its subfolders, by name, into ``found``: a
    subfolder's files come where its name sorts among the folder's files."""
    walked = folders.get(key)
    if walked is None:  # it could not be listed (or is a link the walk does not follow)
        return
    prefix, files, subfolders, packs = walked
    names: list[str] = []
    file_at, folder_at = 0, 0
    while file_at < len(files) or folder_at < len(subfolders):
        if folder_at < len(subfolders) and (file_at == len(files) or subfolders[folder_at] < files[file_at]):
            if names:
                found.append((prefix, _Names(names), packs))
                names = []
            _in_order(os.path.normpath(os.path.join(key, subfolders[folder_at])), folders, found)
            folder_at += 1
        else:
            names.append(files[file_at])
            file_at += 1
    if names:
        found.append((prefix, _Names(names), packs))
