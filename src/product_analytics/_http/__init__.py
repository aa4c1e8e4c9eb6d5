"""Pure request and answer code, with no I/O: building a request from an operation and its
arguments (`wire`, with `multipart` bodies), decoding an answer into a result or a typed error
(`decode`), and where a redirect or a list page's `next` link leads (`links`). It may import
`_spec`, `_common`, `errors` and `_version`.
"""
