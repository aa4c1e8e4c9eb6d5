"""What the generated code stands on: `RawResponse` (`raw_response`), `Page` and `Pager`
(`pagination`), `get_many`'s engine (`bulk`) and the base of the generated resource methods
(`resource`). It may import every layer below it: `_sending`, `_transport`, `_http`, `_spec`,
`_common`, `errors` and `_version`; never `_generated` or the client.
"""
