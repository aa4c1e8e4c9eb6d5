# GENERATED FILE: do not edit by hand.
# Source: spec/openapi.yaml (version 1.0.0, sha256 5f7898613c99397e4c45a3c003229999d9f217947b2f32bcd96287ed87f4ec74),
# by codegen 2.4.0. Regenerate with `make generate`.
"""Modules generated from the spec; never edited by hand."""

# SHA-256 of the spec file these modules were generated from.
SPEC_SHA256 = "5f7898613c99397e4c45a3c003229999d9f217947b2f32bcd96287ed87f4ec74"
# The spec's `info.version`.
SPEC_VERSION = "1.0.0"
# What the client's User-Agent says of the spec: its version and SHA-256 prefix.
SPEC_USER_AGENT = "spec/1.0.0+5f7898613c99"
# The version of codegen/ that wrote them.
GENERATOR_VERSION = "2.4.0"
