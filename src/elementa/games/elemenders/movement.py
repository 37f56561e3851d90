"""Where a unit can move and whom it can attack: pure functions of the board and the pieces on it.

The pieces are given as three lists indexed by square (see ``ElemendersState``): ``owner`` (-1 for
an empty square, else the seat), ``piece`` (:data:`FIRE`, :data:`WATER`, :data:`PLANT` or
:data:`MONOLITH`) and the terrain.
"""

from __future__ import annotations

from elementa.games.elemenders.board import FOREST, MONOLITH, PLANT, RIVER, WATER, Board


def destinations(
    geometry: Board,
    terrain: list[int],
    owner: list[int],
    piece: list[int],
    start: int,
    *,
    straight: bool = False,
    pass_friendly_monolith: bool = True,
) -> list[int]:
    """Return the squares a unit can end its move on, in square order.

    A unit spends up to two movement points (a plant one, or two when both squares it enters are
    forest); a point is one orthogonal step, or for a water unit standing on a river a straight slide
    of any length along connected river squares. It may pass through friendly units (and friendly
    monoliths when ``pass_friendly_monolith``), never through enemy pieces, and may only stop on an
    empty square. Source: elemenders.txt, Movement, Rivers, Forests; rulings ELM-5, ELM-6, ELM-7,
    ELM-13.

    Args:
        geometry: the board.
        terrain, owner, piece: the per-square lists of the state.
        start: the moving unit's square.
        straight: every step and slide of the move must keep one direction (option
            ``straight_line_moves``).
        pass_friendly_monolith: whether the unit may pass through its own monoliths.

    Returns:
        The reachable empty squares, without ``start``.
    """
    me, kind = owner[start], piece[start]
    if straight:  # line by line, each line kept
        return _along_lines(
            geometry,
            terrain,
            owner,
            piece,
            start,
            straight=straight,
            pass_friendly_monolith=pass_friendly_monolith,
        )
    if kind == WATER:  # a water unit on or next to a river may slide
        for a in (start, *geometry.adjacent4[start]):
            if terrain[a] == RIVER:
                return _sliding(geometry, terrain, owner, piece, start, pass_friendly_monolith)
    # otherwise one or two steps between neighbours (a plant's second one from forest to forest)
    plant = kind == PLANT
    reached = []
    for to, via in geometry.two_steps[start]:
        if owner[to] >= 0:
            continue  # a unit may only stop on an empty square
        if not via:
            reached.append(to)  # one step
            continue
        if plant and terrain[to] != FOREST:
            continue
        for a in via:  # the first step, onto an empty square or through a friendly piece
            o = owner[a]
            if (o < 0 or (o == me and (pass_friendly_monolith or piece[a] != MONOLITH))) and (
                not plant or terrain[a] == FOREST
            ):
                reached.append(to)
                break
    return reached


def _sliding(
    geometry: Board, terrain: list[int], owner: list[int], piece: list[int], start: int, passes: bool
) -> list[int]:
    """Return :func:`destinations` of a water unit that may slide, its move not kept straight
    (``passes``: ``pass_friendly_monolith``).

    Its first point enters squares line by line from ``start``; its second starts from each of them:
    from a river square line by line again, from any other square one step to an empty neighbour.
    The squares :func:`_along_lines` finds (a test compares them), without its headings and a
    plant's forest rule. Source: elemenders.txt, Movement, Rivers.
    """
    me, lines = owner[start], geometry.step
    reached: set[int] = set()
    entered: list[int] = []  # the squares the first point enters or passes: where the second one starts
    for point, sources in ((0, (start,)), (1, entered)):
        for here in sources:
            if point == 1 and terrain[here] != RIVER:
                reached.update([b for b in geometry.adjacent4[here] if owner[b] < 0])  # one step
                continue
            slides = terrain[here] == RIVER
            for line in lines:
                s = line[here]
                while s >= 0:  # one step; sliding, on along the river square by square
                    o = owner[s]
                    if o >= 0 and (o != me or (piece[s] == MONOLITH and not passes)):
                        break  # an enemy piece, or a monolith the unit may not pass
                    if point == 0:
                        entered.append(s)
                    if o < 0:
                        reached.add(s)
                    if not (slides and terrain[s] == RIVER):
                        break
                    s = line[s]
                    if s >= 0 and terrain[s] != RIVER:
                        break
    return sorted(reached)


def _along_lines(
    geometry: Board,
    terrain: list[int],
    owner: list[int],
    piece: list[int],
    start: int,
    *,
    straight: bool,
    pass_friendly_monolith: bool,
) -> list[int]:
    """Return :func:`destinations` found line by line: the way for straight moves and for water units
    that may slide (on or next to a river)."""
    me, kind, step = owner[start], piece[start], geometry.step
    reached: set[int] = set()
    frontier: set[tuple[int, int]] = {(start, -1)}
    for point in range(2):
        nxt: set[tuple[int, int]] = set()  # where the next point starts from (after the first)
        forest_only = kind == PLANT and point == 1  # a plant's second point: forest to forest
        for here, heading in frontier:
            if forest_only and terrain[here] != FOREST:
                continue
            slides = kind == WATER and terrain[here] == RIVER
            for direction in _DIRECTIONS if heading < 0 else (heading,):
                keep = direction if straight else -1
                line = step[direction]
                s = line[here]
                while s >= 0:  # one step; sliding, on along the river square by square
                    o = owner[s]
                    if o >= 0 and (o != me or (piece[s] == MONOLITH and not pass_friendly_monolith)):
                        break  # an enemy piece, or a monolith the unit may not pass
                    if forest_only and terrain[s] != FOREST:
                        break
                    if point == 0:
                        nxt.add((s, keep))
                    if o < 0:
                        reached.add(s)
                    if not (slides and terrain[s] == RIVER):
                        break
                    s = line[s]
                    if s >= 0 and terrain[s] != RIVER:
                        break
        frontier = nxt
    return sorted(reached)


_DIRECTIONS = range(4)


def attack_reach(geometry: Board, adjacency: int = 4) -> list[list[int]]:
    """Return, per square, the squares a unit there can attack, in square order.

    Source: elemenders.txt, Attacking; ruling ELM-4 (``adjacency`` 4: orthogonal neighbours only, 8:
    diagonal ones too).
    """
    return geometry.adjacent4 if adjacency == 4 else geometry.adjacent8


def attack_targets(owner: list[int], start: int, reach: list[list[int]]) -> list[int]:
    """Return the squares of the enemy pieces (units and monoliths) a unit at ``start`` can attack,
    in square order; ``reach`` is :func:`attack_reach` of the game. Source: elemenders.txt, Attacking.
    """
    enemy, targets = 1 - owner[start], []
    for s in reach[start]:  # a loop rather than a comprehension: no frame of its own to make
        if owner[s] == enemy:
            targets.append(s)
    return targets
