"""The translation catalogues: find every marked string, and compile ``.po`` files to ``.mo``.

    python build_scripts/i18n.py extract    # thirtyone/locale/thirtyone.pot from the code
    python build_scripts/i18n.py update     # add new strings to each .po (empty), drop gone ones
    python build_scripts/i18n.py compile    # each .po -> .mo beside it (what the game reads)
    python build_scripts/i18n.py check      # exit 1 if a marked string lacks a translation

A marked string is the literal first argument of ``_(...)`` or ``N_(...)``, or the first two of
``ngettext(...)``. Standard library only (no Babel, no GNU gettext tools), so it runs wherever
the game builds.
"""

from __future__ import annotations

import argparse
import ast
import struct
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "thirtyone"
LOCALE = PACKAGE / "locale"
DOMAIN = "thirtyone"
MARKERS = {"_": 1, "N_": 1, "ngettext": 2}
"""Function names that mark strings, and how many leading literal arguments they mark."""


@dataclass
class Entry:
    """One message of a catalogue."""

    msgid: str
    plural: str | None = None
    translations: list[str] = field(default_factory=list)
    places: list[str] = field(default_factory=list)

    @property
    def translated(self) -> bool:
        """Whether every form has a translation."""
        return bool(self.translations) and all(self.translations)


def extract(package: Path = PACKAGE) -> dict[str, Entry]:
    """Every marked string under ``package``, keyed by its msgid, in order of first use."""
    found: dict[str, Entry] = {}
    for path in sorted(package.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in MARKERS):
                continue
            wanted = MARKERS[node.func.id]
            literals = [arg.value for arg in node.args[:wanted]
                        if isinstance(arg, ast.Constant) and isinstance(arg.value, str)]
            if len(literals) != wanted:
                continue
            entry = found.setdefault(literals[0], Entry(literals[0], literals[1] if wanted == 2 else None))
            entry.places.append(f"{path.relative_to(package.parent)}:{node.lineno}")
    return found


def _quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
    if "\n" not in escaped.rstrip("\n"):
        return '"' + escaped.replace("\n", "\\n") + '"'
    lines = escaped.splitlines(keepends=True)
    return '""\n' + "\n".join('"' + line.replace("\n", "\\n") + '"' for line in lines)


def _unquote(text: str) -> str:
    body = ast.literal_eval(text)
    if not isinstance(body, str):
        raise ValueError(f"not a string: {text}")
    return body


def read_po(path: Path) -> tuple[str, dict[str, Entry]]:
    """A ``.po`` file's header text and its entries by msgid."""
    header = ""
    entries: dict[str, Entry] = {}
    current: Entry | None = None
    target: tuple[str, int] | None = None
    places: list[str] = []

    def finish() -> None:
        nonlocal header, current
        if current is not None:
            if current.msgid == "":
                header = current.translations[0] if current.translations else ""
            else:
                entries[current.msgid] = current
        current = None

    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#:"):
            places.extend(line[2:].split())
            continue
        if line.startswith("#"):
            continue
        keyword, _, rest = line.partition(" ")
        try:
            if keyword == "msgid":
                finish()
                current = Entry(_unquote(rest), places=places)
                places = []
                target = ("msgid", 0)
            elif keyword == "msgid_plural" and current is not None:
                current.plural = _unquote(rest)
                target = ("plural", 0)
            elif keyword.startswith("msgstr") and current is not None:
                index = int(keyword[7:-1]) if keyword.startswith("msgstr[") else 0
                while len(current.translations) <= index:
                    current.translations.append("")
                current.translations[index] = _unquote(rest)
                target = ("msgstr", index)
            elif line.startswith('"') and current is not None and target is not None:
                more = _unquote(line)
                kind, index = target
                if kind == "msgid":
                    current.msgid += more
                elif kind == "plural":
                    current.plural = (current.plural or "") + more
                else:
                    current.translations[index] += more
            else:
                raise ValueError(f"unexpected {keyword!r}")
        except (ValueError, SyntaxError) as error:
            raise ValueError(f"{path}:{number}: {error}") from None
    finish()
    return header, entries


