# GENERATED FILE: do not edit by hand.
# Source: spec/openapi.yaml (version 1.0.0),
# sha256 35835581df59e85439467d5f9f47e0a172c96dc9cbb58f4874325803475177ce,
# by codegen 3.1.0. Regenerate with `make generate`.
"""Modules generated from the spec; never edited by hand."""

# SHA-256 of the spec file these modules were generated from.
SPEC_SHA256 = "35835581df59e85439467d5f9f47e0a172c96dc9cbb58f4874325803475177ce"
# The spec's `info.version`.
SPEC_VERSION = "1.0.0"
# What the client's User-Agent says of the spec: its version and SHA-256 prefix.
SPEC_USER_AGENT = "spec/1.0.0+35835581df59"
# The version of codegen/ that wrote them.
GENERATOR_VERSION = "3.1.0"
