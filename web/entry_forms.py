"""The scorer's buttons: one small form per entry the rules expect next, and reading it back.

`expected` says what may come next: `fixed` fields travel as hidden inputs, `choices` become
buttons or selects, `random` and `dice` fields get a dice pad and "roll for me", and every
other field of the kind (from the codec's description) becomes an input. When one field's
values can be the buttons themselves, a single tap records the entry.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from werkzeug.datastructures import MultiDict

from domain.actions import ActionCodec, FieldSpec
from domain.log import Entry, LogLine
from domain.printed import Printed
from domain.ruleset import JSON, Expected, MalformedAction
from service.card_lists import KnownCard, OfferedCards
from service.errors import BadInput
from web.errors import said

# Beyond this many values a choice is a select rather than a row of buttons.
MOST_BUTTONS = 12
# A list of choices (penalty takers in kicking order, points to bank, a price in chips) is
# asked as this many numbered slots: the order is kept and a value may come twice, which
# checkboxes could do neither of. Empty slots are left out.
LIST_SLOTS = 6
# Only the app sets where a die came from: "roll for me" records `source=app`.
SOURCE_FIELD = "source"
# The optional name of the physical die the table rolled with ("red d6"), posted beside the
# entry's own fields and recorded with the entry, not in its action.
DIE_LABEL_FIELD = "die_label"

# The inputs that show a single value and can be given it back after a refusal.
REFILLABLE = ("buttons", "select", "number", "text")

Widget = Literal["buttons", "select", "slots", "dice", "number", "text", "checkbox"]


@dataclass(frozen=True)
class Input:
    name: str
    widget: Widget
    required: bool
    options: tuple[JSON, ...] = ()
    faces: tuple[int, ...] = ()  # one entry per die of a dice field
    default: str = ""
    slots: int = 0  # how many numbered selects a list of choices offers


@dataclass(frozen=True)
class EntryForm:
    kind: str
    prompt: str
    by: str | None
    hidden: tuple[tuple[str, str], ...]  # fixed fields, as posted
    settled: tuple[tuple[str, JSON], ...]  # fields the prompt leaves one value for
    inputs: tuple[Input, ...]
    tap: Input | None  # the input whose values are the submit buttons
    can_roll: bool
    # Cards with known printed values the side may pick instead of typing (templates
    # `_card_pick.html`): a pick posts the card alone, and the service fills its values.
    cards: tuple[KnownCard, ...] = ()
    # Names to suggest as the card is typed (a `<datalist>` on its field), with their values
    # where known, for the page's script to fill in.
    suggestions: tuple[KnownCard, ...] = ()

    @property
    def rolls_dice(self) -> bool:
        """Whether the table rolls a die for this entry (faces to tap or pick), so that the
        physical die may be named; a toss of the Possession token is no die."""
        inputs = (*self.inputs, *(() if self.tap is None else (self.tap,)))
        return self.can_roll and any(
            i.widget == "dice" or (bool(i.options) and all(_is_face(o) for o in i.options))
            for i in inputs
        )


def entry_forms(
    codec: ActionCodec,
    expected: Sequence[Expected],
    printed: Printed | None = None,
    offered: OfferedCards | None = None,
) -> list[EntryForm]:
    """The forms for what may come next; a game's printed values (`printed`) are asked for
    with no default, and a side's `offered` cards are offered to pick."""
    return [entry_form(codec, option, printed, offered) for option in expected]


def entry_form(
    codec: ActionCodec,
    expected: Expected,
    printed: Printed | None = None,
    offered: OfferedCards | None = None,
) -> EntryForm:
    kind = expected.kind
    must_say = set(printed.fields) if printed is not None and kind in printed.kinds else set()
    fixed, choices, dice, random = expected.fixed, expected.choices, expected.dice, expected.random
    hidden: list[tuple[str, str]] = []
    settled: list[tuple[str, JSON]] = []
    inputs: list[Input] = []
    for spec in codec.describe(kind):
        if spec.name in fixed:
            hidden.extend((spec.name, text) for text in _posted(fixed[spec.name]))
        elif spec.name == SOURCE_FIELD and spec.options == ("table", "app"):
            continue
        elif spec.name in dice:
            inputs.append(Input(spec.name, "dice", True, faces=tuple(dice[spec.name])))
        elif spec.name in choices and len(choices[spec.name]) == 1 and spec.type != "list":
            value = choices[spec.name][0]
            settled.append((spec.name, value))
            hidden.extend((spec.name, text) for text in _posted(value))
        elif spec.name in choices:
            inputs.append(_choice(spec, tuple(choices[spec.name])))
        elif spec.name in must_say:
            # A printed value is said, never taken as 0 by a form left as it came.
            inputs.append(Input(spec.name, "number", True))
        else:
            inputs.append(_open(spec))
    tap = _tap(inputs, random)
    side = fixed.get("coach")
    offers = offered is not None and bool(must_say) and isinstance(side, str)
    cards = offered.of(str(side)) if offers and offered is not None else ()
    suggests = offers and printed is not None and kind == printed.kinds[0]
    suggestions = offered.suggested(str(side)) if suggests and offered is not None else ()
    return EntryForm(
        kind=kind,
        prompt=expected.prompt or kind,
        by=expected.by,
        hidden=tuple(hidden),
        settled=tuple(settled),
        inputs=tuple(i for i in inputs if i is not tap),
        tap=tap,
        can_roll=bool(random or dice),
        cards=cards,
        suggestions=suggestions,
    )


