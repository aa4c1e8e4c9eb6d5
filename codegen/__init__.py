"""The SDK generator: spec/openapi.yaml in, generated modules of product_analytics out.

`python -m codegen` runs `generate.py`. Reading the spec (pure, into `records.py`):
`spec.py` reads every operation and checks what spans operations, `operation.py` reads one,
with `params.py` (path and query parameters), `request_body.py`, `responses.py`,
`security.py` (scopes, personal keys), `throttles.py`, `naming.py` (resource and method
names), `batch.py` (`x-sdk-batch`) and `schema.py` (`$ref`s and annotations); `source.py`
holds the parsed file and its problems, `validate.py` the checks of the whole document.
Writing: `templating.py` and `templates/` (operations and resources), `bodies.py` (shared
body `TypedDict`s), `modelgen.py` (models) and `split.py` (a large spec's lazy modules).
Reporting (`--changes`): `public_api.py` reads a generated package's public API with griffe,
`changes.py` compares two of them (pure) into breaking and compatible changes.
"""

# Recorded in every generated file's header; bump it when the output changes shape.
GENERATOR_VERSION = "3.1.0"
