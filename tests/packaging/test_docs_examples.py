"""Every Python example in the README and docs/ runs as written: a reader who copies one gets what
the text says, not an error (docs/notation.md's once raised on a renamed field). Blocks fenced as
```python are examples; signatures and shell lines are fenced without a language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.locations import ROOT

PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
PYTHON_BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def examples(page: Path) -> list[str]:
    """The ```python blocks of ``page``, in order."""
    return PYTHON_BLOCK.findall(page.read_text(encoding="utf-8"))


@pytest.mark.parametrize("page", [p for p in PAGES if examples(p)], ids=lambda p: p.name)
def test_every_python_example_runs(page: Path) -> None:
    namespace: dict[str, object] = {"__name__": f"docs_{page.stem}"}
    for number, code in enumerate(examples(page), start=1):
        try:
            exec(compile(code, f"{page.name} example {number}", "exec"), namespace)
        except Exception as error:  # the failure names the page and the example
            pytest.fail(f"{page.name}, example {number} raises {error!r}:\n{code}")


def test_the_examples_are_found() -> None:
    found = {page.name: len(examples(page)) for page in PAGES}
    assert found["notation.md"] >= 1 and found["bots.md"] >= 1 and found["old_west.md"] >= 3


def test_the_notation_page_shows_the_line_its_example_writes() -> None:
    page = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
    namespace: dict[str, object] = {}
    exec(examples(ROOT / "docs" / "notation.md")[0], namespace)
    shown = re.search(r"^```\n(rules=.*)\n```", page, re.M)
    assert shown is not None and shown.group(1) == namespace["line"]