def write_po(path: Path, header: str, entries: dict[str, Entry]) -> None:
    """Write a catalogue, entries in the order given, each with where it is used."""
    parts = ['msgid ""\nmsgstr ' + _quote(header) + "\n"]
    for entry in entries.values():
        lines = []
        if entry.places:
            lines.append("#: " + " ".join(entry.places))
        lines.append("msgid " + _quote(entry.msgid))
        if entry.plural is not None:
            lines.append("msgid_plural " + _quote(entry.plural))
            forms = entry.translations or ["", ""]
            lines.extend(f"msgstr[{i}] " + _quote(text) for i, text in enumerate(forms))
        else:
            lines.append("msgstr " + _quote(entry.translations[0] if entry.translations else ""))
        parts.append("\n".join(lines) + "\n")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(parts), encoding="utf-8")


def mo_bytes(header: str, entries: dict[str, Entry]) -> bytes:
    """The GNU ``.mo`` form of a catalogue (untranslated entries left out, so English shows)."""
    pairs = {"": header}
    for entry in entries.values():
        if not entry.translated:
            continue
        key = entry.msgid if entry.plural is None else entry.msgid + "\0" + entry.plural
        pairs[key] = "\0".join(entry.translations)
    keys = sorted(pairs)
    ids = [key.encode("utf-8") for key in keys]
    strs = [pairs[key].encode("utf-8") for key in keys]
    count = len(keys)
    table_start = 7 * 4
    data_start = table_start + 16 * count
    offsets: list[int] = []
    blob = b""
    for text in ids + strs:
        offsets += [len(text), data_start + len(blob)]
        blob += text + b"\0"
    head = struct.pack("<7I", 0x950412DE, 0, count, table_start, table_start + 8 * count, 0, 0)
    return head + struct.pack(f"<{4 * count}I", *offsets) + blob


def po_files() -> list[Path]:
    """Every language's ``.po`` file."""
    return sorted(LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def untranslated(entries: dict[str, Entry], wanted: dict[str, Entry]) -> list[str]:
    """The marked strings a catalogue does not translate (missing, empty, or with other plurals)."""
    missing = []
    for msgid, entry in wanted.items():
        have = entries.get(msgid)
        if have is None or not have.translated or (entry.plural is not None) != (have.plural is not None):
            missing.append(msgid)
    return missing


def main(argv: list[str] | None = None) -> int:
    """Run one of the commands in the module's docstring."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("command", choices=["extract", "update", "compile", "check"])
    args = parser.parse_args(argv)
    wanted = extract()
    if args.command == "extract":
        write_po(LOCALE / f"{DOMAIN}.pot", "Content-Type: text/plain; charset=UTF-8\n", wanted)
        print(f"{len(wanted)} strings -> {LOCALE / f'{DOMAIN}.pot'}")
        return 0
    status = 0
    for path in po_files():
        header, entries = read_po(path)
        if args.command == "update":
            merged = {msgid: entries.get(msgid, Entry(msgid, entry.plural)) for msgid, entry in wanted.items()}
            for msgid, entry in merged.items():
                entry.places = wanted[msgid].places
                entry.plural = wanted[msgid].plural
            write_po(path, header, merged)
            print(f"{path}: {len(merged)} strings, {len(untranslated(merged, wanted))} untranslated")
        elif args.command == "compile":
            path.with_suffix(".mo").write_bytes(mo_bytes(header, entries))
            print(f"{path.with_suffix('.mo')}: {sum(e.translated for e in entries.values())} strings")
        else:
            missing = untranslated(entries, wanted)
            for msgid in missing:
                print(f"{path}: no translation for {msgid!r} ({', '.join(wanted[msgid].places[:2])})")
            status = status or (1 if missing else 0)
    return status


if __name__ == "__main__":
    sys.exit(main())
