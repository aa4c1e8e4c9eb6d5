"""Fields that several models declare alike, declared once: in a base model they extend.

Of the models that extend `ApiModel` itself (no `allOf` parent), two that declare at least
`MINIMUM` fields exactly alike (the same source text: name, annotation, default, `Field(...)`
arguments and description) get a base model that declares those fields, and extend it
instead of `ApiModel`; every other such model that declares all of them joins them. Each
model keeps its other fields in their order; pydantic sees the same fields (`model_fields`),
the shared ones first. Where a request and a response type a field differently, both keep
their own. The pair that shares most goes first (then by name); a model has one base at
most.

The base is named after the words its members' names have in common, in order
(`PatchedProjectRequest` and `Project`: `ProjectBase`), else after its first member.
"""

from __future__ import annotations

import re
import textwrap
from collections import Counter
from itertools import combinations

from codegen.modelemit import ModelClass, docstring, model_text

__all__ = ["MINIMUM", "share_fields"]

# The fewest fields two models must declare alike to share a base.
MINIMUM = 4
# A field declared alike by more models than this (`id: int`) does not make them related.
_COMMON = 32
_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z0-9]+")


def share_fields(classes: list[ModelClass], api_model: str) -> list[ModelClass]:
    """`classes` with the fields related models declare alike moved into base models
    (`api_model`: how the module spells `ApiModel`)."""
    direct = {c.name: c for c in classes if c.direct and c.fields}
    holders: dict[str, list[str]] = {}
    for cls in direct.values():
        for text in cls.fields:
            holders.setdefault(text, []).append(cls.name)
    counts: Counter[tuple[str, str]] = Counter()
    for names in holders.values():
        if len(names) <= _COMMON:
            counts.update(combinations(sorted(names), 2))
    pairs = sorted((-n, a, b) for (a, b), n in counts.items() if n >= MINIMUM)
    taken = {c.name for c in classes}
    grouped: set[str] = set()
    bases: list[ModelClass] = []
    for _, first, second in pairs:
        if first in grouped or second in grouped:
            continue
        theirs = set(direct[second].fields)
        shared = [t for t in direct[first].fields if t in theirs]
        if len(shared) < MINIMUM:
            continue
        members = sorted(set.intersection(*(set(holders[t]) for t in shared)) - grouped)
        grouped.update(members)
        bases.append(_base([direct[n] for n in members], shared, api_model, taken))
    return bases + classes


def _base(
    members: list[ModelClass], shared: list[str], api_model: str, taken: set[str]
) -> ModelClass:
    """The base model of `members` declaring `shared`; each member made to extend it."""
    words = _WORD.findall(members[0].name)
    for member in members[1:]:
        words = _common(words, _WORD.findall(member.name))
    name = "".join(words or [members[0].name]) + "Base"
    stem, counter = name, 2
    while name in taken:
        name, counter = f"{stem}{counter}", counter + 1
    taken.add(name)
    names = [f"`{m.name}`" for m in members]
    listed = f"{', '.join(names[:-1])} and {names[-1]}"
    doc = docstring(textwrap.fill(f"The fields that {listed} declare alike.", 88), "    ")
    after: set[str] = set()
    for member in members:
        after |= member.after
        member.fields = [t for t in member.fields if t not in shared]
        member.text = model_text(member.name, name, member.doc, member.fields)
        member.after.add(name)
    return ModelClass(name, model_text(name, api_model, doc, shared), after, doc=doc, fields=shared)


def _common(one: list[str], other: list[str]) -> list[str]:
    """The longest sequence of words both lists have in order."""
    best: list[list[list[str]]] = [[[] for _ in range(len(other) + 1)]]
    for i, word in enumerate(one, 1):
        row: list[list[str]] = [[]]
        for j, theirs in enumerate(other, 1):
            if word == theirs:
                row.append([*best[i - 1][j - 1], word])
            else:
                row.append(max(best[i - 1][j], row[j - 1], key=len))
        best.append(row)
    return best[-1][-1]
