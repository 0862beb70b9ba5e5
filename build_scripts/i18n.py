"""The translation catalogues: find every marked string, and compile ``.po`` files to ``.mo``.

    python build_scripts/i18n.py extract    # thirtyone/locale/thirtyone.pot from the code
    python build_scripts/i18n.py update     # add new strings to each .po (empty), drop gone ones
    python build_scripts/i18n.py compile    # each .po -> .mo beside it (what the game reads)
    python build_scripts/i18n.py check      # exit 1 if a language lacks a translation or a placeholder
    python build_scripts/i18n.py todo nl    # the untranslated msgids of nl as JSON, German beside each
    python build_scripts/i18n.py merge nl FILE.json  # {msgid: text or [forms]} into nl's .po

``todo`` and ``merge`` let a whole language be translated in batches of JSON rather than by hand in the ``.po``.

A marked string is the literal first argument of ``_(...)`` or ``N_(...)``, or the first two of
``ngettext(...)``. Standard library only (no Babel, no GNU gettext tools), so it runs wherever
the game builds.
"""

from __future__ import annotations

import argparse
import ast
import json
import re
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
PLURAL_FORMS = {
    "de": "nplurals=2; plural=(n != 1);", "nl": "nplurals=2; plural=(n != 1);", "nb": "nplurals=2; plural=(n != 1);",
    "sv": "nplurals=2; plural=(n != 1);", "it": "nplurals=2; plural=(n != 1);", "fr": "nplurals=2; plural=(n > 1);",
}
"""The ``Plural-Forms`` header ``update`` writes into a new language's catalogue (French counts 0 as one:
"0 vie"). The catalogue's header is what the game reads; this only starts it right."""
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\([a-z_]+\)[a-z]|%[sr]")
"""``{name}``, ``{n}``, ``{code!r}`` and argparse's ``%(prog)s``/``%s``: a translation keeps each (it may say one
twice; a strftime pattern like ``%d %b`` is the language's own date and not checked)."""


def languages() -> dict[str, str]:
    """The game's ``LANGUAGES`` (read from the package, their one definition), English left out."""
    sys.path.insert(0, str(ROOT))
    try:
        from thirtyone.i18n import LANGUAGES, SOURCE_LANGUAGE
    finally:
        sys.path.remove(str(ROOT))
    return {code: name for code, name in LANGUAGES.items() if code != SOURCE_LANGUAGE}


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


def placeholder_problems(entries: dict[str, Entry]) -> list[str]:
    """Translations whose placeholders differ from their msgid's.

    A plain message keeps exactly the msgid's set of placeholders. The forms of a counted message together keep
    the plural's set, and no form brings one of its own: "1 vie" may say the count in words, "{count} Spiele" not.
    """
    problems = []
    for entry in entries.values():
        forms = [text for text in entry.translations if text]
        if not forms:
            continue
        english = set(PLACEHOLDER.findall(entry.msgid)) | set(PLACEHOLDER.findall(entry.plural or ""))
        found = [set(PLACEHOLDER.findall(text)) for text in forms]
        kept = set().union(*found)
        if (kept != english if entry.plural is not None else any(f != english for f in found)):
            problems.append(f"{entry.msgid!r} -> {' | '.join(forms)!r}: has {sorted(kept)}, wants {sorted(english)}")
    return problems


def plural_forms(header: str) -> int | None:
    """How many forms the header's ``Plural-Forms`` asks for (None without a usable header)."""
    found = re.search(r"Plural-Forms:\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=", header)
    return int(found.group(1)) if found else None


def catalogue_problems(path: Path, wanted: dict[str, Entry]) -> list[str]:
    """Everything ``check`` reports about one catalogue: untranslated strings, lost placeholders, plurals."""
    header, entries = read_po(path)
    problems = [f"no translation for {msgid!r} ({', '.join(wanted[msgid].places[:2])})"
                for msgid in untranslated(entries, wanted)]
    problems += [f"placeholders differ: {why}" for why in placeholder_problems(entries)]
    forms = plural_forms(header)
    if forms is None:
        problems.append("no Plural-Forms header (nplurals=...; plural=...;)")
    else:
        problems += [f"{msgid!r} has {len(entry.translations)} plural forms, not {forms}"
                     for msgid, entry in entries.items()
                     if entry.plural is not None and entry.translated and len(entry.translations) != forms]
    return problems


