"""Progress shown on a terminal while deckcheck works (stderr only, never in a report).

Both bars use rich, imported only when a bar is really drawn: pipes, CI logs and
quick runs get plain lines or nothing.
"""

from __future__ import annotations

import os
import sys


class DeckProgress:
    """A rich progress bar on stderr, shown only on a terminal and only once a
    run has taken longer than a moment (short runs and pipes stay clean)."""

    DELAY = 0.5  # seconds

    def __init__(self, total: int, *, wanted: bool = True):
        import time

        self.total = total
        self.done = 0
        self.clock = time.monotonic
        self.started = self.clock()
        self.enabled = wanted and total > 1 and sys.stderr.isatty() and os.environ.get("TERM") != "dumb"
        self.bar = None

    def __enter__(self) -> "DeckProgress":
        return self

    def advance(self, path: str) -> None:
        if self.bar is None and self.enabled and self.clock() - self.started > self.DELAY:
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

            self.bar = Progress(TextColumn("Checking decks"), BarColumn(), MofNCompleteColumn(),
                                TimeRemainingColumn(), TextColumn("{task.description}"),
                                console=Console(stderr=True), transient=True)
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


class DownloadProgress:
    """A rich progress bar on a terminal, a few plain lines otherwise."""

    def __init__(self, label: str):
        self.label = label
        self.bar = None
        self.next_report = 0

    def __enter__(self):
        if sys.stderr.isatty() and not os.environ.get("NO_COLOR"):
            from rich.progress import BarColumn, DownloadColumn, Progress, TransferSpeedColumn

            self.bar = Progress("{task.description}", BarColumn(), DownloadColumn(), TransferSpeedColumn(),
                                transient=True, console=None)
            self.bar.start()
            self.task = self.bar.add_task(self.label, total=None)
        else:
            print(self.label, file=sys.stderr)
        return self.report

    def report(self, done: int, total: int | None) -> None:
        if self.bar is not None:
            self.bar.update(self.task, completed=done, total=total)
        elif done >= self.next_report:
            size = f" of {total / 1e6:.1f} MB" if total else ""
            print(f"  {done / 1e6:.1f} MB{size}", file=sys.stderr)
            self.next_report = done + 10_000_000

    def __exit__(self, *exc) -> None:
        if self.bar is not None:
            self.bar.stop()


class CountProgress:
    """Items fetched so far (TCGdex cards): a rich counter on a terminal, a
    line every :attr:`EVERY` items otherwise."""

    EVERY = 500

    def __init__(self, label: str, unit: str = "cards"):
        self.label = label
        self.unit = unit
        self.bar = None
        self.next_report = self.EVERY

    def __enter__(self):
        if sys.stderr.isatty() and not os.environ.get("NO_COLOR"):
            from rich.progress import MofNCompleteColumn, Progress, SpinnerColumn, TextColumn

            self.bar = Progress(SpinnerColumn(), "{task.description}", MofNCompleteColumn(),
                                TextColumn(self.unit), transient=True, console=None)
            self.bar.start()
            self.task = self.bar.add_task(self.label, total=None)
        return self.report

    def report(self, done: int, total: int | None) -> None:
        if self.bar is not None:
            self.bar.update(self.task, completed=done, total=total)
        elif done >= self.next_report:
            print(f"  {done} {self.unit}", file=sys.stderr)
            self.next_report = done + self.EVERY

    def __exit__(self, *exc) -> None:
        if self.bar is not None:
            self.bar.stop()
