"""Where the rules' errors become the service's: one translation for every use case.

The aggregate speaks the rules' language (`RuleBroken`, `NothingToUndo`, …); an adapter only
ever sees `service.errors`, whichever path the refusal took.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import ParamSpec, TypeVar

from domain.match import (
    BadAnnotation,
    BadDispute,
    KeyReused,
    MatchAbandoned,
    NotConfirmable,
    NothingToUndo,
    ResultConfirmed,
    RuleBroken,
)
from domain.printed import MissingValues
from domain.rejudge import BadDecision, DecisionsNeeded
from domain.ruleset import MalformedAction, SetupError
from domain.text import BadText
from service.errors import (
    BadInput,
    CorrectionNeedsDecisions,
    EntryRefused,
    IdempotencyKeyReused,
    NotConfirmableYet,
    ResultAlreadyConfirmed,
    UndoRefused,
)

P = ParamSpec("P")
R = TypeVar("R")


@contextmanager
def rules_translated() -> Iterator[None]:
    """Re-raise an error of the rules as the service error of the same meaning."""
    try:
        yield
    except RuleBroken as error:
        raise EntryRefused(str(error), error.violations) from None
    except NothingToUndo as error:
        raise UndoRefused(said(error)) from None
    except KeyReused as error:
        raise IdempotencyKeyReused(said(error)) from None
    except DecisionsNeeded as error:
        raise CorrectionNeedsDecisions(said(error), error.illegal) from None
    except NotConfirmable as error:
        raise NotConfirmableYet(said(error)) from None
    except ResultConfirmed as error:
        raise ResultAlreadyConfirmed(said(error)) from None
    except (
        MalformedAction,
        SetupError,
        MatchAbandoned,
        BadAnnotation,
        BadText,
        BadDispute,
        BadDecision,
        MissingValues,
    ) as error:
        raise BadInput(said(error)) from None


def said(error: Exception) -> str:
    """What an error of the rules says, kept a phrase when it is one (`str(error)` would make
    it plain text), so that an adapter shows it in its reader's language."""
    first = error.args[0] if len(error.args) == 1 else None
    return first if isinstance(first, str) else str(error)


def use_case(method: Callable[P, R]) -> Callable[P, R]:
    """A use case the adapters call: no error of the rules leaves it untranslated."""

    @functools.wraps(method)
    def translated(*args: P.args, **kwargs: P.kwargs) -> R:
        with rules_translated():
            return method(*args, **kwargs)

    return translated
