"""Without reportlab the library says what to install, naming reportlab once
(not "reportlab (reportlab)"). The output file's checks are in test_sheet_cli.py."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from support import PROJECT_ROOT

pytest.importorskip("reportlab", reason="the sheet extra (reportlab) is not installed")


def english() -> dict[str, str]:
    """This process's environment with the messages in English, whatever another test set."""
    env = {key: value for key, value in os.environ.items() if not key.startswith(("LC_", "LANG"))}
    return {**env, "LANG": "C.UTF-8"}


def test_without_reportlab_the_library_names_it_once(tmp_path):
    fake = tmp_path / "site" / "reportlab"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("raise ImportError(\"No module named 'reportlab'\", name='reportlab')\n")
    code = (
        "import deckcheck\n"
        "try:\n"
        "    deckcheck.sheet_pdf(deckcheck.check_text('4 Pikachu', format='unlimited'))\n"
        "except ImportError as error:\n"
        "    print(error)\n"
    )
    env = {**english(), "PYTHONPATH": os.pathsep.join([str(tmp_path / "site"), str(PROJECT_ROOT)])}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, env=env, timeout=120, check=False)
    assert done.stdout.decode().strip() == (
        "the deck registration sheet needs reportlab: pip install 'deckcheck[sheet]'"
    ), done.stderr.decode()
