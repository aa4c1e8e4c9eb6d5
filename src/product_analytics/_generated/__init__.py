# GENERATED FILE: do not edit by hand.
# Source: spec/openapi.yaml (version 1.0.0, sha256 dee29b0614814d1645d849feefd07a4daf13408ffe8751f4ad7ca42b0b3556b0),
# by codegen 2.0.0. Regenerate with `make generate`.
"""Modules generated from the spec; never edited by hand."""

# SHA-256 of the spec file these modules were generated from.
SPEC_SHA256 = "dee29b0614814d1645d849feefd07a4daf13408ffe8751f4ad7ca42b0b3556b0"
# The spec's `info.version`.
SPEC_VERSION = "1.0.0"
# What the client's User-Agent says of the spec: its version and SHA-256 prefix.
SPEC_USER_AGENT = "spec/1.0.0+dee29b061481"
# The version of codegen/ that wrote them.
GENERATOR_VERSION = "2.0.0"
