"""One worker process of the shared-throttle scenario: `python -m
tests.support.shared_store_worker BASE_URL API_KEY STORE COUNT LIMIT PER` fetches COUNT
recordings with `get_many` through a client with `rate_limit=RateLimit(LIMIT, per=PER)` and
`throttle_store=STORE` ("-" for none), and prints one JSON line (after "ready", once "go"
comes on its input): fetched, errors, the 429s it met, and its seconds."""

from __future__ import annotations

import asyncio
import json
import sys
import time

from product_analytics import AsyncClient, RateLimit


async def work(base_url: str, api_key: str, store: str, count: int, limit: int, per: int) -> None:
    started = time.monotonic()
    async with AsyncClient(
        api_key=api_key,
        base_url=base_url,
        project_id=7,
        max_retries=8,
        rate_limit=RateLimit(limit, per=per),
        throttle_store=None if store == "-" else store,
    ) as client:
        ids = [f"drf-rec-{i:05d}" for i in range(count)]
        print("ready", flush=True)  # imports done: start with the others, on "go"
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
        started = time.monotonic()
        found = await client.session_recordings.get_many(ids=ids, return_exceptions=True)
        errors = [repr(item) for item in found if isinstance(item, BaseException)]
        print(
            json.dumps(
                {
                    "fetched": len(found) - len(errors),
                    "errors": errors[:3],
                    "error_count": len(errors),
                    "throttled": client.stats.throttled,
                    "seconds": time.monotonic() - started,
                }
            )
        )


if __name__ == "__main__":
    base_url, api_key, store, count, limit, per = sys.argv[1:7]
    asyncio.run(work(base_url, api_key, store, int(count), int(limit), int(per)))