def new_catalogue(code: str) -> Path:
    """Start an empty catalogue for ``code`` (a header with its plural rule); ``update`` fills in the msgids."""
    path = LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"
    header = (f"Project-Id-Version: thirtyone\nLanguage: {code}\nContent-Type: text/plain; charset=UTF-8\n"
              f"Plural-Forms: {PLURAL_FORMS.get(code, 'nplurals=2; plural=(n != 1);')}\n")
    write_po(path, header, {})
    return path


FRENCH_SPACE = re.compile(r" ([:;!?»])|(«) ")
"""French typography: a no-break space before ``: ; ! ? »`` and after ``«``, so a line never starts with one."""


def merge(code: str, translations: dict[str, str | list[str]]) -> list[str]:
    """Write ``translations`` (msgid -> text, or a list of plural forms) into ``code``'s catalogue.

    Returns the msgids that are not in the catalogue (run ``update`` first); French gets its no-break spaces.
    """
    path = LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"
    header, entries = read_po(path)
    unknown = []
    for msgid, text in translations.items():
        entry = entries.get(msgid)
        if entry is None:
            unknown.append(msgid)
            continue
        forms = [text] if isinstance(text, str) else list(text)
        if code == "fr":
            forms = [FRENCH_SPACE.sub(lambda m: f"\u00a0{m.group(1)}" if m.group(1) else f"{m.group(2)}\u00a0", form)
                     for form in forms]
        entry.translations = forms
    write_po(path, header, entries)
    return unknown


def todo(code: str, wanted: dict[str, Entry]) -> dict[str, object]:
    """The msgids ``code`` does not translate yet, each with the German text as a guide to its sense."""
    _header, entries = read_po(LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po")
    _header, german = read_po(LOCALE / "de" / "LC_MESSAGES" / f"{DOMAIN}.po")
    out: dict[str, object] = {}
    for msgid in untranslated(entries, wanted):
        guide = german[msgid].translations if msgid in german else []
        out[msgid] = {"plural": wanted[msgid].plural, "de": guide[0] if len(guide) == 1 else guide}
    return out


def main(argv: list[str] | None = None) -> int:
    """Run one of the commands in the module's docstring."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("command", choices=["extract", "update", "compile", "check", "todo", "merge"])
    parser.add_argument("code", nargs="?", help="todo, merge: the language code")
    parser.add_argument("file", nargs="?", help="merge: a JSON object of msgid -> translation (or list of forms)")
    args = parser.parse_args(argv)
    wanted = extract()
    if args.command in ("todo", "merge") and not args.code:
        parser.error(f"{args.command} needs a language code")
    if args.command == "todo":
        print(json.dumps(todo(args.code, wanted), ensure_ascii=False, indent=1))
        return 0
    if args.command == "merge":
        if not args.file:
            parser.error("merge needs a JSON file")
        try:
            loaded = json.loads(Path(args.file).read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            print(f"{args.file}: {error}", file=sys.stderr)
            return 1
        unknown = merge(args.code, loaded)
        for msgid in unknown:
            print(f"not in the {args.code} catalogue: {msgid!r}", file=sys.stderr)
        print(f"{args.code}: {len(loaded) - len(unknown)} merged")
        return 1 if unknown else 0
    if args.command == "extract":
        write_po(LOCALE / f"{DOMAIN}.pot", "Content-Type: text/plain; charset=UTF-8\n", wanted)
        print(f"{len(wanted)} strings -> {LOCALE / f'{DOMAIN}.pot'}")
        return 0
    status = 0
    codes = languages()
    if args.command == "update":
        for code in codes:
            if not (LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po").exists():
                print(f"{new_catalogue(code)}: new catalogue")
    if args.command == "check":
        for code in codes:
            if not (LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po").exists():
                print(f"{code}: in LANGUAGES but no catalogue {LOCALE / code / 'LC_MESSAGES' / (DOMAIN + '.po')}")
                status = 1
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
            problems = catalogue_problems(path, wanted)
            for problem in problems:
                print(f"{path}: {problem}")
            status = status or (1 if problems else 0)
    return status


if __name__ == "__main__":
    sys.exit(main())
