"""A resource method misused as a user might: tests/typing/test_messages.py pins what mypy
and pyright say of each line."""

from __future__ import annotations

from typing_extensions import reveal_type

from product_analytics import AsyncClient


async def misused(client: AsyncClient) -> None:
    reveal_type(client.roles.get)
    await client.roles.get(organization_id="o", idd="r")
    await client.roles.get(organization_id=1, id="r")
    await client.roles.get(organization_id="o")
    await client.roles.get("o", "r")
