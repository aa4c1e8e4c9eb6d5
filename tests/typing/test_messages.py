"""What mypy and pyright tell a user who misuses a resource method (`snippets/misused.py`):
each message is about the call's parameters, as for a plain method, and none names the
protocol that types the method (`BoundMethod`) or its `__call__`; a revealed type shows
the parameters and the result."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MISUSED = Path(__file__).resolve().parent / "snippets" / "misused.py"

GET_PARAMETERS = (
    "*, organization_id: str | None {none}, id: str | {uuid}, timeout: float | None {none}, "
    "deadline: float | None {none}, extra_headers: {typing}Mapping[str, str] | None {none}, "
    "extra_query: {typing}Mapping[str, object] | None {none}"
)
MYPY = {
    "reveal_type(client.roles.get)": [
        'note: Revealed type is "product_analytics._resources.resource.BoundMethod[['
        + GET_PARAMETERS.format(none="=", uuid="uuid.UUID", typing="typing.")
        + '], typing.Coroutine[Any, Any, product_analytics._generated.models.Role]]"'
    ],
    'idd="r")': ['error: Unexpected keyword argument "idd"; did you mean "id"?  [call-arg]'],
    'organization_id=1, id="r")': [
        'error: Argument "organization_id" has incompatible type "int"; '
        'expected "str | None"  [arg-type]'
    ],
    'get(organization_id="o")': ['error: Missing named argument "id"  [call-arg]'],
    'get("o", "r")': ["error: Too many positional arguments  [call-arg]"],
}
PYRIGHT = {
    "reveal_type(client.roles.get)": [
        'information: Type of "client.roles.get" is "BoundMethod[('
        + GET_PARAMETERS.format(none="= None", uuid="UUID", typing="")
        + '), CoroutineType[Any, Any, Role]]"'
    ],
    'idd="r")': [
        'error: Argument missing for parameter "id"',
        'error: No parameter named "idd"',
    ],
    'organization_id=1, id="r")': [
        'error: Argument of type "Literal[1]" cannot be assigned to parameter '
        '"organization_id" of type "str | None"'
    ],
    'get(organization_id="o")': ['error: Argument missing for parameter "id"'],
    'get("o", "r")': ["error: Expected 0 positional arguments"],
}


def _by_line(found: list[tuple[int, str]]) -> dict[str, list[str]]:
    """Messages by the end of the snippet line they are about (the key of MYPY, PYRIGHT)."""
    lines = MISUSED.read_text().splitlines()
    keys = [next((k for k in MYPY if line.endswith(k)), line) for line in lines]
    grouped: dict[str, list[str]] = {}
    for number, message in found:
        grouped.setdefault(keys[number - 1], []).append(message)
    return grouped


def test_mypy_reports_a_misused_method_against_its_parameters(tmp_path: Path) -> None:
    completed = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--cache-dir",
            str(tmp_path),
            "--config-file",
            str(ROOT / "pyproject.toml"),
            "--no-error-summary",
            str(MISUSED),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    found = []
    for line in completed.stdout.splitlines():
        _, number, message = line.split(":", 2)
        found.append((int(number), message.strip()))
    assert _by_line(found) == MYPY, completed.stdout


def test_pyright_reports_a_misused_method_against_its_parameters() -> None:
    scripts = str(Path(sys.executable).parent)
    env = {**os.environ, "PATH": scripts + os.pathsep + os.environ.get("PATH", "")}
    completed = subprocess.run(
        [sys.executable, "-m", "pyright", "--outputjson", str(MISUSED)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    found = [
        (
            diagnostic["range"]["start"]["line"] + 1,
            f"{diagnostic['severity']}: {diagnostic['message'].splitlines()[0]}",
        )
        for diagnostic in json.loads(completed.stdout)["generalDiagnostics"]
    ]
    assert _by_line(found) == PYRIGHT
