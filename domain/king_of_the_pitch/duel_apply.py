"""Playing a match against the King (KP-4.6, KP-5, KP-6): from the challenge to the crown."""

from __future__ import annotations

from domain.consequences import DieRolled, FinalResult, ShootOutStarted
from domain.frozen import replace
from domain.king_of_the_pitch import consequences as kc
from domain.king_of_the_pitch.actions import Challenge, Declare, Penalty, Reroll, Roll
from domain.king_of_the_pitch.dice import compare, lowest_die
from domain.king_of_the_pitch.flow import Step, end_turn
from domain.king_of_the_pitch.state import Duel, KingState, Team
from domain.king_of_the_pitch.values import LEVEL_DICE, level_of
from domain.king_of_the_pitch.words import word
from domain.phrase import phrase
from domain.ruleset import Consequence


def team_level(state: KingState, team: Team, bonus: bool = False) -> str:
    """KP-5.1: the lower column sets the level; a BONUS plays the higher one (KP-6.2)."""
    height = max(team.defense, team.attack) if bonus else min(team.defense, team.attack)
    return level_of(height, state.setup.levels)


def _holds_extras(team: Team) -> bool:
    return team.var > 0 or team.bonus > 0


def apply_challenge(state: KingState, action: Challenge) -> Step:
    king_colour = state.king
    assert king_colour is not None
    challenger = state.team(action.team)
    # The MATCH card is spent: it goes to the discard pile (KP-4.6).
    state = state.with_team(replace(challenger, match=max(0, challenger.match - 1)))
    state = replace(state, discard=state.discard + 1)
    king = state.team(king_colour)
    declaring = tuple(t.colour for t in (challenger, king) if _holds_extras(t))
    duel = Duel(challenger=action.team, king=king.colour, to_declare=declaring)
    text = phrase(
        "{team} play a MATCH card against the King of the Pitch, {team2}: "
        "{team_level} level against {team_level2}.",
        team=state.label(action.team),
        team2=state.label(king.colour),
        team_level=word(team_level(state, challenger)),
        team_level2=word(team_level(state, king)),
    )
    levels = {t.colour: team_level(state, t) for t in (challenger, king)}
    state = replace(state, duel=duel, phase="declare")
    consequences: list[Consequence] = [
        kc.DuelStarted(text, challenger=action.team, king=king.colour, levels=levels)
    ]
    if not declaring:
        state, more = _to_rolls(state, duel)
        consequences += more
    return state, consequences


def apply_declare(state: KingState, action: Declare) -> Step:
    assert state.duel is not None
    team = state.team(action.team)
    # Declared cards are spent on this match whether or not they change it (KP-6).
    team = replace(team, var=max(0, team.var - action.var), bonus=max(0, team.bonus - action.bonus))
    state = replace(state.with_team(team), discard=state.discard + action.var + action.bonus)
    duel = state.duel
    assert duel is not None
    duel = replace(
        duel,
        to_declare=duel.to_declare[1:],
        var=duel.var + ((action.team,) if action.var else ()),
        bonus=duel.bonus + ((action.team,) if action.bonus else ()),
    )
    label = state.label(action.team)
    if action.var and action.bonus:
        text = phrase("{team}: V.A.R. and BONUS.", team=label)
    elif action.var:
        text = phrase("{team}: V.A.R.", team=label)
    elif action.bonus:
        text = phrase("{team}: BONUS.", team=label)
    else:
        text = phrase("{team}: no V.A.R. or BONUS.", team=label)
    consequences: list[Consequence] = [
        kc.Declared(text, team=action.team, var=action.var, bonus=action.bonus)
    ]
    state = replace(state, duel=duel)
    if not duel.to_declare:
        state, more = _to_rolls(state, duel)
        consequences += more
    return state, consequences


def _to_rolls(state: KingState, duel: Duel) -> Step:
    faces = tuple(
        (colour, LEVEL_DICE[team_level(state, state.team(colour), colour in duel.bonus)])
        for colour in duel.teams
    )
    return replace(state, phase="roll", duel=replace(duel, faces=faces)), []


def apply_duel_roll(state: KingState, action: Roll) -> Step:
    duel = state.duel
    assert duel is not None
    duel = replace(duel, dice=(*duel.dice, (action.team, action.dice)))
    state = replace(state, duel=duel)
    rolled = rolled_dice(action.team, action.dice, action.source, "duel")
    if len(duel.dice) < 2:
        return state, rolled
    state, more = _judge(state, duel)
    return state, [*rolled, *more]


def rolled_dice(team: str, dice: tuple[int, ...], source: str, purpose: str) -> list[Consequence]:
    """A roll's dice, each with its faces."""
    return [
        DieRolled(side=team, faces=faces, value=value, source=source, purpose=purpose)
        for faces, value in zip(kc.faces_of(dice), dice, strict=True)
    ]


