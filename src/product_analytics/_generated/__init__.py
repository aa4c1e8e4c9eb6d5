# GENERATED FILE: do not edit by hand.
# Source: spec/openapi.yaml (version 1.0.0),
# sha256 17e7f08182605c7dfc196a866450f90a0e0ae9c571033d382b5da0c75be2576f,
# by codegen 2.4.0. Regenerate with `make generate`.
"""Modules generated from the spec; never edited by hand."""

# SHA-256 of the spec file these modules were generated from.
SPEC_SHA256 = "17e7f08182605c7dfc196a866450f90a0e0ae9c571033d382b5da0c75be2576f"
# The spec's `info.version`.
SPEC_VERSION = "1.0.0"
# What the client's User-Agent says of the spec: its version and SHA-256 prefix.
SPEC_USER_AGENT = "spec/1.0.0+17e7f0818260"
# The version of codegen/ that wrote them.
GENERATOR_VERSION = "2.4.0"
