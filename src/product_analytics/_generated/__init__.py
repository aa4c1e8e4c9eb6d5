# GENERATED FILE: do not edit by hand.
# Source: spec/openapi.yaml (version 1.0.0, sha256 bc917c7eb7f0214464f10fb2d733b8f00cbed9a6eb1857f1851d47b86be0c345),
# by codegen 2.0.0. Regenerate with `make generate`.
"""Modules generated from the spec; never edited by hand."""

# SHA-256 of the spec file these modules were generated from.
SPEC_SHA256 = "bc917c7eb7f0214464f10fb2d733b8f00cbed9a6eb1857f1851d47b86be0c345"
# The spec's `info.version`.
SPEC_VERSION = "1.0.0"
# What the client's User-Agent says of the spec: its version and SHA-256 prefix.
SPEC_USER_AGENT = "spec/1.0.0+bc917c7eb7f0"
# The version of codegen/ that wrote them.
GENERATOR_VERSION = "2.0.0"
