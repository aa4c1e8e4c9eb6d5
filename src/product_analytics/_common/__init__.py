"""Small utilities the whole package may use: warnings given once (`warn`), the
`product_analytics` logger (`log`), running coroutines within a bound (`pool`) and API key
scopes (`scopes`). They import nothing of the package but `errors` and `_version`.
"""
