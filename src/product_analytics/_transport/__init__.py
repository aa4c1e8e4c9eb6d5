"""The transport seam: the two-method `Transport` protocol and what crosses it (`base`), and
where a request goes, proxies and TLS, without aiohttp (`network`). The aiohttp adapter
itself is `product_analytics._aiohttp`, above the generated code whose spec version its
User-Agent names. This layer may import `_http`, `_spec`, `_common`, `errors` and `_version`.
"""
