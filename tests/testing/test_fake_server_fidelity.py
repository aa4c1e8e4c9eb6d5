"""Fidelity to the live service (issue 12) through the SDK against FakeServer, in both of its
shape modes: the description's shapes by default, the live ones with `list_style="live"`
and `live_quirks=True`."""

from __future__ import annotations

import warnings
from collections.abc import AsyncIterator

import aiohttp
import pytest
import pytest_asyncio

from product_analytics import AsyncClient, MissingScopeError
from product_analytics.models import (
    ActivityLogEntry,
    AiFiltersResult,
    AiRegexResult,
    DemoDataStatus,
    Project,
    WizardAuthenticationResult,
)
from product_analytics.testing import FakeServer

LIVE = {"list_style": "live", "live_quirks": True}


@pytest_asyncio.fixture(params=["described", "live"])
async def fake(request: pytest.FixtureRequest) -> AsyncIterator[FakeServer]:
    """A FakeServer in each shape mode; the test fails if a request crashed it."""
    options = LIVE if request.param == "live" else {}
    async with FakeServer(recordings=30, seed=3, **options) as server:  # type: ignore[arg-type]
        yield server
        assert server.stats.internal_errors == []


def _live(server: FakeServer) -> bool:
    return server.options.live_quirks


def _client(server: FakeServer, **kwargs: object) -> AsyncClient:
    return AsyncClient(
        api_key=server.api_key,
        base_url=server.base_url,
        max_retries=0,
        project_id=server.project_id,
        organization_id=server.organization_id,
        **kwargs,  # type: ignore[arg-type]
    )


# -- scopes -----------------------------------------------------------------------------------


@pytest.mark.parametrize("scope", ["project:read", "team:read", "project:write"])
async def test_a_key_with_either_scope_adds_a_product_intent(fake: FakeServer, scope: str) -> None:
    key = fake.issue_key([scope])
    async with AsyncClient(
        api_key=key,
        base_url=fake.base_url,
        organization_id=fake.organization_id,
        scopes=[scope],
        max_retries=0,
    ) as client:
        project = await client.projects.add_product_intent(
            id=fake.project_id, product_type="session_replay"
        )
        await client.projects.complete_product_onboarding(
            id=fake.project_id, product_type="session_replay"
        )
    assert isinstance(project, Project)
    assert [i["product_type"] for i in project.product_intents or []] == ["session_replay"]


async def test_a_key_with_neither_scope_is_refused(fake: FakeServer) -> None:
    async with _client(fake, scopes=["organization:read"]) as client:
        with pytest.raises(MissingScopeError):
            await client.projects.add_product_intent(id=fake.project_id)
    assert fake.requests == []


# -- the AI helpers ---------------------------------------------------------------------------


async def test_ai_regex_answers_the_mode_s_shape(fake: FakeServer) -> None:
    async with _client(fake) as client:
        result = await client.session_recordings.ai_regex(regex="pricing page")
    assert isinstance(result, AiRegexResult)  # the live JSON, in both modes, as the spec says
    assert result.result == "success"
    assert result.data is not None
    assert result.data.output == "pricing.*page"


async def test_ai_filters_answers_the_mode_s_shape(fake: FakeServer) -> None:
    async with _client(fake) as client:
        result = await client.session_recordings.ai_filters(
            messages=[{"role": "user", "content": "rage clicks last week"}]
        )
        blank = await client.session_recordings.ai_filters(
            messages=[{"role": "user", "content": " "}]
        )
    assert isinstance(result, AiFiltersResult)  # the live JSON, in both modes, as the spec says
    assert result.result == "filter"
    assert result.data is not None
    assert result.data.date_from == "-7d"
    assert isinstance(blank, AiFiltersResult)
    assert blank.result == "question"


async def test_the_ai_helpers_take_the_described_person(fake: FakeServer) -> None:
    async with _client(fake) as client:
        if _live(fake):  # the live service needs its own fields
            result = await client.session_recordings.ai_regex(person={"p": 1}, regex="x")
            assert isinstance(result, AiRegexResult)
        else:
            regex = await client.session_recordings.ai_regex(person={"p": 1})
            assert isinstance(regex, AiRegexResult)
            filters = await client.session_recordings.ai_filters(person="anything")
            assert isinstance(filters, AiFiltersResult)


