"""A client belongs to the event loop it first ran on (case 12): used from another loop (a
thread running its own, or a later `asyncio.run`) or in a child process after fork(), it
raises a `ProductAnalyticsError` naming AsyncClient and the event loop, sends nothing, and
leaves no unclosed-session warnings; the parent's client goes on working."""

from __future__ import annotations

import asyncio
import gc
import logging
import multiprocessing
import threading
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from product_analytics import AsyncClient, ProductAnalyticsError
from tests.hardening.conftest import client_of, role
from tests.hardening.hostile_server import HostileServer, raw_json


@contextmanager
def complaints() -> Iterator[list[str]]:
    """Warnings (of any category, ResourceWarning included) and asyncio error log lines
    given in the block, after a garbage collection."""
    found: list[str] = []

    class Collect(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            found.append(f"log: {record.getMessage()}")

    handler = Collect()
    logging.getLogger("asyncio").addHandler(handler)
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            yield found
            gc.collect()
        found.extend(f"{w.category.__name__}: {w.message}" for w in caught)
    finally:
        logging.getLogger("asyncio").removeHandler(handler)


def assert_names_client_and_loop(error: BaseException) -> None:
    assert isinstance(error, ProductAnalyticsError)
    assert "AsyncClient" in str(error)
    assert "event loop" in str(error)


def in_thread(function: Callable[[], Any]) -> Any:
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["result"] = function()
        except BaseException as exc:
            box["error"] = exc

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(30)
    if "error" in box:
        raise box["error"]
    return box.get("result")


async def test_a_client_used_from_a_thread_with_its_own_loop(hostile: HostileServer) -> None:
    hostile.route(raw_json(role()))
    async with client_of(hostile) as client:
        await client.roles.get(id="r1")

        async def use() -> BaseException | None:
            try:
                await client.roles.get(id="r1")
            except BaseException as exc:
                return exc
            return None

        with complaints() as found:
            error = await asyncio.to_thread(in_thread, lambda: asyncio.run(use()))
        assert error is not None
        assert_names_client_and_loop(error)
        assert found == []
        assert hostile.count() == 1  # nothing sent from the other loop
        assert (await client.roles.get(id="r1")).id == "r1"  # still fine on its own loop


async def test_closing_from_another_live_loop_is_refused(hostile: HostileServer) -> None:
    hostile.route(raw_json(role()))
    client = client_of(hostile)
    await client.roles.get(id="r1")
    with pytest.raises(ProductAnalyticsError) as info:
        await asyncio.to_thread(in_thread, lambda: asyncio.run(client.close()))
    assert_names_client_and_loop(info.value)
    assert not client.closed
    await client.close()


async def test_a_client_never_used_may_start_on_any_loop(hostile: HostileServer) -> None:
    hostile.route(raw_json(role()))
    client = client_of(hostile)

    async def use_and_close() -> str:
        async with client:
            return (await client.roles.get(id="r1")).id or ""

    assert await asyncio.to_thread(in_thread, lambda: asyncio.run(use_and_close())) == "r1"


async def test_a_client_goes_with_its_loop_to_another_thread(hostile: HostileServer) -> None:
    """The loop a client first ran on is still its loop when it runs in another thread."""
    hostile.route(raw_json(role()))
    client = client_of(hostile)
    loop = asyncio.new_event_loop()

    done, release = threading.Event(), threading.Event()
    got: list[str] = []

    def get() -> str:
        return loop.run_until_complete(client.roles.get(id="r1")).id or ""

    def first() -> None:  # alive until released, so the next thread has another identity
        got.append(get())
        done.set()
        release.wait(30)

    holder = threading.Thread(target=first)
    holder.start()
    try:
        await asyncio.to_thread(done.wait, 30)
        got.append(await asyncio.to_thread(in_thread, get))
        await asyncio.to_thread(in_thread, lambda: loop.run_until_complete(client.close()))
    finally:
        release.set()
        holder.join(30)
        loop.close()
    assert got == ["r1", "r1"]
    assert hostile.count() == 2


@pytest.mark.parametrize("same_thread", [False, True], ids=["another thread", "same thread"])
def test_a_client_used_again_in_a_later_asyncio_run(same_thread: bool) -> None:
    """The common mistake: one client, two `asyncio.run` calls (one after the other in a
    thread, or each in its own). The second raises the SDK's error, and closing the client
    there gives no warning about the first loop's connections and lets them go: none is
    kept open once collected."""

    async def scenario() -> list[str]:
        from tests.hardening.hostile_server import hostile_server

        async with hostile_server() as server:
            server.route(raw_json(role()))
            client = client_of(server)

            async def first() -> None:
                await client.roles.get(id="r1")

            async def second() -> BaseException | None:
                try:
                    await client.roles.get(id="r1")
                except BaseException as exc:
                    return exc
                finally:
                    await client.close()
                return None

            def both() -> BaseException | None:
                asyncio.run(first())
                return asyncio.run(second())

            if same_thread:
                error = await asyncio.to_thread(in_thread, both)
            else:
                await asyncio.to_thread(in_thread, lambda: asyncio.run(first()))
                error = await asyncio.to_thread(in_thread, lambda: asyncio.run(second()))
            assert error is not None
            assert_names_client_and_loop(error)
            assert client.closed
            assert server.count() == 1
            gc.collect()
            for _ in range(200):  # the server notices each closed connection in a loop turn
                if server.open_connections() == 0:
                    break
                await asyncio.sleep(0.01)
            assert server.open_connections() == 0
            return []

    with complaints() as found:
        asyncio.run(scenario())
    assert [f for f in found if "nclosed client session" in f or "nclosed connector" in f] == []


# -- fork ---------------------------------------------------------------------------------


def _in_child(held: list[AsyncClient], queue: Any, close: bool) -> None:
    report: dict[str, Any] = {}
    with complaints() as found:

        async def use() -> None:
            client = held[0]
            try:
                await client.roles.get(id="r1")
                report["error"] = None
            except BaseException as exc:
                report["error"] = (
                    type(exc).__name__,
                    str(exc),
                    isinstance(exc, ProductAnalyticsError),
                )
            if close:
                await client.close()
                report["closed"] = client.closed

        asyncio.run(use())
        held.clear()  # dropped here: collected before the complaints are counted
    report["complaints"] = found
    queue.put(report)


@pytest.mark.parametrize("close", [True, False], ids=["closed-in-child", "dropped-in-child"])
async def test_a_client_used_after_fork(hostile: HostileServer, close: bool) -> None:
    hostile.route(raw_json(role()))
    async with client_of(hostile) as client:
        await client.roles.get(id="r1")
        context = multiprocessing.get_context("fork")
        queue = context.Queue()
        child = context.Process(target=_in_child, args=([client], queue, close))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # fork() with threads, 3.12+
            child.start()
        report = await asyncio.to_thread(queue.get, True, 30)
        await asyncio.to_thread(child.join, 30)
        assert child.exitcode == 0
        name, message, typed = report["error"]
        assert typed, name
        for word in ("AsyncClient", "event loop", "fork"):
            assert word in message
        assert report["complaints"] == []
        if close:
            assert report["closed"] is True
        assert hostile.count() == 1  # the child sent nothing
        # The child let the inherited connection be: the parent's goes on working.
        assert (await client.roles.get(id="r1")).id == "r1"
        assert hostile.count() == 2


async def test_a_client_never_used_before_fork_works_in_the_child(hostile: HostileServer) -> None:
    hostile.route(raw_json(role()))
    client = client_of(hostile)
    context = multiprocessing.get_context("fork")
    queue = context.Queue()

    def child_main(q: Any) -> None:
        async def use() -> str:
            async with client:
                return (await client.roles.get(id="r1")).id or ""

        q.put(asyncio.run(use()))

    child = context.Process(target=child_main, args=(queue,))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        child.start()
    assert await asyncio.to_thread(queue.get, True, 30) == "r1"
    await asyncio.to_thread(child.join, 30)
    async with client:
        assert (await client.roles.get(id="r1")).id == "r1"
