"""Go-to-definition, as editors do it (jedi): a resource method lands on its `def`."""

from __future__ import annotations

from pathlib import Path

import jedi
import pytest

ROOT = Path(__file__).resolve().parents[2]
USER_CODE = """from product_analytics import AsyncClient


async def main(client: AsyncClient) -> None:
    await client.roles.get(organization_id="o", id="r")
    client.session_recordings.list(project_id=1)
"""


@pytest.mark.parametrize(
    ("line", "column", "definition"),
    [(5, 24, "async def get("), (6, 31, "def list(")],
)
def test_go_to_definition_lands_on_the_def_of_the_method(
    line: int, column: int, definition: str
) -> None:
    script = jedi.Script(USER_CODE, path=ROOT / "user_code.py")
    (found,) = script.goto(line, column, follow_imports=True)
    assert found.type == "function"
    assert found.module_path == ROOT / "src/product_analytics/_generated/resources.py"
    assert found.get_line_code().strip() == definition
