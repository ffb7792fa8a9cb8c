"""Which files of a tree are decks: :func:`select_decks` expands the paths given
(folders walked, files named, ``-`` for standard input) into deck files, the way
the configuration (its ``packs`` folders, ``include`` and ``exclude``, with
``--exclude``: :class:`~deckcheck.project.config.Settings`) and the repository's
``.gitignore`` files say, and says why each file it leaves out is no deck
(README "What counts as a deck").

Nothing here prints or exits; the configuration itself is read by
:mod:`~deckcheck.project.config`.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple

from deckcheck.i18n import N_, Phrase
from deckcheck.parse.shape import STDIN, not_a_deck
from deckcheck.project.config import Settings
from deckcheck.project.patterns import decision_of, relative_to, tolerant_spec


class Selection(NamedTuple):
    decks: tuple[str, ...]  # in order, each once
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

    # Every file, in order: (path, None: a deck; JUDGE: to judge by its content; else why not).
    found: list[tuple[str, str | bool | None]] = []
    missing: list[str] = []
    excluded: list[str] = []
    warnings: dict[str, None] = {}  # in order, each once (two walks may meet one .gitignore)
    unreadable: list[tuple[str, str]] = []
    seen: set[str] = set()

    def add(candidate: str, reason: str | bool | None = None) -> None:
        key = candidate if candidate == STDIN else os.path.normcase(os.path.normpath(candidate))
        if key == candidate:
            key = candidate  # the same text: keep one string, not two (a walk of 100,000 files)
        if key not in seen:
            seen.add(key)
            found.append((candidate, reason))

    for path in paths:
        if path == STDIN:
            add(path)
        elif os.path.isdir(path):
            walked = _walk(path, run, lambda message: warnings.setdefault(message), unreadable)
            for file, in_packs in walked:
                if file not in seen:
                    add(file, PACKS_FOLDER_REASON if in_packs else JUDGE)
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
    if not defer:
        # The judgements in the order of the files (no map from path to reason: memory stays
        # flat in the number of files walked).
        reasons = iter(judge([file for file, reason in found if reason is JUDGE]))
        found = [(file, next(reasons) if reason is JUDGE else reason) for file, reason in found]
    decks = tuple(file for file, reason in found if reason is None or reason is JUDGE)
    skipped = tuple((file, reason) for file, reason in found if isinstance(reason, str))
    return Selection(
        decks,
        tuple(missing),
        tuple(excluded),
        tuple(warnings),
        skipped,
        tuple(unreadable),
        tuple(found) if defer else (),
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

    def with_file(self, folder: str, path: str) -> _GitIgnores:
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
) -> list[tuple[str, bool]]:
    """The candidate files below ``directory``, each with whether it lies in a packs
    folder; folders that cannot be listed go to ``unreadable`` (never skipped silently)."""
    found: list[tuple[str, bool, list[str]]] = []
    start = _ignores_above(directory, warn)
    ignores_by_folder: dict[str, _GitIgnores] = {}

    def cannot_list(error: OSError) -> None:
        if unreadable is not None:
            folder = str(error.filename or directory)
            unreadable.append(
                (folder[len(_HERE) :] if folder.startswith(_HERE) else folder, error.strerror or str(error))
            )

    for folder, dirs, files in os.walk(directory, onerror=cannot_list):
        key = os.path.normpath(folder)
        # The order of the files: by their path below `directory`, folder by folder.
        below = os.path.relpath(folder, directory).split(os.sep)
        if below == [os.curdir]:
            below = []
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
        for name in sorted(files):
            if name.startswith("."):
                continue  # hidden files include .deckcheck.yaml and .pre-commit-config.yaml
            path = os.path.join(folder, name)
            if (
                run.is_deck_file(path)
                and not ignores.ignores(path, is_dir=False)
                and not run.is_excluded(path)
                and os.path.isfile(path)
            ):  # a FIFO or device named *.txt would block the run
                # "deckcheck check ." shows decks/a.txt, not ./decks/a.txt
                found.append((path[len(_HERE) :] if path.startswith(_HERE) else path, packs, [*below, name]))
    # (Sorted by the parts of os.path.relpath(path, directory), worked out once per folder.)
    return [(path, packs) for path, packs, _order in sorted(found, key=lambda item: item[2])]