# -- projects.activity ------------------------------------------------------------------------


async def test_activity_is_a_pager_in_both_modes(fake: FakeServer) -> None:
    async with _client(fake) as client:
        await client.projects.update(id=fake.project_id, name="Renamed", anonymize_ips=True)
        await client.projects.update(id=fake.project_id, timezone="Europe/Lisbon")
        first = await client.projects.activity(id=fake.project_id, limit=2)
        entries = [entry async for entry in client.projects.activity(id=fake.project_id, limit=2)]
    if not _live(fake):
        # As described: the project shape, a page without results that keeps its fields.
        assert first.results == []
        assert first.has_next is False
        assert first.envelope.model_extra is not None
        assert first.envelope.model_extra["name"] == "Renamed"
        assert entries == []
        return
    assert first.total_count == 3
    assert first.has_next is True
    assert all(isinstance(entry, ActivityLogEntry) for entry in entries)
    assert [entry.activity for entry in entries] == ["updated", "updated", "created"]
    newest = entries[0]
    assert newest.detail is not None
    assert newest.detail.changes is not None
    assert [(c.field, c.before, c.after) for c in newest.detail.changes] == [
        ("timezone", "UTC", "Europe/Lisbon")
    ]
    assert newest.scope == "Team"
    assert newest.item_id == str(fake.project_id)
    assert newest.user is not None
    assert newest.user.email == fake.user["email"]
    assert {c.field for c in entries[1].detail.changes or []} == {"name", "anonymize_ips"}  # type: ignore[union-attr]


async def test_activity_pages_by_page_number() -> None:
    async with FakeServer(recordings=1, seed=4, **LIVE) as fake:  # type: ignore[arg-type]
        async with _client(fake) as client:
            for zone in ("Europe/Paris", "Asia/Tokyo", "America/Lima"):
                await client.projects.update(id=fake.project_id, timezone=zone)
            second = await client.projects.activity(id=fake.project_id, page=2, limit=3)
            pager = client.projects.activity(id=fake.project_id, limit=3)
            pages = [page async for page in pager.pages()]
        activity = [r.query for r in fake.requests if r.path.endswith("/activity/")]
    assert second.total_count == 4
    assert [e.activity for e in second.results] == ["created"]
    assert second.has_next is False
    assert [len(page.results) for page in pages] == [3, 1]
    assert activity[-2:] == [{"limit": "3"}, {"page": "2", "limit": "3"}]


# -- authenticate_wizard and is_generating_demo_data -------------------------------------------


async def test_wizard_and_demo_data_answer_their_models_in_both_modes(fake: FakeServer) -> None:
    async with _client(fake) as client:
        wizard = await client.projects.authenticate_wizard(id=fake.project_id, hash="h4sh")
        demo = await client.projects.is_generating_demo_data(id=fake.project_id)
    assert isinstance(wizard, WizardAuthenticationResult)
    assert isinstance(demo, DemoDataStatus)
    if _live(fake):
        assert wizard.success is True
        assert demo.is_generating_demo_data is False
    else:
        # The described project shape: nothing lost.
        assert wizard.success is None
        assert wizard.model_extra is not None
        assert wizard.model_extra["id"] == fake.project_id
        assert demo.model_extra is not None
        assert demo.model_extra["name"] == fake.store.projects[fake.project_id]["name"]


# -- the recordings list's filters ------------------------------------------------------------


async def test_the_recordings_filters_narrow_the_list_without_a_date_window(
    fake: FakeServer,
) -> None:
    recordings = list(fake.store.environments[fake.project_id].recordings.values())
    wanted = [recordings[3]["id"], recordings[7]["id"]]
    async with _client(fake) as client:
        everything = [r async for r in client.session_recordings.list(date_from="2000-01-01")]
        chosen = [r.id async for r in client.session_recordings.list(session_ids=wanted)]
        by_person = [
            r.id
            async for r in client.session_recordings.list(
                distinct_id=recordings[0]["distinct_id"], filter_test_accounts=True, operand="AND"
            )
        ]
        longest = await client.session_recordings.list(order="duration", limit=3)
        with_lists = await client.session_recordings.list(
            properties=[{"key": "$browser", "type": "person", "value": ["Chrome"]}],
            events=[{"id": "$pageview"}],
            date_to="2099-01-01",
        )
    # No default date window: the seeded recordings (June 2025) are all there.
    assert len(everything) == 30
    assert sorted(chosen) == sorted(wanted)
    assert recordings[0]["id"] in by_person
    assert all(
        r["distinct_id"] == recordings[0]["distinct_id"] for r in recordings if r["id"] in by_person
    )
    durations = [r.recording_duration or 0 for r in longest.results]
    assert durations == sorted(durations, reverse=True)
    assert durations[0] == max(r["recording_duration"] for r in recordings)
    assert len(with_lists.results) == 30  # accepted and not applied


