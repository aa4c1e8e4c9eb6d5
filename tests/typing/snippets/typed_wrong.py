"""The line after each comment `E: <text>` must be a `mypy --strict` error holding <text>
(and a pyright error); no other line may be one."""

from __future__ import annotations

from product_analytics import AsyncClient
from product_analytics.models import ProxyRecord


async def misspelt(client: AsyncClient) -> None:
    # E: has no attribute "required_scopee"
    print(client.roles.create.required_scopee)
    # E: has no attribute "throttle_klass"
    print(client.projects.reset_token.throttle_klass)
    # E: "RolesWithRawResponse" has no attribute "gett"
    await client.roles.with_raw_response.gett(organization_id="o")
    # E: Unexpected keyword argument "organizaton_id"
    await client.roles.with_raw_response.get(organizaton_id="o", id="r")
    # E: has no attribute "get_many"
    await client.proxy_records.with_raw_response.get_many(ids=["a"])


async def wrong_results(client: AsyncClient) -> None:
    raw = await client.roles.with_raw_response.get(organization_id="o", id="r")
    # E: Incompatible types in assignment
    record: ProxyRecord = raw.parse()
    updated = await client.session_recordings.update(project_id=1, id="r", viewed=True)
    # E: Item "None" of "SessionRecording | None" has no attribute "id"
    print(updated.id)
    page = await client.session_recordings.list(project_id=1)
    # E: List comprehension has incompatible type List[str]
    ids: list[int] = [r.id for r in page.results]
    print(record, ids)


async def wrong_fields(client: AsyncClient) -> None:
    # E: Unexpected keyword argument "anonymize_ipz"
    await client.projects.update(id=1, anonymize_ipz=True)
    # E: Argument "anonymize_ips" has incompatible type "str"
    await client.projects.update(id=1, anonymize_ips="yes")
    # E: Unexpected keyword argument "product_type"
    await client.projects.reset_token(id=1, product_type="x")
    # E: Missing named argument "name"
    await client.roles.create(organization_id="o")
