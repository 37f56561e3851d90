"""Running the ``elementa`` command in-process (so that the toy game registered in conftest is known)."""

from __future__ import annotations

from typer.testing import CliRunner, Result

from elementa.cli.app import app


def run(*args: str, input: str | None = None) -> Result:
    """Invoke ``elementa ARGS`` with scripted stdin and return the result (stdout and stderr apart)."""
    return CliRunner().invoke(app, list(args), input=input)


def assert_one_line_error(result: Result, *fragments: str) -> str:
    """Check that a command was refused with exactly one ``error:`` line and status 2; return the line."""
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert "Traceback" not in result.output
    for fragment in fragments:
        assert fragment in lines[0]
    return lines[0]
