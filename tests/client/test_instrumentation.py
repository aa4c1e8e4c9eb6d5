"""Tools users put around the client, against a loopback server: a vcrpy cassette recorded
with the documented `filter_headers=["authorization"]` holds no key (and one recorded
without it does, so the check can fail); OpenTelemetry's aiohttp instrumentation, installed
before the first request, gives a span per request."""

from __future__ import annotations

from pathlib import Path

import pytest
from aiohttp import web
from opentelemetry.instrumentation.aiohttp_client import AioHttpClientInstrumentor
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from product_analytics import AsyncClient
from tests.support.loopback import LoopbackFactory
from tests.support.loopback_client import API_KEY, ORG, json_response, proxy_record


async def answer(request: web.Request) -> web.Response:
    return json_response(proxy_record("r1"))


async def record(base_url: str, cassette: Path, **options: object) -> None:
    # The vcrpy releases that patch aiohttp 3.14 need Python >= 3.11 (none is installed
    # on 3.10).
    vcr = pytest.importorskip("vcr")
    with vcr.VCR(record_mode="all", **options).use_cassette(str(cassette)):  # type: ignore[arg-type]
        async with AsyncClient(api_key=API_KEY, base_url=base_url) as client:
            await client.proxy_records.get(organization_id=ORG, id="r1")


async def test_a_cassette_recorded_as_documented_holds_no_key(
    loopback: LoopbackFactory, tmp_path: Path
) -> None:
    server = await loopback(answer)
    filtered, unfiltered = tmp_path / "filtered.yaml", tmp_path / "unfiltered.yaml"
    await record(server.base_url, filtered, filter_headers=["authorization"])
    await record(server.base_url, unfiltered)
    text = filtered.read_text()
    assert f"/api/organizations/{ORG}/proxy_records/r1/" in text
    assert API_KEY not in text
    assert "authorization" not in text.lower()
    assert API_KEY in unfiltered.read_text()  # what the filter is for
    assert len(server.received) == 2


async def test_opentelemetry_instrumentation_gives_a_span_per_request(
    loopback: LoopbackFactory,
) -> None:
    server = await loopback(answer)
    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    instrumentor = AioHttpClientInstrumentor()
    instrumentor.instrument(tracer_provider=provider)
    try:
        async with AsyncClient(api_key=API_KEY, base_url=server.base_url) as client:
            for _ in range(2):
                await client.proxy_records.get(organization_id=ORG, id="r1")
    finally:
        instrumentor.uninstrument()
    spans = exporter.get_finished_spans()
    assert [span.name for span in spans] == ["GET", "GET"]
    attributes = dict(spans[0].attributes or {})
    assert attributes.get("http.response.status_code", attributes.get("http.status_code")) == 200
    assert API_KEY not in repr([dict(s.attributes or {}) for s in spans])
    # The trace context reached the service with each request.
    assert all("traceparent" in r.headers for r in server.received)
