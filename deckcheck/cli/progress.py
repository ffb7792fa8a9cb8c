"""Progress shown on a terminal while deckcheck works (stderr only, never in a report).

The bars use rich, imported only when a bar is really drawn: pipes, CI logs and
quick runs get plain lines or nothing.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from typing import Any


class DeckProgress:
    """A rich progress bar on stderr, shown only on a terminal and only once a
    run has taken longer than a moment (short runs and pipes stay clean)."""

    DELAY = 0.5  # seconds

    def __init__(self, total: int, *, wanted: bool = True):
        self.total = total
        self.done = 0
        self.clock = time.monotonic
        self.started = self.clock()
        self.enabled = wanted and total > 1 and sys.stderr.isatty() and os.environ.get("TERM") != "dumb"
        self.bar: Any = None  # a rich Progress, made only when a bar is shown (rich is imported then)

    def __enter__(self) -> DeckProgress:
        return self

    def advance(self, path: str) -> None:
        if self.bar is None and self.enabled and self.clock() - self.started > self.DELAY:
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

            self.bar = Progress(
                TextColumn("Checking decks"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeRemainingColumn(),
                TextColumn("{task.description}"),
                console=Console(stderr=True),
                transient=True,
            )
            self.bar.start()
            self.task = self.bar.add_task("", total=self.total, completed=self.done)
        if self.bar is not None:
            self.bar.update(self.task, completed=self.done, description=os.path.basename(path))
        self.done += 1

    def echo(self, message: str) -> None:
        if self.bar is not None:
            self.bar.console.print(message, markup=False, highlight=False)
        else:
            print(message, file=sys.stderr)

    def __exit__(self, *exc) -> None:
        if self.bar is not None:
            self.bar.stop()


# What the phases' bars keep beside their label: the percentage, a count ("21066/21066 cards",
# "12.3 MB/45.6 MB"), the spaces between and 10 columns of bar (rich narrows the bar, 40 columns,
# before anything else): on 80 columns a label of up to 40 is shown whole. The least a label is given.
LABEL_ROOM = 40
MIN_LABEL = 20


class Phases:
    """The phases of a slow command (download, verify, import, names), each with
    its progress.

    On a terminal: one rich bar per phase, each ended at 100 % when the next one
    starts and all of them when the command ends (not on an error). Off a
    terminal: with ``lines``, one plain line per phase, and for a download its
    size every 10 MB and at the end ("2.9 MB of 2.9 MB"); without, nothing.

    The object is also the ``progress(done, total)`` callable the core's
    downloads and imports call, and ``phase(key, total)`` the hook they call
    when a phase begins; ``labels`` gives each key its text.
    """

    def __init__(self, labels: dict, *, lines: bool = False):
        self.labels = labels
        self.lines = lines
        self.bar: Any = None  # a rich Progress, made only when a bar is shown (rich is imported then)
        self.task: Any = None
        self.kind = "count"
        self.done = 0
        self.total: int | None = None
        self.next_report = 0
        self.reported = -1
        self.counters: list[dict] = []
        self.task_label = ""

    def __enter__(self) -> Phases:
        if sys.stderr.isatty() and os.environ.get("TERM") != "dumb":
            from rich.console import Console
            from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn
            from rich.table import Column

            console = Console(stderr=True)
            self.bar = Progress(
                # A long label (a download's URL) is cut with an ellipsis where the terminal is too
                # narrow for it beside the percentage and the counts, which stay whole.
                TextColumn(
                    "{task.description}",
                    table_column=Column(
                        max_width=max(MIN_LABEL, console.width - LABEL_ROOM), no_wrap=True, overflow="ellipsis"
                    ),
                ),
                BarColumn(),
                TaskProgressColumn(),
                TextColumn("{task.fields[detail]}"),
                console=console,
                transient=True,
            )
            self.bar.start()
        return self

    def phase(self, key: str, total: int | None = None) -> None:
        """A phase begins (``total`` steps, None when not known)."""
        self._end_phase()
        label = self.task_label = self.labels.get(key, key)
        self.kind = "bytes" if key.endswith("download") else "count"
        self.done, self.total = 0, total
        self.next_report, self.reported = 0, -1
        if self.bar is not None:
            self.task = self.bar.add_task(label, total=total, detail="")
        elif self.lines:
            print(label, file=sys.stderr)

    def __call__(self, done: int, total: int | None = None) -> None:
        """Progress within the phase: ``done`` of ``total`` (bytes of a download, or steps)."""
        if self.kind == "bytes" and self.done and (done < self.done or (total is not None and total != self.total)):
            self._next_download()
        self.done = done
        if total is not None:
            self.total = total
        elif self.kind == "count" and self.total is not None and done > self.total:
            # A total that was too small (the sources give the exact number of files they read,
            # so never on their own): an open count, not "175/173".
            self.total = None
        if self.bar is not None and self.task is not None:
            self.bar.update(self.task, completed=done, total=self.total, detail=self._detail())
        elif self.lines and self.kind == "bytes" and done >= self.next_report:
            self._report()
            self.next_report = done + 10_000_000

    def counter(self, key: str, unit: str) -> Callable[[int, int | None], None]:
        """A count beside the phases (TCGdex cards fetched while the cards are imported):
        its own bar on a terminal, shown from its first step; off a terminal, with
        ``lines``, a line every 500 and at the total. Where the total is known, each shows how long
        the rest will take at the pace so far."""
        state: dict[str, Any] = {"task": None, "next": 500, "done": 0, "start": None}

        def report(done: int, total: int | None = None) -> None:
            now = time.monotonic()
            if state["start"] is None or done < state["done"]:  # a second count on the same bar begins
                state["start"] = (now, done)
            state["done"] = done
            detail = f"{done}/{total} {unit}" if total is not None else f"{done} {unit}"
            left = remaining(state["start"], now, done, total)
            if left:
                detail += f", {left}"
            if self.bar is not None:
                if state["task"] is None:
                    state["task"] = self.bar.add_task(self.labels.get(key, key), total=total, detail="")
                self.bar.update(state["task"], completed=done, total=total, detail=detail)
            elif self.lines and (done >= state["next"] or (done == total and done != state.get("said"))):
                state["said"] = done
                shown = f"{done} of {total} {unit}" if total is not None else f"{done} {unit}"
                print(f"  {shown}" + (f" ({left})" if left else ""), file=sys.stderr)
                state["next"] = done + 500

        self.counters.append(state)
        return report

    def _detail(self) -> str:
        if self.kind == "bytes":
            return sizes(self.done, self.total, "/")
        return f"{self.done}/{self.total}" if self.total else (str(self.done) if self.done else "")

    def _report(self) -> None:
        print(f"  {sizes(self.done, self.total, ' of ')}", file=sys.stderr)
        self.reported = self.done

    def _next_download(self) -> None:
        """Another file of the same phase begins (the card names of ``--lang``: a
        list of cards, then of sets): the one before is shown at its end first."""
        label = self.task_label
        self._end_phase()
        self.total, self.next_report, self.reported = None, 0, -1
        if self.bar is not None:
            self.task = self.bar.add_task(label, total=None, detail="")

    def _end_phase(self) -> None:
        """The phase that was running is done: its bar at 100 %, a download's last size said."""
        if self.bar is not None and self.task is not None:
            total = self.total if self.total else max(self.done, 1)
            done = total if self.kind != "bytes" or not self.total else max(self.done, total)
            self.bar.update(self.task, completed=done, total=max(total, done), detail=self._final_detail())
        elif self.lines and self.kind == "bytes" and self.reported != self.done and self.done:
            if self.total is None or self.done >= self.total:
                self.total = self.done
            self._report()
        self.task = None

    def _final_detail(self) -> str:
        if self.kind == "bytes":
            size = self.total or self.done
            return sizes(size, size, "/")
        return f"{self.total}/{self.total}" if self.total else (str(self.done) if self.done else "")

    def __exit__(self, exc_type, *exc) -> None:
        if exc_type is None:
            self._end_phase()
            for state in self.counters:  # a count is done when the command is
                if self.bar is not None and state["task"] is not None:
                    done = max(state["done"], 1)
                    self.bar.update(state["task"], completed=done, total=done)
        if self.bar is not None:
            self.bar.stop()


