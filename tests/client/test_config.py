"""Client settings from the environment: the path-parameter defaults, and a `base_url` that
already ends in `/api`."""

from __future__ import annotations

import pytest

from product_analytics import AsyncClient, ConfigurationError
from product_analytics.testing import aioresponses
from tests.client.conftest import ANY_URL, API_KEY, BASE_URL, ORG, calls, only_call

REC_ID = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"


async def test_project_id_default_comes_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, mocked: aioresponses
) -> None:
    monkeypatch.setenv("PRODUCT_ANALYTICS_PROJECT_ID", "777")
    mocked.get(ANY_URL, payload={"id": REC_ID})
    async with AsyncClient(api_key=API_KEY, base_url=BASE_URL) as client:
        await client.session_recordings.get(id=REC_ID)
    _, url, _ = only_call(mocked)
    assert url.startswith(f"{BASE_URL}/api/environments/777/session_recordings/{REC_ID}/")


async def test_organization_id_default_comes_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, mocked: aioresponses
) -> None:
    monkeypatch.setenv("PRODUCT_ANALYTICS_ORGANIZATION_ID", ORG)
    mocked.get(ANY_URL, payload={"id": "r"})
    async with AsyncClient(api_key=API_KEY, base_url=BASE_URL) as client:
        await client.roles.get(id="r")
    _, url, _ = only_call(mocked)
    assert url.startswith(f"{BASE_URL}/api/organizations/{ORG}/roles/r/")


async def test_client_argument_wins_over_the_id_variables(
    monkeypatch: pytest.MonkeyPatch, mocked: aioresponses
) -> None:
    monkeypatch.setenv("PRODUCT_ANALYTICS_PROJECT_ID", "777")
    monkeypatch.setenv("PRODUCT_ANALYTICS_ORGANIZATION_ID", "org-from-env")
    mocked.get(ANY_URL, payload={"id": "r"}, repeat=True)
    async with AsyncClient(
        api_key=API_KEY, base_url=BASE_URL, project_id=5, organization_id=ORG
    ) as client:
        await client.session_recordings.get(id=REC_ID)
        await client.roles.get(id="r")
    urls = [url for _, url, _ in calls(mocked)]
    assert len(urls) == 2
    assert any(f"/api/environments/5/session_recordings/{REC_ID}/" in url for url in urls)
    assert any(f"/api/organizations/{ORG}/roles/r/" in url for url in urls)
    assert not any("777" in url or "org-from-env" in url for url in urls)


async def test_call_argument_wins_over_the_id_variables(
    monkeypatch: pytest.MonkeyPatch, mocked: aioresponses
) -> None:
    monkeypatch.setenv("PRODUCT_ANALYTICS_ORGANIZATION_ID", "org-from-env")
    mocked.get(ANY_URL, payload={"id": "r"})
    async with AsyncClient(api_key=API_KEY, base_url=BASE_URL) as client:
        await client.roles.get(organization_id=ORG, id="r")
    _, url, _ = only_call(mocked)
    assert f"/api/organizations/{ORG}/roles/r/" in url


@pytest.mark.parametrize("value", ["", "   "], ids=["empty", "blank"])
def test_an_empty_id_variable_counts_as_unset(value: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PRODUCT_ANALYTICS_PROJECT_ID", value)
    monkeypatch.setenv("PRODUCT_ANALYTICS_ORGANIZATION_ID", value)
    config = AsyncClient(api_key=API_KEY, base_url=BASE_URL)._config
    assert config.project_id is None
    assert config.organization_id is None


def test_id_variables_are_read_as_strings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PRODUCT_ANALYTICS_PROJECT_ID", " 12 ")
    monkeypatch.setenv("PRODUCT_ANALYTICS_ORGANIZATION_ID", ORG)
    config = AsyncClient(api_key=API_KEY, base_url=BASE_URL)._config
    assert config.project_id == "12"
    assert config.organization_id == ORG


@pytest.mark.parametrize(
    ("base_url", "suggested"),
    [
        ("https://us.posthog.com/api", "https://us.posthog.com"),
        ("https://us.posthog.com/api/", "https://us.posthog.com"),
        ("http://127.0.0.1:8000/API", "http://127.0.0.1:8000"),
        ("https://h.example/prefix/api/", "https://h.example/prefix"),
    ],
)
def test_base_url_ending_in_api_is_a_clear_error(base_url: str, suggested: str) -> None:
    with pytest.raises(ConfigurationError) as info:
        AsyncClient(api_key=API_KEY, base_url=base_url)
    message = str(info.value)
    assert "base_url" in message
    assert "/api" in message
    assert repr(suggested) in message


def test_base_url_ending_in_api_from_the_environment_is_a_clear_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("PRODUCT_ANALYTICS_BASE_URL", "https://us.posthog.com/api/")
    with pytest.raises(ConfigurationError, match="must not end in /api"):
        AsyncClient(api_key=API_KEY)


@pytest.mark.parametrize(
    "base_url", ["https://h.example/apis", "https://api.example.com", "https://h.example/api-v"]
)
def test_base_url_merely_containing_api_is_accepted(base_url: str) -> None:
    assert AsyncClient(api_key=API_KEY, base_url=base_url).base_url == base_url
