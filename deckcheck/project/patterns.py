""".gitignore-style patterns, matched as git matches them: the configuration's
``include``, ``exclude`` and ``overrides``, ``--exclude``, and the repository's
``.gitignore`` files (:mod:`~deckcheck.project.discover`).

Patterns are compiled by pathspec and matched by RE2, in time linear in the path;
a pattern pathspec cannot compile is named with why (:func:`pattern_problem`), or,
in a ``.gitignore`` file, skipped with a warning (:func:`tolerant_spec`), as git does.
"""

# The annotations are evaluated where they are written (no ``from __future__ import annotations``):
# typing.NamedTuple compiles each field's annotation written as text, some 60,000 instructions a
# field when a check of one deck imports this module.
import os
import re
from collections.abc import Callable
from functools import lru_cache
from typing import NamedTuple


class PatternSet(NamedTuple):
    """.gitignore-style patterns and the folder they are relative to."""

    base: str
    patterns: tuple[str, ...]
    source: str = ""  # where the patterns come from: a configuration file, or --exclude

    def matches(self, path: str, *, is_dir: bool = False) -> bool:
        return self.deciding_pattern(path, is_dir=is_dir) is not None

    def deciding_pattern(self, path: str, *, is_dir: bool = False) -> str | None:
        """The pattern that matches ``path`` (the last that matches, as in .gitignore), or
        None when none matches or a negation (``!keep.txt``) has the last word."""
        if not self.patterns:
            return None
        relative = relative_to(os.path.abspath(path), self.base)
        if relative is None:
            return None
        result = _compiled(tuple(self.patterns)).check_file(relative + ("/" if is_dir else ""))
        if result.include is not True:
            return None
        return self.patterns[result.index] if result.index is not None else self.patterns[-1]


@lru_cache(maxsize=256)
def _compiled(patterns: tuple[str, ...]):
    """The patterns as one pathspec ``GitIgnoreSpec`` matched by RE2 (google-re2),
    in time linear in the path: pathspec's regular expressions for ``*a*a*a*a*b``
    backtrack exponentially in Python's ``re`` (18 s for one
    40-letter path; a pull request can add that line to a .gitignore)."""
    import pathspec
    import re2

    try:
        return pathspec.GitIgnoreSpec.from_lines(patterns, backend=_BACKEND)
    except re2.error:  # "failed to compile Set": patterns of hundreds of kB
        raise ValueError("it is too long to match") from None


# RE2 matches every pattern of a spec at once, without backtracking.
_BACKEND = "re2"


def pattern_problem(patterns: tuple[str, ...]) -> tuple[int, str] | None:
    """The first pattern pathspec cannot compile (``[z-a]``, a trailing ``\\``),
    as (its index, why); None when every pattern compiles."""
    if not patterns:
        return None
    try:
        _compiled(patterns)
        return None
    except (re.error, ValueError):
        pass
    for index, pattern in enumerate(patterns):
        try:
            _compiled((pattern,))
        except (re.error, ValueError) as error:
            return index, _pattern_reason(pattern, error)
    return None  # pragma: no cover - the patterns failed together but not one by one


def _pattern_reason(pattern: str, error: Exception) -> str:
    if isinstance(error, re.error):
        return error.msg  # "bad character range z-a", without the position in pathspec's regex
    if (len(pattern) - len(pattern.rstrip("\\"))) % 2:
        return "it ends with a backslash that escapes nothing"
    return str(error.__cause__ or error)


def tolerant_spec(lines: list[str], source: str, warn: Callable[[str], None]):
    """A .gitignore file's patterns compiled, skipping (with a warning naming
    file and line) the ones pathspec cannot compile: git itself goes on past them."""
    try:
        return _compiled(tuple(lines))
    except (re.error, ValueError):
        pass
    kept = list(lines)
    for number, line in enumerate(lines, start=1):
        try:
            _compiled((line,))
        except (re.error, ValueError) as error:
            pattern = line.strip()
            warn(
                f"{os.path.normpath(source)}:{number}: skipped the pattern {pattern!r}, "
                f"which is not a valid pattern: {_pattern_reason(pattern, error)}"
            )
            kept[number - 1] = ""  # a blank line keeps the others' line numbers
    return _compiled(tuple(kept))


def gitignore_match(patterns: tuple[str, ...], relative_path: str) -> bool:
    """Whether ``relative_path`` (forward slashes; folders end in ``/``) is matched
    by .gitignore-style ``patterns``, negations (``!keep.txt``) included."""
    return decision_of(_compiled(tuple(patterns)), relative_path) is True


def decision_of(spec, relative_path: str) -> bool | None:
    """As git decides: the last pattern that matches (True: matched, False: negated;
    a negated folder pattern does not re-include a file a file pattern matched);
    None: no pattern matched."""
    return spec.check_file(relative_path).include


def relative_to(path: str, base: str) -> str | None:
    if os.path.isabs(path) and os.path.isabs(base):
        # Two absolute, normalized paths: a slice, not os.path.relpath's walk of both paths (a
        # deep tree asks once for each of its configurations' patterns).
        path, base = os.path.normpath(path), os.path.normpath(base)
        if path == base:
            return ""
        prefix = base if base.endswith(os.sep) else base + os.sep
        if os.path.normcase(path[: len(prefix)]) == os.path.normcase(prefix):
            return path[len(prefix) :].replace(os.sep, "/")
        if os.path.splitdrive(path)[0] == os.path.splitdrive(base)[0]:
            return None  # outside base, on its drive
    try:
        relative = os.path.relpath(path, base)
    except ValueError:  # another drive on Windows
        return None
    if relative == os.curdir:
        return ""
    if relative == os.pardir or relative.startswith(os.pardir + os.sep):
        return None
    return relative.replace(os.sep, "/")