# The phases of the slow db commands, as deckcheck.cli.progress.Phases shows them.
PHASES = {
    "download": "Downloading the card dataset",
    "verify": "Verifying the archive (SHA-256)",
    "import": "Importing the cards",
    "names-download": "Downloading the card names",
    "names-read": "Reading the card names",
    "names-map": "Matching the names to the cards",
    "names-write": "Writing the card names",
    "tcgdex": "Downloading the TCGdex set list",
    "tcgdex-sets": "Fetching the TCGdex sets",
    "tcgdex-cards": "Fetching new cards from TCGdex",
    "tcgdex-ja": "Downloading the TCGdex set list of Japan's cards",
    "cards": "Reading the card database",
    "lint": "Linting the packs",
}


def remaining(start: tuple[float, int], now: float, done: int, total: int | None) -> str:
    """How long the rest of a count will take at its pace since ``start`` (a
    moment and the count then): "about 2 min left"; "" until there is a pace."""
    began, first = start
    if total is None or done >= total or done - first < 1 or now - began < 1.0:
        return ""
    seconds = (total - done) * (now - began) / (done - first)
    if seconds >= 90:
        return f"about {round(seconds / 60)} min left"
    return f"about {max(1, round(seconds))} s left"


def sizes(done: int, total: int | None, between: str) -> str:
    """``done`` bytes (of ``total``) in the unit of the larger: "2.9 MB of 2.9 MB", "12.4 kB of
    40.1 kB", "512 bytes" -- never "0.0 MB of 0.0 MB" for a small file."""
    largest = max(done, total or 0)
    if largest >= 1_000_000:
        scale, unit, digits = 1e6, "MB", 1
    elif largest >= 1_000:
        scale, unit, digits = 1e3, "kB", 1
    else:
        scale, unit, digits = 1, "bytes", 0
    shown = f"{done / scale:.{digits}f}"
    if not total:
        return f"{shown} {unit}"
    of = f"{total / scale:.{digits}f} {unit}"
    return f"{shown}/{of}" if between == "/" else f"{shown} {unit}{between}{of}"
