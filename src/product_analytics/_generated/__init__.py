# GENERATED FILE: do not edit by hand.
# Source: spec/openapi.yaml (version 1.0.0),
# sha256 3b0a2afa72fb1d3c166f6a51a5de69b6d3bc9a2d8134b6504d565128a954a914,
# by codegen 3.0.0. Regenerate with `make generate`.
"""Modules generated from the spec; never edited by hand."""

# SHA-256 of the spec file these modules were generated from.
SPEC_SHA256 = "3b0a2afa72fb1d3c166f6a51a5de69b6d3bc9a2d8134b6504d565128a954a914"
# The spec's `info.version`.
SPEC_VERSION = "1.0.0"
# What the client's User-Agent says of the spec: its version and SHA-256 prefix.
SPEC_USER_AGENT = "spec/1.0.0+3b0a2afa72fb"
# The version of codegen/ that wrote them.
GENERATOR_VERSION = "3.0.0"
