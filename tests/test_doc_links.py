"""Every link between the docs a reader follows leads somewhere: the file, and its heading.

Anchors are made as GitHub makes them from a heading (lower case, punctuation dropped, spaces
to hyphens, letters of any script kept), so `#ひとつの番号づけ` and `#one-numbering` are both
checked.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = sorted([ROOT / "README.md", *ROOT.glob("README.*.md"), *(ROOT / "docs").rglob("*.md")])
LINK = re.compile(r"\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*$", re.M)
FENCE = re.compile(r"^```.*?^```", re.M | re.S)


def anchors(path: Path) -> set[str]:
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for heading in HEADING.findall(text):
        slug = re.sub(r"[^\w\- ]", "", heading.replace("`", "").lower()).replace(" ", "-")
        # A second heading with the same words gets -1, -2, … as on GitHub.
        candidate, n = slug, 0
        while candidate in found:
            n += 1
            candidate = f"{slug}-{n}"
        found.add(candidate)
    return found


@pytest.mark.parametrize("doc", DOCS, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_relative_link_leads_to_a_file_and_heading(doc: Path) -> None:
    broken = []
    for target in LINK.findall(FENCE.sub("", doc.read_text(encoding="utf-8"))):
        if re.match(r"[a-z]+:", target) or target.startswith("/"):
            continue  # another site, or an address of the running app
        file_part, _, anchor = target.partition("#")
        linked = (doc.parent / file_part).resolve() if file_part else doc
        if not linked.exists() or (
            linked.suffix == ".md" and anchor and anchor not in anchors(linked)
        ):
            broken.append(target)
    assert not broken, f"{doc.name}: {broken}"
