# GENERATED FILE: do not edit by hand.
# Source: spec/openapi.yaml (version 1.0.0),
# sha256 f0e2e3bd440c491b2edb8bd653c3535b2749201c34eee12d5f57128a4bcf7b2e,
# by codegen 3.1.0. Regenerate with `make generate`.
"""Modules generated from the spec; never edited by hand."""

# SHA-256 of the spec file these modules were generated from.
SPEC_SHA256 = "f0e2e3bd440c491b2edb8bd653c3535b2749201c34eee12d5f57128a4bcf7b2e"
# The spec's `info.version`.
SPEC_VERSION = "1.0.0"
# What the client's User-Agent says of the spec: its version and SHA-256 prefix.
SPEC_USER_AGENT = "spec/1.0.0+f0e2e3bd440c"
# The version of codegen/ that wrote them.
GENERATOR_VERSION = "3.1.0"
