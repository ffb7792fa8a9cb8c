"""A card source's files, read safely from a folder or a zip archive.

Zip archives are read member by member in memory, never extracted; members
with absolute paths, ``..``, links or devices, encrypted members, more than
:data:`MAX_MEMBERS` members or more than :data:`MAX_UNPACKED_BYTES` in total
are refused. A GitHub archive's single top-level folder is allowed: the tree
starts where its ``marker`` file is.
"""

from __future__ import annotations

import re
import stat
import zipfile
from pathlib import Path, PurePosixPath
from typing import Any

from deckcheck.carddb.errors import DatabaseError
from deckcheck.carddb.http import decode_json

MAX_MEMBERS = 20_000
MAX_UNPACKED_BYTES = 512 * 1024 * 1024
# One member is read into memory and parsed as JSON (some 10 times its size):
# the largest file of the dataset is under 1 MB (a 473 KB zip held 480 MB of JSON).
MAX_MEMBER_BYTES = 32 * 1024 * 1024


class FileTree:
    """The files of a source, wherever they are, by relative POSIX path."""

    label: str
    commit: str | None = None

    def read(self, relpath: str) -> bytes:
        raise NotImplementedError

    def json_files(self, folder: str) -> dict[str, str]:
        """``{stem: relative path}`` of the ``*.json`` files directly in ``folder``, by name."""
        raise NotImplementedError

    def close(self) -> None:
        pass

    def load_json(self, relpath: str) -> Any:
        return decode_json(self.read(relpath), f"{relpath} in {self.label}")


class FolderTree(FileTree):
    def __init__(self, root: Path):
        self.root = root
        self.label = str(root)

    def read(self, relpath: str) -> bytes:
        try:
            return (self.root / relpath).read_bytes()
        except OSError as error:
            raise DatabaseError(f"cannot read {relpath} in {self.label}: {error.strerror or error}") from None

    def json_files(self, folder: str) -> dict[str, str]:
        return {
            path.stem: f"{folder}/{path.name}" for path in sorted((self.root / folder).glob("*.json")) if path.is_file()
        }


def _unsafe_member(info: zipfile.ZipInfo) -> str | None:
    """Why a member must not be trusted, or None."""
    name = info.filename.replace("\\", "/")
    if name.startswith("/") or re.match(r"^[A-Za-z]:", name):
        return "absolute path"
    if ".." in PurePosixPath(name).parts:
        return "'..' in its path"
    if info.flag_bits & 0x1:
        return "encrypted member"
    kind = stat.S_IFMT(info.external_attr >> 16)
    if kind == stat.S_IFLNK:
        return "symbolic link"
    if kind not in (0, stat.S_IFREG, stat.S_IFDIR):
        return "device or special file"
    return None


class ZipTree(FileTree):
    """The files of a zip archive below the folder holding ``marker`` (the
    archive's root, or a GitHub archive's single ``<repo>-<branch>/`` folder);
    ``what`` names the expected content in the error when there is none."""

    def __init__(self, path: Path, marker: str, what: str):
        self.label = str(path)
        try:
            self.zip = zipfile.ZipFile(path)
        except zipfile.BadZipFile:
            raise DatabaseError(f"{path} is not a zip archive (or it is corrupt)") from None
        except OSError as error:
            raise DatabaseError(f"cannot read {path}: {error.strerror or error}") from None
        try:
            self.members = self._check_members()
            self.prefix = self._find_prefix(marker, what)
        except BaseException:
            self.zip.close()
            raise
        comment = self.zip.comment.decode("ascii", "replace").strip()
        # GitHub archives carry the commit id as the zip comment.
        self.commit = comment if re.fullmatch(r"[0-9a-f]{40}", comment) else None

    def _check_members(self) -> dict[str, zipfile.ZipInfo]:
        infos = self.zip.infolist()
        if len(infos) > MAX_MEMBERS:
            raise DatabaseError(f"unsafe archive {self.label}: more than {MAX_MEMBERS} members")
        total = 0
        members: dict[str, zipfile.ZipInfo] = {}
        for info in infos:
            reason = _unsafe_member(info)
            if reason:
                raise DatabaseError(f"unsafe archive {self.label}: member {info.filename!r} ({reason})")
            if info.file_size > MAX_MEMBER_BYTES:
                raise DatabaseError(
                    f"unsafe archive {self.label}: member {info.filename!r} unpacks to "
                    f"{info.file_size // 2**20} MB, more than the {MAX_MEMBER_BYTES // 2**20} MB "
                    "a data file may have"
                )
            total += info.file_size
            if total > MAX_UNPACKED_BYTES:
                raise DatabaseError(
                    f"unsafe archive {self.label}: unpacks to more than {MAX_UNPACKED_BYTES // 2**20} MB"
                )
            if not info.is_dir():
                members[info.filename] = info
        return members

    def _find_prefix(self, marker: str, what: str) -> str:
        if marker in self.members:
            return ""
        # A GitHub archive: everything under one "<repo>-<branch>/" folder.
        prefixes = {name.split("/", 1)[0] + "/" for name in self.members if "/" in name}
        candidates = [p for p in prefixes if p + marker in self.members]
        if len(candidates) == 1:
            return candidates[0]
        raise DatabaseError(f"{self.label} holds no {marker} (not {what})")

    def read(self, relpath: str) -> bytes:
        info = self.members.get(self.prefix + relpath)
        if info is None:
            raise DatabaseError(f"{self.label} holds no {relpath}")
        try:
            return self.zip.read(info)
        except Exception as error:  # BadZipFile (CRC), zlib.error, EOFError, unsupported method ...
            raise DatabaseError(f"corrupt archive {self.label}: cannot read {relpath} ({error})") from None

    def json_files(self, folder: str) -> dict[str, str]:
        start = f"{self.prefix}{folder}/"
        found = {}
        for name in sorted(self.members):
            rest = name[len(start) :]
            if name.startswith(start) and rest.endswith(".json") and "/" not in rest:
                found[rest[: -len(".json")]] = f"{folder}/{rest}"
        return found

    def close(self) -> None:
        self.zip.close()
