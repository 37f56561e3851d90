"""The self-contained HTML report: tables of the report data and its figures as embedded PNG images."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from elementa.lab import plots
from elementa.lab.report import TOP_ITEMS

STYLE = """
body{font-family:system-ui,sans-serif;max-width:62em;margin:1em auto;padding:0 1em;color:#222}
table{border-collapse:collapse;margin:.5em 0 1em}td,th{border:1px solid #ccc;padding:.2em .5em;font-size:.9em}
th{background:#eee}td.n{text-align:right}img{max-width:100%;display:block;margin:.5em 0}
code{background:#f4f4f4;padding:0 .2em}.note{color:#555;font-size:.9em}
.verdict{border:2px solid #444;background:#f8f8f0;padding:.3em 1em;margin:1em 0}
"""

METRIC_NOTE = (
    "Definitions (Browne 2008, ch. 5; drama and decisiveness as the Ludii system computes them: "
    "metrics DramaAverage, DecisivenessThreshold, DecisivenessMoves): the <b>leader</b> is the seat with the "
    "highest estimated share of the win (the game's <code>evaluate()</code>, final win shares at the "
    "end); the <b>winners</b> are the seats with the highest final share; <b>lead changes</b> count "
    "changes of a strict leader (ties skipped), per decision; <b>drama</b> is the best estimate minus "
    "the winners', averaged over every decision (0 where a winner leads); <b>decisiveness</b> is the "
    "share of decisions played from the first at which a winner's estimate exceeded the best "
    "estimate any loser ever reached; <b>tied_share</b> is the share of decision points at which no "
    "seat leads strictly."
)


TIED_WARNING = 0.25
"""The mean share of decision points without a strict leader from which the page warns that the game
metrics read a mostly tied evaluation (see :mod:`elementa.lab.metrics`, tied share)."""


def _e(value: Any) -> str:
    return html.escape(str(value))


def _pct(row: dict[str, float]) -> str:
    return f"{row['rate']:.3f} ({row['low']:.3f}-{row['high']:.3f})"


def _diff(row: dict[str, float]) -> str:
    return f"{row['diff']:+.3f} ({row['low']:+.3f} to {row['high']:+.3f})"


def table(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """Return an HTML table (cells escaped)."""
    head = "".join(f"<th>{_e(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{_e(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def image(png: str, alt: str) -> str:
    """Return an ``<img>`` with an embedded base64 PNG."""
    return f'<img class="plot" alt="{_e(alt)}" src="data:image/png;base64,{png}">'


def first_mover_sentence(fp: dict[str, Any]) -> str:
    """Return the report's sentence on the first mover (``fp``: the report's ``first_player``).

    It names who made the first decision as the games were played: seat 1 only where it did in every
    game, else "the first mover" with the number of games each seat started; a game that starts with
    a simultaneous decision has none ("simultaneous start").
    """
    games = fp["games"] + fp["simultaneous"]
    if not fp["games"]:
        return f"Simultaneous start: no seat makes the first decision alone (all {games} games)."
    if fp["always_seat_1"]:
        who = "Seat 1, which made the first decision in every game,"
    else:
        started = ", ".join(f"seat {k + 1} in {m}" for k, m in enumerate(fp["movers"]) if m)
        who = f"The first mover (who made the first decision: {started} of {games} games)"
        if fp["simultaneous"]:
            who += f"; {fp['simultaneous']} games had a simultaneous start and are left out,"
    return (
        f"{who} wins {_pct(fp)}; against a fair share of {fp['fair']:.3f} that is {_diff(fp['advantage'])}."
    )


def _main_sections(r: dict[str, Any]) -> list[str]:
    out = []
    seats = r["seats"]
    fair = 1.0 / len(seats)
    fp = r["first_player"]
    out.append("<h2>Seats and the first player</h2>")
    out.append(f"<p>{first_mover_sentence(fp)}</p>")
    out.append(
        table(
            ["seat", "agent", "games", "wins", "win rate (95% CI)"],
            [[s["label"], s["agent"], s["games"], f"{s['wins']:g}", _pct(s)] for s in seats],
        )
    )
    out.append(
        image(
            plots.rates_figure("Win rate by seat", [f"seat {s['label']}" for s in seats], seats, fair),
            "win rate by seat",
        )
    )
    lengths, endings = r["lengths"], r["endings"]
    out.append("<h2>Game length and endings</h2>")
    d = lengths["decisions"]
    out.append(f"<p>{d['mean']:.1f} decisions per game on average (sd {d['sd']:.1f}).</p>")
    out.append(
        table(
            ["sole winner", "shared win (draw)", "no winner", "turn or round limit reached"],
            [[endings["sole_winner"], endings["shared_win"], endings["no_winner"], endings["turn_limit"]]],
        )
    )
    out.append(
        image(plots.lengths_figure(lengths["histogram"], endings["turn_limit"]), "game length histogram")
    )
    out.append("<h2>Game metrics</h2>")
    out.append(f'<p class="note">{METRIC_NOTE}</p>')
    m = r["metrics"]
    out.append(
        table(
            ["metric", "games", "mean (95% CI)"],
            [
                [k, v["n"], f"{v['mean']:.3f} ({v['low']:.3f}-{v['high']:.3f})"]
                for k, v in m.items()
                if v["n"]
            ],
        )
    )
    tied = m.get("tied_share")  # absent from reports made before it
    if tied and tied["n"] and tied["mean"] >= TIED_WARNING:
        out.append(
            f'<p class="note"><b>Read these with care:</b> the evaluation names no strict leader at '
            f"{tied['mean']:.0%} of the decision points (tied_share, mean over the games), so lead "
            "changes, drama and decisiveness rest on the other points and say little about this game.</p>"
        )
    if any(v["n"] for k, v in m.items() if k not in ("lead_changes", "tied_share")):
        out.append(image(plots.metrics_figure(m), "game metrics"))
    return out


def _component_sections(r: dict[str, Any]) -> list[str]:
    out = []
    if r["attributes"] or r["uses"]:
        out.append("<h2>Components</h2>")
    fair = 1.0 / len(r["seats"])
    for cat, entry in r["attributes"].items():
        rows = entry["rates"]
        out.append(f"<h3>Win rate by {_e(cat)}</h3>")
        out.append(
            table([cat, "seat-games", "win rate (95% CI)"], [[x["value"], x["games"], _pct(x)] for x in rows])
        )
        out.append(
            image(
                plots.rates_figure(f"Win rate by {cat}", [x["value"] for x in rows], rows, fair),
                f"win rate by {cat}",
            )
        )
        out += _apart_section(cat, entry)
        cells = entry.get("matrix", [])
        if len({c["row"] for c in cells}) > 1:
            out.append(f"<h3>{_e(cat)} against {_e(cat)}</h3>")
            out.append(
                image(plots.matrix_figure(f"{cat}: row's win rate against column", cells), f"{cat} matrix")
            )
    for cat, entry in r["uses"].items():
        items = entry["items"]
        if not items:
            continue
        top = [i for i in items[:TOP_ITEMS] if i["uses"]]
        never = [i["item"] for i in items if not i["uses"]]
        out.append(f"<h3>{_e(cat)} ({entry['distinct']} of {len(items)} used)</h3>")
        if top:
            out.append(image(plots.uses_figure(cat, top), f"{cat} usage"))
            out.append(f'<p class="note">The figure shows the {len(top)} most used; the table lists all.</p>')
        if never:
            out.append(f"<p>Never used ({len(never)}): {_e(', '.join(never))}</p>")
        out.append(_uses_table(items))
        for deck, part in r.get("uses_by_deck", {}).get(cat, {}).items():
            out.append(
                f"<details><summary>{_e(cat)}: deck {_e(deck)} ({part['seat_games']} seat-games; the "
                f"{len(part['items'])} cards its seats used)</summary>{_uses_table(part['items'])}</details>"
            )
    return out


def _apart_section(cat: str, entry: dict[str, Any]) -> list[str]:
    """The seat and ``cat`` effects told apart (the report's ``by_seat``, ``effects`` and
    ``seat_effects``), or the sentence that they cannot be: each seat always had the same value."""
    if "by_seat" not in entry or len(entry["rates"]) < 2:
        return []
    out = [f"<h3>Seat and {_e(cat)} apart</h3>"]
    if entry["confounded"]:
        held = ", ".join(f"seat {c['seat'] + 1}: {c['value']}" for c in entry["by_seat"])
        out.append(
            f"<p><strong>Seat and {_e(cat)} cannot be told apart:</strong> each seat always had the same "
            f"{_e(cat)} ({_e(held)}), so a seat's win rate is also its {_e(cat)}'s. Run again with random "
            f"openings (an agent spec's <code>opening=N</code>, for example "
            f"<code>--agents greedy:opening=2</code>) to vary them.</p>"
        )
        return out
    out.append(
        f'<p class="note">Each {_e(cat)} against the others in the same seat, and each seat against the '
        f"others with the same {_e(cat)}: Mantel-Haenszel differences pooled over the strata where both "
        "sides were played (95% CI).</p>"
    )
    out.append(
        table(
            [cat, f"win rate minus other {cat}s' in the same seat", "seats compared"],
            [
                [e["value"], "-", 0]
                if e["within_seats"] is None
                else [e["value"], _diff(e["within_seats"]), e["within_seats"]["strata"]]
                for e in entry["effects"]
            ],
        )
    )
    out.append(
        table(
            ["seat", f"win rate minus other seats' with the same {cat}", f"{cat}s compared"],
            [
                [e["seat"] + 1, "-", 0]
                if e["within_values"] is None
                else [e["seat"] + 1, _diff(e["within_values"]), e["within_values"]["strata"]]
                for e in entry["seat_effects"]
            ],
        )
    )
    out.append(
        "<details><summary>Win rate of each "
        f"{_e(cat)} in each seat</summary>"
        + table(
            [cat, "seat", "seat-games", "win rate (95% CI)"],
            [[c["value"], c["seat"] + 1, c["games"], _pct(c)] for c in entry["by_seat"]],
        )
        + "</details>"
    )
    return out


def _uses_table(items: list[dict[str, Any]]) -> str:
    return table(
        ["item", "uses", "per game", "win rate when used", "when not", "difference (95% CI)"],
        [
            [
                i["item"],
                i["uses"],
                f"{i['per_game']:.2f}",
                "-" if i["used"] is None else _pct(i["used"]),
                "-" if i["not_used"] is None else _pct(i["not_used"]),
                "-" if i["association"] is None else _diff(i["association"]),
            ]
            for i in items
        ],
    )


def _extra_sections(data: dict[str, Any]) -> list[str]:
    out = []
    skill = data.get("skill")
    if skill:
        out.append(
            "<h2>Skill trace</h2><p>Each level's head-to-head score against the level below: 1 for each "
            "pair of their seats in a game where the level finished ahead, 1/2 when level.</p>"
        )
        out.append(
            table(
                ["level", "against", "seat pairs compared", "score (95% CI)"],
                [[s["level"], s["below"], s["games"], _pct(s)] for s in skill],
            )
        )
        out.append(
            image(
                plots.rates_figure(
                    "Skill trace: level vs the level below",
                    [f"{s['level']} vs {s['below']}" for s in skill],
                    skill,
                    0.5,
                ),
                "skill trace",
            )
        )
    for sweep in data.get("sweeps", []):
        out.append(f"<h2>Sweep: {_e(sweep['option'])}</h2>")
        base = sweep["values"][0]
        out.append(
            f"<p>Each value against {_e(sweep['option'])}={_e(base)}, the same {sweep['games']} "
            "games (same seeds).</p>"
        )
        for value, cmp in zip(sweep["values"][1:], sweep["comparisons"], strict=True):
            out.append(f"<h3>{_e(sweep['option'])}={_e(value)} minus {_e(base)}</h3>")
            rows = cmp["rates"]
            out.append(
                table(
                    ["win rate", str(base), str(value), "difference (95% CI)"],
                    [[x["name"], f"{x['base']:.3f}", f"{x['value']:.3f}", _diff(x)] for x in rows],
                )
            )
            out.append(
                table(
                    ["mean", str(base), str(value), "difference (95% CI)"],
                    [[x["name"], f"{x['base']:.3f}", f"{x['value']:.3f}", _diff(x)] for x in cmp["means"]],
                )
            )
            if rows:
                out.append(
                    image(
                        plots.comparison_figure(
                            f"{sweep['option']}={value} minus {base}", [x["name"] for x in rows], rows
                        ),
                        f"sweep {sweep['option']}={value}",
                    )
                )
    tuning = data.get("tuning")
    if tuning:
        out += _tuning_section(tuning)
    return out


def _trial_rows(rows: list[dict[str, Any]], first_column: str) -> list[list[Any]]:
    def rate_cell(value: float | None) -> str:
        return "-" if value is None else f"{value:.3f}"

    return [
        [
            t[first_column] if first_column in t else k + 1,
            " ".join(f"{a}={b}" for a, b in t["params"].items()),
            f"{t['miss']:.3f}",
            rate_cell(t["first"]),
            rate_cell(t["max_role"]),
            rate_cell(t.get("draw")),
            rate_cell(t.get("limit")),
        ]
        for k, t in enumerate(rows)
    ]


def _tuning_section(tuning: dict[str, Any]) -> list[str]:
    best = tuning["best"]
    rates = ["first mover win rate", "highest role win rate", "draw rate", "limit rate"]
    out = ["<h2>Parameter tuning</h2>"]
    rechecked = tuning.get("rechecked") or []
    out.append(
        f"<p>Targets: {_e(', '.join(tuning['targets']))}; {len(tuning['trials'])} distinct settings of "
        f"{tuning['games']} games each (Optuna TPE; {tuning.get('repeats', 0)} repeated proposals not "
        f"played again). Recommended: <code>{_e(' '.join(f'-o {k}={v}' for k, v in best['params'].items()))}"
        f"</code>, missing the targets by {best['miss']:.3f}"
        + (
            f" on fresh games (it missed by {best['search_miss']:.3f} in the search), the best of the "
            f"{len(rechecked)} best settings played again on new seeds.</p>"
            if rechecked
            else ".</p>"
        )
    )
    if rechecked:
        out.append("<h3>The best settings on fresh games</h3>")
        out.append(
            table(["search miss", "settings", "fresh miss", *rates], _trial_rows(rechecked, "search_miss"))
        )
    out.append("<h3>Trials</h3>")
    out.append(table(["trial", "settings", "miss", *rates], _trial_rows(tuning["trials"], "")))
    out.append(image(plots.trials_figure([t["miss"] for t in tuning["trials"]]), "tuning trials"))
    return out


def _verdict_box(r: dict[str, Any]) -> list[str]:
    findings = r.get("verdict") or []
    if not findings:
        return []
    items = "".join(
        f"<li>{_e(f['text'])}"
        + ("" if f["clear"] else " <i>(the interval holds the reference: no clear difference)</i>")
        + "</li>"
        for f in findings
    )
    return [f'<div class="verdict"><h2>Verdict</h2><ol>{items}</ol></div>']


def render(data: dict[str, Any]) -> str:
    """Return the whole report page for a lab run's data (see :func:`elementa.lab.balance.run_balance`)."""
    r = data["report"]
    s = r["settings"]
    title = f"{s['title']} balance report"
    head = [
        f"<h1>{_e(title)}</h1>",
        f"<p>{r['games']} games, agents {_e(', '.join(s['agents']))}, seed {s['seed']}"
        + (" (interrupted: the games played so far)" if data.get("interrupted") else "")
        + ".</p>",
        f"<p>Command: <code>{_e(s['command'])}</code></p>",
        "<p>Options: " + _e(", ".join(f"{k}={v}" for k, v in s["options"].items())) + "</p>",
    ]
    if s.get("varied"):
        settings = "; ".join(" ".join(f"{k}={v}" for k, v in v.items()) for v in s["varied"])
        head.append(f"<p>Game <i>i</i> plays setting <i>i</i> mod {len(s['varied'])} of: {_e(settings)}</p>")
    body = head + _verdict_box(r) + _main_sections(r) + _component_sections(r) + _extra_sections(data)
    return (
        f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{_e(title)}</title>'
        f"<style>{STYLE}</style></head><body>" + "\n".join(body) + "</body></html>\n"
    )
