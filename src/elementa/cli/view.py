"""How a viewer sees actions in the terminal log: the game's ``describe_action``, "you" for oneself."""

from __future__ import annotations

from elementa.core import Action, State, describe_player


def describe(state: State, action: Action, player: int, viewer: int | None) -> str:
    """Return one log line for ``player`` taking ``action`` as ``viewer`` sees it, before it is applied.

    ``State.describe_action`` already hides what the viewer may not see (sealed choices, hidden chance
    outcomes); the viewer's own actions read "you: ...".

    Args:
        state: the state before the action.
        action: the action about to be applied.
        player: who takes it (a seat or CHANCE).
        viewer: the seat watching, or ``None`` for a spectator.

    Returns:
        For example ``"player 2: bid 1"``, ``"you: keep"``, ``"chance: a hidden outcome"``.
    """
    text = state.describe_action(action, player, viewer)
    who = describe_player(player)
    if player == viewer and text.lower().startswith(who + ":"):
        return "you" + text[len(who) :]
    return text
