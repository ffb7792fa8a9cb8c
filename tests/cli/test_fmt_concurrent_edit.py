"""``fmt`` writes a list only while the file still holds what it read: an edit saved while it
formats (an editor's, another fmt's) is kept, and fmt says so and leaves the file (exit 2). It
wrote its own text over the edit (2 to 6 edits of 20 lost, depending on timing). The edit is made
here at a fixed point of the run, between fmt's read and its rename, in a real process."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from support import PROJECT_ROOT

UNFORMATTED = "4x Iono PAL 185\n"
EDITED = "4x Iono PAL 185\n4x Nest Ball SVI 181\n"

# fmt run by its own console entry, with the layout step wrapped to save an edit of the file first.
EDIT_WHILE_FORMATTING = textwrap.dedent(
    """
    import sys
    import deckcheck.core.layout as layout_module

    real_layout = layout_module.layout

    def layout_then_edit(*args, **kwargs):
        with open(sys.argv[-1], "w", encoding="utf-8") as handle:
            handle.write({edited!r})
        return real_layout(*args, **kwargs)

    layout_module.layout = layout_then_edit
    from deckcheck.cli import main

    sys.exit(main(["fmt", "--no-config", "--format", "unlimited", sys.argv[-1]]))
    """
).format(edited=EDITED)


def fmt(deck: Path, *, edit: bool) -> subprocess.CompletedProcess:
    command = ["-c", EDIT_WHILE_FORMATTING, str(deck)] if edit else ["-m", "deckcheck", "fmt", "--no-config"]
    return subprocess.run(
        [sys.executable, *command, *([] if edit else ["--format", "unlimited", str(deck)])],
        capture_output=True,
        text=True,
        cwd=deck.parent,
        env={**os.environ, "PYTHONPATH": str(PROJECT_ROOT)},
        timeout=120,
    )


def test_an_edit_saved_while_fmt_runs_is_kept_and_fmt_says_so(tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text(UNFORMATTED, encoding="utf-8")
    completed = fmt(deck, edit=True)
    assert deck.read_text(encoding="utf-8") == EDITED  # the edit is kept
    assert completed.returncode == 2, completed.stderr
    assert completed.stderr.endswith(
        f"deckcheck: error: {deck}: the file changed while fmt was formatting it; left as it is (run fmt again)\n"
    ), completed.stderr
    assert "reformatted" not in completed.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deck.txt"]  # no temporary file left
    # Run again, it formats the edited list.
    again = fmt(deck, edit=False)
    assert again.returncode == 0, again.stderr
    assert "4 Nest Ball SVI 181" in deck.read_text(encoding="utf-8")


def test_without_an_edit_fmt_writes_as_before(tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text(UNFORMATTED, encoding="utf-8")
    completed = fmt(deck, edit=False)
    assert completed.returncode == 0, completed.stderr
    assert f"deckcheck: reformatted {deck}" in completed.stderr
    assert deck.read_text(encoding="utf-8").startswith("Trainer: 4\n4 Iono PAL 185\n")