def _judge(state: KingState, duel: Duel) -> Step:
    """KP-5.3 compare; then a V.A.R. re-roll (KP-6.1), a shoot-out (KP-5.4) or the winner."""
    challenger, king = duel.teams
    mine, theirs = duel.dice_of(challenger) or (), duel.dice_of(king) or ()
    result = compare(mine, theirs)
    shown = phrase(
        "{challenger} {mine} against {king} {theirs}",
        challenger=word(challenger),
        mine="-".join(map(str, mine)),
        king=word(king),
        theirs="-".join(map(str, theirs)),
    )
    cancelled = (
        phrase(", {count} pair(s) cancelled", count=len(result.cancelled))
        if result.cancelled
        else ""
    )
    compared = kc.DiceCompared(
        "",
        dice={challenger: tuple(mine), king: tuple(theirs)},
        cancelled=tuple(result.cancelled),
        score={challenger: result.score[0], king: result.score[1]},
        winner=None if result.winner is None else duel.teams[result.winner],
    )
    if result.winner is None:
        text = phrase(
            "{shown}{cancelled}: no winner, penalty shoot-out.", shown=shown, cancelled=cancelled
        )
        state = replace(state, phase="shoot-out", duel=replace(duel, var_due=None))
        shootout = ShootOutStarted(phrase("Penalty shoot-out: each team rolls 1d6."))
        return state, [replace(compared, text=text), shootout]
    winner = duel.teams[result.winner]
    text = phrase(
        "{shown}{cancelled}: {text}, {winner} ahead.",
        shown=shown,
        cancelled=cancelled,
        text=result.text(),
        winner=word(winner),
    )
    compared = replace(compared, text=text)
    loser = duel.rival(winner)
    if loser in duel.var and loser not in duel.rerolled:
        state = replace(state, phase="var", duel=replace(duel, var_due=loser))
        return state, [compared]
    state, more = _finish(state, winner)
    return state, [compared, *more]


def apply_reroll(state: KingState, action: Reroll) -> Step:
    duel = state.duel
    assert duel is not None
    dice = list(duel.dice_of(action.team) or ())
    faces = duel.faces_of(action.team)
    index = lowest_die(dice, faces)
    old = dice[index]
    # The new die replaces the lowest one and has its faces, as the roll's size tells them.
    rolled = DieRolled(
        side=action.team,
        faces=kc.faces_of(dice)[lowest_die(dice, kc.faces_of(dice))],
        value=action.die,
        source=action.source,
        purpose="var",
    )
    dice[index] = action.die
    rolls = tuple((c, tuple(dice) if c == action.team else d) for c, d in duel.dice)
    duel = replace(duel, dice=rolls, rerolled=(*duel.rerolled, action.team), var_due=None)
    text = phrase(
        "V.A.R.: {team} re-roll their lowest die, {old}, and get {die}.",
        team=state.label(action.team),
        old=old,
        die=action.die,
    )
    done = kc.VarReroll(text, team=action.team, old=old, new=action.die, dice=tuple(dice))
    state, more = _judge(replace(state, duel=duel), duel)
    return state, [rolled, done, *more]


def apply_penalty(state: KingState, action: Penalty) -> Step:
    duel = state.duel
    assert duel is not None
    duel = replace(duel, penalties=(*duel.penalties, (action.team, action.die)))
    rolled = DieRolled(
        side=action.team, faces=6, value=action.die, source=action.source, purpose="penalty"
    )
    if len(duel.penalties) < 2:
        return replace(state, duel=duel), [rolled]
    kicks = dict(duel.penalties)
    challenger, king = duel.teams
    number = duel.shootout_round + 1
    if kicks[challenger] == kicks[king]:
        text = phrase(
            "Penalty round {number}: {kicks} each; again.", number=number, kicks=kicks[challenger]
        )
        duel = replace(duel, penalties=(), shootout_round=number)
        again = kc.PenaltyRound(text, round=number, dice=kicks)
        return replace(state, duel=duel), [rolled, again]
    winner = challenger if kicks[challenger] > kicks[king] else king
    text = phrase(
        "Penalty round {number}: {challenger} {kicks}, {king} {kicks2}; {winner} win the "
        "shoot-out.",
        number=number,
        challenger=word(challenger),
        kicks=kicks[challenger],
        king=word(king),
        kicks2=kicks[king],
        winner=word(winner),
    )
    state, more = _finish(replace(state, duel=duel), winner)
    won = kc.ShootOutWon(text, round=number, dice=kicks, winner=winner)
    return state, [rolled, won, *more]


def _finish(state: KingState, winner: str) -> Step:
    """KP-5.6: the winner is (or stays) King and places a crown; KP-7.1 the crown target."""
    duel = state.duel
    assert duel is not None
    loser = duel.rival(winner)
    team = state.team(winner)
    team = replace(team, crowns=team.crowns + 1)
    state = state.with_team(team)
    won = phrase("{winner} beat {loser}.", winner=state.label(winner), loser=state.label(loser))
    consequences: list[Consequence] = [kc.DuelWon(won, winner=winner, loser=loser)]
    if state.king != winner:
        text = phrase("{team} is the new King of the Pitch.", team=state.label(winner))
        consequences.append(kc.NewKing(text, team=winner))
    state = replace(state, king=winner)
    text = phrase(
        "{team} place crown {crowns} of {crowns2}.",
        team=state.label(winner),
        crowns=team.crowns,
        crowns2=state.setup.crowns,
    )
    consequences.append(kc.Crown(text, team=winner, crowns=team.crowns))
    if team.crowns >= state.setup.crowns:
        state = replace(state, phase="over", winner=winner, duel=None, turn=None)
        text = phrase("{team} place their last crown and win the game.", team=state.label(winner))
        # The view module reads duel levels from this one, so it is imported where needed.
        from domain.king_of_the_pitch.view import match_result

        ended = kc.GameEnded(text, winner=winner, score=state.score)
        result = match_result(state)
        assert result is not None
        final = FinalResult(ranking=result.ranking, score=result.scores)
        return state, [*consequences, ended, final]
    state, more = end_turn(state)
    return state, consequences + more