def die_named_last(log: Sequence[LogLine]) -> str:
    """The die the scorer named last in this match, offered again: a table rolls with the
    same dice all match long."""
    for line in reversed(log):
        if isinstance(line, Entry) and line.die_label:
            return line.die_label
    return ""


def refilled(forms: Sequence[EntryForm], posted: Mapping[str, str]) -> list[EntryForm]:
    """The forms with what the scorer gave in a refused one put back, so that a refusal never
    makes them type a card's name and values again."""
    kind = posted.get("kind")
    again: list[EntryForm] = []
    for form in forms:
        if form.kind == kind and all(posted.get(name) == value for name, value in form.hidden):
            inputs = tuple(
                replace(i, default=posted.get(i.name, i.default)) if i.widget in REFILLABLE else i
                for i in form.inputs
            )
            form = replace(form, inputs=inputs)
        again.append(form)
    return again


def grouped(forms: Sequence[EntryForm]) -> list[tuple[str, list[EntryForm]]]:
    """The forms by kind, in the order the rules list them (a kind may come many times, e.g.
    one substitution per player on the field)."""
    groups: dict[str, list[EntryForm]] = {}
    for form in forms:
        groups.setdefault(form.kind, []).append(form)
    return list(groups.items())


def _choice(spec: FieldSpec, options: tuple[JSON, ...]) -> Input:
    if spec.type == "list":
        return Input(spec.name, "slots", spec.required, options, slots=LIST_SLOTS)
    widget: Widget = "buttons" if len(options) <= MOST_BUTTONS else "select"
    return Input(spec.name, widget, spec.required, options)


def _open(spec: FieldSpec) -> Input:
    default = "" if spec.default in (None, ()) else _posted(spec.default)[0]
    if spec.type == "choice":
        return Input(spec.name, "select", spec.required, spec.options, default=default)
    if spec.type == "list" and spec.item == "choice":
        return Input(spec.name, "slots", spec.required, spec.options, slots=LIST_SLOTS)
    if spec.type == "bool":
        return Input(spec.name, "checkbox", False)
    widget: Widget = "number" if spec.type == "int" else "text"
    return Input(spec.name, widget, spec.required, default=default)


def _tap(inputs: list[Input], random: Sequence[str]) -> Input | None:
    """The one input whose values can each be a submit button: a die when there is one,
    else the only row of buttons; with several choices to make, a plain submit is clearer."""
    single_dice = [i for i in inputs if i.widget == "dice" and len(i.faces) == 1]
    rolled = [i for i in inputs if i.widget == "buttons" and i.name in random]
    for candidates in (rolled, single_dice):
        if candidates:
            return candidates[0]
    buttons = [i for i in inputs if i.widget in ("buttons", "select", "slots", "dice")]
    if len(buttons) == 1 and buttons[0].widget == "buttons":
        return buttons[0]
    return None


def _is_face(option: JSON) -> bool:
    return isinstance(option, int) and not isinstance(option, bool)


def _posted(value: JSON) -> list[str]:
    """A value as the form posts it (a list as one input per item)."""
    if isinstance(value, list | tuple):
        return [str(item) for item in value]
    if isinstance(value, bool):
        return ["yes" if value else "no"]
    return [] if value is None else [str(value)]


def action_from_form(codec: ActionCodec, form: MultiDict[str, str]) -> dict[str, JSON]:
    """The entry a posted form describes; empty fields are left to their defaults, so a
    required field left empty is refused by the codec with its name."""
    kind = form.get("kind", "").strip()
    try:
        specs = codec.describe(kind)
    except MalformedAction as error:
        raise BadInput(said(error)) from None
    action: dict[str, JSON] = {"kind": kind}
    for spec in specs:
        if spec.type == "list":
            items = _list_items(form, spec.name)
            if items:
                action[spec.name] = items
        else:
            value = form.get(spec.name, "").strip()
            if value:
                action[spec.name] = value
    return action


def _list_items(form: MultiDict[str, str], name: str) -> list[str]:
    # A dice pad posts one radio group per die (`dice.0`, `dice.1`, …) and a list of choices
    # one select per slot (`players.0`, …); hidden inputs post the name once per item; a text
    # input may hold "1,2,3".
    numbered = sorted(
        (int(key.rpartition(".")[2]), form[key])
        for key in form
        if key.startswith(name + ".") and key.rpartition(".")[2].isdigit()
    )
    raw = [value for _, value in numbered] or form.getlist(name)
    return [part.strip() for value in raw for part in value.split(",") if part.strip()]
