"""What the spec's declarations are made of: the description of one operation
(`operation`), and the bases of the generated models (`model`) and enums (`enums`). The
generated code is data built from these. They may import `_common`, `errors` and `_version`.
"""
