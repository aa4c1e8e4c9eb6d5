# GENERATED FILE: do not edit by hand.
# Source: spec/openapi.yaml (version 1.0.0, sha256 b3f6dfcbf77345cda2d8f90b6cbcc04849046229467546931b086f45ee7601f0),
# by codegen 2.0.0. Regenerate with `make generate`.
"""Modules generated from the spec; never edited by hand."""

# SHA-256 of the spec file these modules were generated from.
SPEC_SHA256 = "b3f6dfcbf77345cda2d8f90b6cbcc04849046229467546931b086f45ee7601f0"
# The spec's `info.version`.
SPEC_VERSION = "1.0.0"
# What the client's User-Agent says of the spec: its version and SHA-256 prefix.
SPEC_USER_AGENT = "spec/1.0.0+b3f6dfcbf773"
# The version of codegen/ that wrote them.
GENERATOR_VERSION = "2.0.0"