@pytest.mark.parametrize(
    ("params", "attr"),
    [
        ({"session_ids": "not-json"}, "session_ids"),
        ({"session_ids": "[1, 2]"}, "session_ids"),
        ({"filter_test_accounts": "yes"}, "filter_test_accounts"),
        ({"operand": "XOR"}, "operand"),
        ({"properties": '{"a": 1}'}, "properties"),
        ({"order": "nonsense"}, "order"),
    ],
)
async def test_a_filter_the_service_would_refuse_is_a_400(
    fake: FakeServer, params: dict[str, str], attr: str
) -> None:
    import aiohttp

    async with (
        aiohttp.ClientSession() as session,
        session.get(
            f"{fake.base_url}/api/environments/{fake.project_id}/session_recordings/",
            params=params,
            headers={"Authorization": f"Bearer {fake.api_key}"},
        ) as response,
    ):
        body = await response.json()
    assert (response.status, body["attr"]) == (400, attr)


# -- the project PATCH's live fields ----------------------------------------------------------


async def test_the_live_patch_fields_are_applied(fake: FakeServer) -> None:
    async with _client(fake) as client:
        project = await client.projects.update(
            id=fake.project_id,
            session_recording_retention_period="90d",
            base_currency="EUR",
            name="Shop",
        )
    assert project.name == "Shop"
    assert project.model_extra is not None
    assert project.model_extra["session_recording_retention_period"] == "90d"
    assert project.model_extra["base_currency"] == "EUR"


async def test_add_product_intent_answers_201_live(fake: FakeServer) -> None:
    async with _client(fake) as client:
        await client.projects.add_product_intent(id=fake.project_id, product_type="surveys")
    [record] = [r for r in fake.requests if r.path.endswith("add_product_intent/")]
    assert record.status == (201 if _live(fake) else 200)


async def test_no_personal_api_key_warning_escapes_this_suite(fake: FakeServer) -> None:
    """The fake accepts the keys it issues for every operation (the refusal is the live
    service's): calling a refused action warns, then succeeds against the fake."""
    async with _client(fake) as client:
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # already warned about in this process
            project = await client.projects.reset_token(id=fake.project_id)
    assert project.api_token is not None


@pytest.mark.parametrize("empty", [False, True])
async def test_the_answers_that_may_be_empty_come_both_ways(empty: bool) -> None:
    """The AI helpers and the property definitions answer JSON with its Content-Type (live,
    the spec's `content`), or with `empty_answers` no body and no Content-Type (the API
    description's answer); the SDK returns the decoded JSON or None."""
    async with (
        FakeServer(recordings=3, empty_answers=empty) as server,
        aiohttp.ClientSession(headers={"Authorization": f"Bearer {server.api_key}"}) as session,
    ):
        base = f"{server.base_url}/api/environments/{server.project_id}/"
        answers = [
            await session.get(base + "sessions/property_definitions/"),
            await session.post(base + "session_recordings/ai/regex/", json={"regex": "a b"}),
            await session.post(base + "session_recordings/ai/filters/", json={"messages": []}),
        ]
        for answer in answers:
            assert answer.status == 200
            assert (await answer.read() == b"") is empty
            assert ("Content-Type" in answer.headers) is not empty
        async with AsyncClient(
            api_key=server.api_key, base_url=server.base_url, project_id=server.project_id
        ) as client:
            results = [
                await client.sessions.property_definitions(),
                await client.session_recordings.ai_regex(regex="a b"),
                await client.session_recordings.ai_filters(messages=[]),
            ]
    assert (results == [None, None, None]) is empty
    if not empty:
        assert results[0] == {"count": 0, "results": []}
        assert isinstance(results[1], AiRegexResult)
        assert results[1].data.output == "a.*b"
