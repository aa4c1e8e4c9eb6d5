"""Sending a call: the client's settings (`config`), when to retry (`retry`, its `decide` is
pure), client-side rate limits and throttle pauses (`throttle`), a call as its attempts go
(`call`), the timer that ends hops that outlive their time (`watchdog`), the counters
(`stats`) and `Session`, the one path that sends a call through the transport (`session`).
It may import `_transport`, `_http`, `_spec`, `_common`, `errors` and `_version`.
"""
